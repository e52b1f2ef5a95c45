import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { create, enforce, test } from 'vest';
import { Button } from '#ui/button';
import { Checkbox } from '#ui/checkbox';
import { Form, vestErrors, type FieldErrors } from '#ui/form';
import { PasswordField } from '#ui/password-field';
import { TextField } from '#ui/text-field';

/** A suite like the ones features/ will hold: the same rules the server runs. */
const signUpSuite = create((data: { username: string; email: string; password: string }) => {
  test('username', 'User name must be 2 to 12 characters', () => {
    enforce(data.username).longerThanOrEquals(2).shorterThanOrEquals(12);
  });
  test('email', 'Please enter a valid email address', () => {
    enforce(data.email).matches(/^\S+@\S+\.\S+$/);
  });
  test('password', 'Password must be at least 6 characters', () => {
    enforce(data.password).longerThanOrEquals(6);
  });
});

function SignUpForm({ onValid, initialErrors }: { onValid: (data: Record<string, string>) => void; initialErrors?: FieldErrors }) {
  const [errors, setErrors] = useState<FieldErrors>(initialErrors ?? {});
  return (
    <Form
      className="flex w-80 flex-col gap-4"
      validationErrors={errors}
      onSubmit={async (e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget)) as { username: string; email: string; password: string };
        const result = await signUpSuite.run(data);
        const next = vestErrors(result);
        setErrors(next);
        if (Object.keys(next).length === 0) onValid(data);
      }}
    >
      <TextField label="User name" name="username" description="2 to 12 characters." />
      <TextField label="Email" name="email" type="email" />
      <PasswordField label="Password" name="password" autoComplete="new-password" description="At least 6 characters." />
      <Checkbox name="news">Send me offers by email</Checkbox>
      <Button type="submit" className="self-start">Create account</Button>
    </Form>
  );
}

const meta = {
  title: 'UI/Form',
  component: SignUpForm,
  args: { onValid: fn() },
} satisfies Meta<typeof SignUpForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('ada');
    await userEvent.tab();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('secret1{Enter}');
    await waitFor(() => expect(args.onValid).toHaveBeenCalledWith({ username: 'ada', email: 'ada@example.com', password: 'secret1' }));
    await expect(canvas.getByRole('textbox', { name: 'User name' })).not.toHaveAttribute('aria-invalid');
  },
};

/** Submitting runs the vest suite; each field shows its own errors and keeps the typed value. */
export const Validation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('a');
    await userEvent.tab();
    await userEvent.keyboard('ada@');
    await userEvent.tab();
    await userEvent.keyboard('abc{Enter}');
    const username = canvas.getByRole('textbox', { name: 'User name' });
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    await expect(username).toHaveAccessibleDescription(/User name must be 2 to 12 characters/);
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await expect(args.onValid).not.toHaveBeenCalled();
  },
};

/** Errors from the server (same shape) shown before any edit, e.g. "already registered". */
export const ServerErrors: Story = {
  args: { initialErrors: { email: 'The email is already registered; activate it via email.' } },
  play: async ({ canvasElement }) => {
    const email = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('The email is already registered; activate it via email.');
  },
};
