import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfileForm } from '#features/account/components/profile-form';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from './fixtures.ts';
import { countryList } from './handlers.ts';

const user = storyCustomer();

const meta = {
  title: 'Features/Account/ProfileForm',
  component: ProfileForm,
  args: { user },
  decorators: [(Story) => <AppFrame path="/user/account/profile" session={storySession(user)} wide><Story /></AppFrame>],
  parameters: { msw: { handlers: [countryList, http.patch('*/api/*/account/me', () => HttpResponse.json(user))] } },
} satisfies Meta<typeof ProfileForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'User name' })).toHaveValue('dana');
  },
};

/** The shared profile rules: user name 2–12, a title and an industry from the lists, a phone number. */
export const Validation: Story = {
  args: { user: storyCustomer({ title: null, industry: null }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const username = canvas.getByRole('textbox', { name: 'User name' });
    await userEvent.clear(username);
    await userEvent.type(username, 'd');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(username).toHaveAccessibleDescription(expect.stringContaining('User name must be 2 to 12 characters.')), { timeout: 5000 });
    await expect(canvas.getByText('Please select a title.')).toBeInTheDocument();
    await expect(canvas.getByText('Please select an industry.')).toBeInTheDocument();
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Your details have been saved.')).toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: {
    msw: { handlers: [countryList, http.patch('*/api/*/account/me', () => HttpResponse.json({ message: 'Unexpected error, please contact customer service.' }, { status: 500 }))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unexpected error, please contact customer service.');
  },
};

export const Pending: Story = {
  parameters: { msw: { handlers: [countryList, http.patch('*/api/*/account/me', async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};
