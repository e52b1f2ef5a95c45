import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusBadge } from '#ui/status-badge';

const meta = {
  title: 'UI/StatusBadge',
  component: StatusBadge,
  args: { children: 'In production' },
} satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('In production')).toBeVisible();
  },
};

const orderStatuses = ['Pending payment', 'Awaiting transfer', 'Paid', 'In production', 'Shipped', 'Delivered', 'Cancelled', 'Refunded'];
const paymentStatuses = ['Unpaid', 'Processing', 'Paid', 'Failed', 'Declined', 'Partially refunded'];
const otherStatuses = ['Draft', 'Quoted', 'In review', 'Completed', 'Expired'];

/** Every status the library knows: each its own icon shape and a tone; the words carry the status, colour and shape support them. */
export const OrderAndPaymentStatuses: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">{orderStatuses.map((s) => <StatusBadge key={s}>{s}</StatusBadge>)}</div>
      <div className="flex flex-wrap gap-2">{paymentStatuses.map((s) => <StatusBadge key={s}>{s}</StatusBadge>)}</div>
      <div className="flex flex-wrap gap-2">{otherStatuses.map((s) => <StatusBadge key={s}>{s}</StatusBadge>)}</div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge tone="success">Active</StatusBadge>
        <StatusBadge>Inactive</StatusBadge>
        <StatusBadge tone="warning">Custom tone</StatusBadge>
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const s of orderStatuses) await expect(within(canvasElement).getAllByText(s)[0]).toBeVisible();
  },
};
