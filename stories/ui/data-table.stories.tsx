import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { type Order, orders as allOrders } from './table-orders.ts';

const orders = allOrders.slice(0, 3);

function OrdersTable({ items, isLoading, width = 'w-[40rem]' }: { items: Order[]; isLoading?: boolean; width?: string }) {
  return (
    <div className={width}>
      <DataTable aria-label="Orders">
        <DataTableHeader>
          <DataColumn>Order ID</DataColumn>
          <DataColumn>Date</DataColumn>
          <DataColumn align="end">Amount</DataColumn>
          <DataColumn>Status</DataColumn>
        </DataTableHeader>
        <DataTableBody
          items={items}
          columnCount={4}
          isLoading={isLoading}
          loadingLabel="Loading orders…"
          emptyState={<EmptyState level={3} title="No orders yet" description="Orders appear here once you check out a quote." />}
        >
          {(o) => (
            <DataRow>
              <DataCell isRowHeader>
                <Link href={`/user/order/detail/${o.id}`}>{o.id}</Link>
              </DataCell>
              <DataCell>{o.date}</DataCell>
              <DataCell align="end">
                <Money cents={o.amount} />
              </DataCell>
              <DataCell>
                <StatusBadge>{o.status}</StatusBadge>
              </DataCell>
            </DataRow>
          )}
        </DataTableBody>
      </DataTable>
    </div>
  );
}

const meta = {
  title: 'UI/DataTable',
  component: OrdersTable,
  args: { items: orders },
} satisfies Meta<typeof OrdersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A list to read: each cell is read with its column and its row's name; Tab reaches the links in it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Orders' });
    await expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Order ID', 'Date', 'Amount', 'Status']);
    await expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['10231', '10244', '10257']);
    await expect(canvas.getByRole('cell', { name: '$459.00' })).toHaveClass('text-end');
    // The box the table scrolls in, then the first order's link.
    await userEvent.tab();
    await expect(canvas.getByRole('group', { name: 'Orders' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: '10231' })).toHaveFocus();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { items: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading orders…' })).toBeInTheDocument();
  },
};

/** Narrower than its columns (a phone): the table scrolls sideways in its box, the page does not. */
export const Narrow: Story = {
  args: { width: 'w-[16rem]' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('group', { name: 'Orders' });
    await expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    await expect(box).toHaveAttribute('tabindex', '0');
  },
};
