import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from '#ui/checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { children: 'Remember me', onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
  },
};

export const Checked: Story = { args: { defaultSelected: true, children: 'Send me order updates' } };

export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: 'Select all files' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Select all files' })).toHaveProperty('indeterminate', true);
  },
};

export const WithDescription: Story = {
  args: { children: 'Sand and polish', description: 'Adds 1 working day.' },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await expect(box).toBeDisabled();
    await userEvent.tab();
    await expect(box).not.toHaveFocus();
  },
};

export const Validation: Story = {
  args: { children: 'I accept the terms of service', name: 'terms', isRequired: true, validationBehavior: 'aria', isInvalid: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I accept the terms of service' });
    await userEvent.tab();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};
