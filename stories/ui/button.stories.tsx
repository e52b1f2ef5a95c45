import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '#ui/button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Get instant quote', onPress: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'quiet', 'destructive'] } },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Get instant quote' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Add to cart' } };
export const Quiet: Story = { args: { variant: 'quiet', children: 'Remove file' } };
export const Destructive: Story = { args: { variant: 'destructive', children: 'Delete project' } };

export const Disabled: Story = {
  args: { isDisabled: true, children: 'Checkout' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Checkout' });
    await expect(button).toBeDisabled();
    await userEvent.tab();
    await expect(button).not.toHaveFocus();
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true, children: 'Pay now' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: /Pay now/ });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(within(canvasElement).getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};
