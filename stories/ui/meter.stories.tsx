import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Meter } from '#ui/meter';

const meta = {
  title: 'UI/Meter',
  component: Meter,
  args: { label: 'Points to Gold membership', value: 1200, maxValue: 2000, formatOptions: { style: 'decimal' } },
} satisfies Meta<typeof Meter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Points to Gold membership' });
    await expect(meter).toHaveAttribute('aria-valuenow', '1200');
  },
};

export const Warning: Story = {
  args: { label: 'Project storage used', value: 92, maxValue: 100, warningAt: 80, formatOptions: { style: 'percent' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('meter', { name: 'Project storage used' })).toHaveAttribute('aria-valuetext', '92%');
  },
};
