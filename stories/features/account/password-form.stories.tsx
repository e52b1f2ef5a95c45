import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordForm } from '#features/account/components/password-form';
import { AppFrame } from '../../support/app-frame.tsx';

const reset = '*/api/*/account/password/reset';

const meta = {
  title: 'Features/Account/PasswordForm',
  component: PasswordForm,
  args: { hasPassword: true },
  decorators: [(Story) => <AppFrame path="/user/account/password"><Story /></AppFrame>],
  parameters: { msw: { handlers: [http.patch(reset, () => HttpResponse.json({ ok: true, message: 'Your password has been changed.' }))] } },
} satisfies Meta<typeof PasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement, current: string, next: string, again: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Current password'), current);
  await userEvent.type(canvas.getByLabelText('New password'), next);
  await userEvent.type(canvas.getByLabelText('Confirm new password'), again);
  await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
}

export const Default: Story = {};

export const Validation: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'old-one', 'short', 'other');
    await expect(within(canvasElement).getByText('Password must be at least 6 characters.')).toBeInTheDocument();
    await expect(within(canvasElement).getByText('Passwords must match.')).toBeInTheDocument();
  },
};

export const WrongCurrentPassword: Story = {
  parameters: {
    msw: { handlers: [http.patch(reset, () => HttpResponse.json({ message: 'The current password is incorrect.', errors: { oldPassword: ['The current password is incorrect.'] } }, { status: 422 }))] },
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'wrong-one', 'secret-22', 'secret-22');
    await expect(await within(canvasElement).findByText('The current password is incorrect.')).toBeInTheDocument();
  },
};

export const Changed: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'old-one', 'secret-22', 'secret-22');
    await expect(await within(canvasElement).findByText(/Your password has been changed\./)).toBeInTheDocument();
  },
};

export const Pending: Story = {
  parameters: { msw: { handlers: [http.patch(reset, async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'old-one', 'secret-22', 'secret-22');
    await expect(await within(canvasElement).findByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};

/** An account made through quick login: no password to change yet. */
export const NoPasswordYet: Story = {
  args: { hasPassword: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Set a password by email' })).toHaveAttribute('href', '/reset-password');
  },
};
