import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { Profile } from '#features/account/components/profile';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from './fixtures.ts';
import { countryList } from './handlers.ts';

const quickList = http.get('*/api/*/account/quick/list', () =>
  HttpResponse.json([
    { channel: 'google', name: 'Google', linked: true },
    { channel: 'github', name: 'GitHub', linked: false },
  ]),
);
const user = storyCustomer();
const providers = [
  { channel: 'google', name: 'Google' },
  { channel: 'github', name: 'GitHub' },
];

/** The profile page's whole column: picture, details, email, sign-in methods, deleting the account. */
const meta = {
  title: 'Features/Account/Profile',
  component: Profile,
  args: { user, returnTo: '/user/account/profile' },
  decorators: [(Story, { args }) => <AppFrame path="/user/account/profile" session={storySession(args.user, { quickLogin: providers })} wide><Story /></AppFrame>],
  parameters: { msw: { handlers: [countryList, quickList, http.patch('*/api/*/account/me', () => HttpResponse.json(user))] } },
} satisfies Meta<typeof Profile>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An activated account with Google linked: every section filled in. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Unlink Google')).toBeInTheDocument();
    await expect(canvas.getByText('Delete your account')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('Dana')).toBeInTheDocument();
  },
};

/** A new account: the email still to activate, nothing linked, details empty. */
export const NewAccount: Story = {
  args: { user: storyCustomer({ activationEmail: 'dana@example.com', firstName: null, lastName: null, company: null, title: null, industry: null, phone: null }) },
  parameters: { msw: { handlers: [countryList, http.get('*/api/*/account/quick/list', () => HttpResponse.json([{ channel: 'google', name: 'Google', linked: false }]))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Link Google')).toBeInTheDocument();
    await expect(canvas.getByText('Send the activation email again')).toBeInTheDocument();
  },
};

/** No quick-login provider configured: no sign-in methods section at all. */
export const NoProvidersConfigured: Story = {
  decorators: [(Story, { args }) => <AppFrame path="/user/account/profile" session={storySession(args.user)} wide><Story /></AppFrame>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Delete your account')).toBeInTheDocument();
    await expect(canvas.queryByText('Sign-in methods')).not.toBeInTheDocument();
  },
};
