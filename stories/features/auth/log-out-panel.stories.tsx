import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LogOutPanel } from '#features/auth/components/log-out-panel';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from '../account/fixtures.ts';

const meta = {
  title: 'Features/Auth/LogOutPanel',
  component: LogOutPanel,
  decorators: [(Story) => <AppFrame path="/clearToken"><Story /></AppFrame>],
} satisfies Meta<typeof LogOutPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /clearToken signed in: signs out here and on the server, then says so with the ways on. */
export const SignedOut: Story = {
  decorators: [(Story) => <AppFrame path="/clearToken" session={storySession(storyCustomer())}><Story /></AppFrame>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You are signed out.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Log in again' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'get an instant quote' })).toBeInTheDocument();
  },
};

/** While the server revokes the token: a polite status. */
export const SigningOut: Story = {
  decorators: [
    (Story) => (
      <AppFrame path="/clearToken" session={storySession(storyCustomer(), { signOut: () => new Promise<void>(() => {}) })}>
        <Story />
      </AppFrame>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Signing you out…');
  },
};

/** Opened when already signed out (a second tab, the back button): the same outcome. */
export const AlreadySignedOut: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You are signed out.')).toBeInTheDocument();
  },
};
