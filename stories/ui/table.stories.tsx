import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SortDescriptor } from 'react-aria-components';
import { expect, userEvent, within, waitFor } from 'storybook/test';
import { EmptyState } from '#ui/empty-state';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { type Order, orders } from './table-orders.ts';

function OrdersTable({ items, isLoading }: { items: Order[]; isLoading?: boolean }) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'date', direction: 'descending' });
  const sorted = useMemo(() => {
    const key = sort.column as keyof Order;
    const out = [...items].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
    return sort.direction === 'descending' ? out.reverse() : out;
  }, [items, sort]);
  return (
    <div className="w-[40rem]">
      <Table aria-label="Orders" sortDescriptor={sort} onSortChange={setSort}>
        <TableHeader>
          <Column id="id" isRowHeader allowsSorting>Order ID</Column>
          <Column id="date" allowsSorting>Date</Column>
          <Column id="amount" allowsSorting align="end">Amount</Column>
          <Column id="status">Status</Column>
        </TableHeader>
        <TableBody items={sorted} isLoading={isLoading} loadingLabel="Loading orders…" emptyState={<EmptyState level={3} title="No orders yet" description="Orders appear here once you check out a quote." />}>
          {(o) => (
            <Row id={o.id}>
              <Cell>{o.id}</Cell>
              <Cell>{o.date}</Cell>
              <Cell align="end"><Money cents={o.amount} /></Cell>
              <Cell><StatusBadge>{o.status}</StatusBadge></Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

const meta = {
  title: 'UI/Table',
  component: OrdersTable,
  args: { items: orders },
} satisfies Meta<typeof OrdersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('grid', { name: 'Orders' });
    const dateHeader = await canvas.findByRole('columnheader', { name: /Date/ });
    await canvas.findByRole('row', { name: /10231/ });
    await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await userEvent.tab();
    // Focus lands in the grid; move up to the header row, right to Amount, and sort.
    await expect(table.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await userEvent.keyboard('{Home}');
    const idHeader = canvas.getByRole('columnheader', { name: /Order ID/ });
    await waitFor(() => expect(idHeader).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    const amountHeader = canvas.getByRole('columnheader', { name: /Amount/ });
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
    const firstRow = canvas.getAllByRole('row')[1];
    await expect(firstRow).toHaveTextContent('10262');
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

/** Rows chosen with checkboxes: a selection column with "select all", each row's box named by its row. */
export const Selectable: Story = {
  render: () => (
    <div className="w-[40rem]">
      <Table aria-label="Orders to export" selectionMode="multiple" selectionBehavior="toggle" defaultSelectedKeys={['10244']}>
        <TableHeader>
          <Column isRowHeader>Order ID</Column>
          <Column align="end">Amount</Column>
        </TableHeader>
        <TableBody items={orders}>
          {(o) => (
            <Row id={o.id}>
              <Cell>{o.id}</Cell>
              <Cell align="end"><Money cents={o.amount} /></Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // React Aria draws the rows (and the header's box) a moment after the table itself.
    const all = await canvas.findByRole('checkbox', { name: 'Select All' }, { timeout: 10_000 });
    await expect(all).not.toBeChecked();
    await userEvent.click(all);
    for (const box of canvas.getAllByRole('checkbox')) await expect(box).toBeChecked();
  },
};
