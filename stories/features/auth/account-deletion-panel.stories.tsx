import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AccountDeletionPanel } from '#features/auth/components/log-out-panel';
import { AppFrame } from '../../support/app-frame.tsx';

const check = (answer: { state: string; expiresAt: string | null; message: string | null }) => http.post('*/api/*/account/deletion/check', () => HttpResponse.json(answer));
const valid = check({ state: 'valid', expiresAt: '2026-05-02T10:00:00.000Z', message: null });

const meta = {
  title: 'Features/Auth/AccountDeletionPanel',
  component: AccountDeletionPanel,
  args: { deletionKey: 'key' },
  decorators: [(Story) => <AppFrame path="/account-delete"><Story /></AppFrame>],
  parameters: { msw: { handlers: [valid, http.post('*/api/*/account/deletion/confirm', () => HttpResponse.json({ ok: true, message: 'Your account has been deleted.' }))] } },
} satisfies Meta<typeof AccountDeletionPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opening the emailed link asks for the button: a mail scanner opening it deletes nothing. */
export const AsksToConfirm: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  },
};

export const Deleted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete my account' }));
    await expect(await canvas.findByText('Your account has been deleted and you are signed out everywhere.')).toBeInTheDocument();
  },
};

export const Checking: Story = {
  parameters: { msw: { handlers: [http.post('*/api/*/account/deletion/check', async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking your link…');
  },
};

export const Expired: Story = {
  parameters: { msw: { handlers: [check({ state: 'expired', expiresAt: null, message: 'This deletion link has expired; please ask again from your profile.' })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This deletion link has expired');
  },
};

export const AlreadyUsed: Story = {
  parameters: { msw: { handlers: [check({ state: 'used', expiresAt: null, message: 'This deletion link has already been used.' })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This deletion link has already been used.');
  },
};

export const NoKey: Story = {
  args: { deletionKey: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The link is incomplete');
  },
};
