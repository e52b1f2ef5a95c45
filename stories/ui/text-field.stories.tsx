import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from '#ui/text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', name: 'email', type: 'email', onChange: fn() },
  decorators: [(Story) => <div className="w-72"><Story /></div>],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await expect(input).toHaveValue('ada@example.com');
    await expect(args.onChange).toHaveBeenLastCalledWith('ada@example.com');
  },
};

export const WithDescription: Story = {
  args: { label: 'User name', name: 'username', type: 'text', description: '2 to 12 characters.', placeholder: 'ada' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'User name' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(input).toHaveAccessibleDescription('2 to 12 characters.');
  },
};

export const Multiline: Story = {
  args: { label: 'Comment', name: 'comment', type: undefined, isMultiline: true, description: 'Anything the workshop should know.' },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Comment' });
    await userEvent.tab();
    await userEvent.keyboard('Deburr edges{Enter}Matte finish');
    await expect(area).toHaveValue('Deburr edges\nMatte finish');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'ada@example.com' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toBeDisabled();
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};

export const Validation: Story = {
  args: { isRequired: true, validationBehavior: 'aria', validate: (v) => (/^\S+@\S+$/.test(v) ? null : 'Please enter a valid email address') },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.tab();
    await userEvent.keyboard('ada');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  },
};
