import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Slider } from '#ui/slider';

const meta = {
  title: 'UI/Slider',
  component: Slider,
  args: { label: 'Hardness (Shore A)', minValue: 30, maxValue: 90, step: 5, defaultValue: 70, minLabel: '30 soft', maxLabel: '90 hard', onChange: fn() },
} satisfies Meta<typeof Slider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Hardness (Shore A)' });
    await expect(slider).toHaveValue('70');
    await userEvent.tab();
    await expect(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(slider).toHaveValue('75');
    await expect(args.onChange).toHaveBeenLastCalledWith(75);
    await userEvent.keyboard('{Home}');
    await expect(slider).toHaveValue('30');
  },
};

export const Range: Story = {
  args: { label: 'Price range (USD)', minValue: 0, maxValue: 1000, step: 10, defaultValue: [100, 600], thumbLabels: ['Minimum', 'Maximum'], minLabel: undefined, maxLabel: undefined, formatOptions: { style: 'currency', currency: 'USD', maximumFractionDigits: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('slider', { name: /Minimum/ })).toHaveValue('110');
    await userEvent.tab();
    await expect(canvas.getByRole('slider', { name: /Maximum/ })).toHaveFocus();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider', { name: 'Hardness (Shore A)' })).toBeDisabled();
  },
};
