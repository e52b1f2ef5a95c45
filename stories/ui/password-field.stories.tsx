import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from '#ui/password-field';

const meta = {
  title: 'UI/PasswordField',
  component: PasswordField,
  args: { label: 'Password', name: 'password' },
  decorators: [(Story) => <div className="w-72"><Story /></div>],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('secret1');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('secret1');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Password')).toBeDisabled();
    await expect(within(canvasElement).getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

export const Validation: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    description: 'At least 6 characters.',
    validationBehavior: 'aria',
    validate: (v) => (v.length >= 6 ? null : 'Password must be at least 6 characters'),
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('New password');
    await userEvent.tab();
    await userEvent.keyboard('abc');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Password must be at least 6 characters/);
  },
};
