import { useState } from 'react';
import type { OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { useAsync } from '#lib/use-async';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { Pagination } from '#ui/pagination';
import { StatusBadge } from '#ui/status-badge';
import { listOrders } from '../api.ts';

const METHOD: Record<string, string> = { balance: 'Prepaid balance', card: 'Card (USD)', bank_transfer: 'Bank transfer' };

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The customer's orders, newest first: number, date, amount, status, payment; paginated. */
export function OrderHistory() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const orders = useAsync<Page<OrderSummary>>(`orders-${page}-${pageSize}`, (signal) => listOrders(page, pageSize, signal));
  const data = orders.status === 'success' ? orders.data : null;
  if (orders.status === 'error') return <p role="alert">Order id not found.</p>;
  return (
    <div className="flex flex-col gap-4">
      <Table aria-label="Orders">
        <TableHeader>
          <Column isRowHeader>Order</Column>
          <Column>Date</Column>
          <Column>Amount</Column>
          <Column>Status</Column>
          <Column>Payment</Column>
          <Column>PO number</Column>
        </TableHeader>
        <TableBody
          items={data?.list ?? []}
          isLoading={orders.status === 'loading'}
          emptyState={<EmptyState title="No orders yet" description="Quote a part and check out: your orders appear here." action={<Link href="/quote">Get an instant quote</Link>} />}
        >
          {(order) => (
            <Row id={order.id}>
              <Cell>
                <Link href={`/user/order/detail/${order.id}`}>{order.number}</Link>
              </Cell>
              <Cell>{formatDate(order.createdAt)}</Cell>
              <Cell>
                <Money cents={order.amountCents} currency={order.currency} />
              </Cell>
              <Cell>
                <StatusBadge>{order.statusLabel}</StatusBadge>
              </Cell>
              <Cell>{order.paymentMethod ? (METHOD[order.paymentMethod] ?? order.paymentMethod) : 'Not paid yet'}</Cell>
              <Cell>{order.poNumber ?? '—'}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {data && data.total > 0 && (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={data.total}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
