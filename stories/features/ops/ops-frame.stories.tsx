import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { OpsFrame } from '#features/ops/components/ops-frame';
import { ScreenFrame } from '../../support/page-frame.tsx';
import { staffMe } from '../../support/ops-fixtures.ts';

const meta = {
  title: 'Features/Ops/OpsFrame',
  component: OpsFrame,
  args: { staff: staffMe(), current: 'orders', onSignOut: fn(), children: <h1 className="text-headline">Orders</h1> },
  decorators: [(Story) => <ScreenFrame path="/ops/orders"><Story /></ScreenFrame>],
} satisfies Meta<typeof OpsFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An operator: the orders section only. */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Console sections' }));
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.queryByRole('link', { name: 'Staff' })).toBeNull();
  },
};

/** An admin opens the staff too; two recovery codes left are said. */
export const AdminLowOnRecoveryCodes: Story = {
  args: { staff: staffMe({ name: 'Ada Admin', role: 'admin', permissions: ['staff.read', 'orders.read', 'orders.move', 'payments.confirm'], recoveryCodesLeft: 2 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Staff' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('You have 2 recovery codes left.');
  },
};
