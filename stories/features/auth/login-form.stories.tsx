import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse, delay } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoginForm } from '#features/auth/components/login-form';
import { AppFrame } from '../../support/app-frame.tsx';

const login = '*/api/*/account/login';

const meta = {
  title: 'Features/Auth/LoginForm',
  component: LoginForm,
  args: { onSignedIn: fn(), onMessage: fn() },
  decorators: [(Story) => <AppFrame path="/login"><Story /></AppFrame>],
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { msw: { handlers: [http.post(login, () => HttpResponse.json({ accessToken: 'token', expiresIn: 3600 }))] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('secret-1{Enter}');
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledOnce());
    await expect(args.onMessage).toHaveBeenCalledWith('Sign In successfully.');
  },
};

export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required.'), { timeout: 5000 });
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    await userEvent.keyboard('not-an-email');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address.');
  },
};

/**
 * The form with its errors under forced colours (Windows high contrast; the test-runner emulates it):
 * borders, the focus ring and the error text keep their shape in system colours (issue 19, item 2).
 */
export const ForcedColoursWithErrors: Story = {
  globals: { forcedColors: 'active' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is required.');
    // Forced colours paint the text caret in a system colour that hiding it for the screenshot does
    // not reach, and it blinks: the picture is of the colours, so the field lets go of the focus.
    canvas.getByRole('textbox', { name: 'Email' }).blur();
  },
};

export const WrongPassword: Story = {
  parameters: {
    msw: { handlers: [http.post(login, () => HttpResponse.json({ message: 'The email or password is incorrect.' }, { status: 422 }))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'wrong{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
  },
};

export const NotActivated: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(login, () => HttpResponse.json({ message: 'Please activate your account through the link we emailed to you.' }, { status: 403 })),
        http.post('*/api/*/account/activeEmail', () => HttpResponse.json({ ok: true, message: 'If this email is waiting for activation, we have sent the activation link again.' })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret-1{Enter}');
    const resend = await canvas.findByRole('button', { name: 'Send the activation email again' });
    await userEvent.click(resend);
    await expect(await canvas.findByRole('status')).toHaveTextContent('we have sent the activation link again');
  },
};

export const Pending: Story = {
  parameters: { msw: { handlers: [http.post(login, async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret-1{Enter}');
    await expect(await canvas.findByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};
