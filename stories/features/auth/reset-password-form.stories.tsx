import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form';
import { AppFrame } from '../../support/app-frame.tsx';

const meta = {
  title: 'Features/Auth/ResetPasswordForm',
  component: ResetPasswordForm,
  decorators: [(Story) => <AppFrame path="/reset-password"><Story /></AppFrame>],
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/*/account/password/resetSend', () => HttpResponse.json({ ok: true })),
        http.patch('*/api/*/account/password/reset', async ({ request }) => {
          const body = (await request.json()) as { key: string };
          return body.key === 'good-code'
            ? HttpResponse.json({ ok: true })
            : HttpResponse.json({ message: 'This reset link is invalid or has expired; please request a new one.' }, { status: 422 });
        }),
      ],
    },
  },
} satisfies Meta<typeof ResetPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The email, then where to look for the link: nobody types a code (the key travels in the link). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('ada@example.com{Enter}');
    await expect(await canvas.findByText('Check your email')).toBeInTheDocument();
    await expect(canvas.getByText(/valid for 2 hours/)).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
};

/** Opened from the emailed link: the new password twice, the key sent with it unseen. */
export const WithEmailedLink: Story = {
  args: { emailedKey: 'good-code' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('New password'), 'secret-2');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'secret-2{Enter}');
    await expect(await canvas.findByText('Your password has been changed.')).toBeInTheDocument();
  },
};

/** A used or expired link: what the server says, and the way to a new link. */
export const ExpiredLink: Story = {
  args: { emailedKey: 'old-code' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password'), 'secret-2');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'secret-2{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired');
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  },
};

export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send the link' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required.'), { timeout: 5000 });
  },
};
