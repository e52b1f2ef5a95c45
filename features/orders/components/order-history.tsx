import { useState } from 'react';
import type { OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { DEFAULT_PAGE_SIZE } from '#domain/rules/paging-rules';
import type { PaymentMethod } from '#domain/api/payment';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { useAsync } from '#lib/use-async';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { Pagination } from '#ui/pagination';
import { StatusBadge } from '#ui/status-badge';
import { listOrders } from '../api.ts';

const METHOD: Record<PaymentMethod, MessageKey> = { balance: 'orders.method.balance', card: 'orders.method.card', bank_transfer: 'orders.method.bankTransfer' };

/** The customer's orders, newest first: number, date, amount, status, payment; paginated. */
export function OrderHistory() {
  const t = useT();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const orders = useAsync<Page<OrderSummary>>(`orders-${page}-${pageSize}`, (signal) => listOrders(page, pageSize, signal));
  const data = orders.status === 'success' ? orders.data : null;
  if (orders.status === 'error') return <p role="alert">{t('error.orderIdNotFound')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <Table aria-label={t('orders.history.table')}>
        <TableHeader>
          <Column isRowHeader>{t('orders.column.order')}</Column>
          <Column>{t('orders.column.date')}</Column>
          <Column>{t('orders.column.amount')}</Column>
          <Column>{t('orders.column.status')}</Column>
          <Column>{t('orders.column.payment')}</Column>
          <Column>{t('orders.column.poNumber')}</Column>
        </TableHeader>
        <TableBody
          items={data?.list ?? []}
          isLoading={orders.status === 'loading'}
          loadingLabel={t('common.loading')}
          emptyState={
            <EmptyState
              title={t('orders.history.emptyTitle')}
              description={t('orders.history.emptyBody')}
              action={<Link href="/quote">{t('notFound.quoteLink')}</Link>}
            />
          }
        >
          {(order) => (
            <Row id={order.id}>
              <Cell>
                <Link href={`/user/order/detail/${order.id}`}>{order.number}</Link>
              </Cell>
              <Cell>{format.dateTime(order.createdAt, 'date')}</Cell>
              <Cell>
                <Money cents={order.amountCents} currency={order.currency} />
              </Cell>
              <Cell>
                <StatusBadge>{order.statusLabel}</StatusBadge>
              </Cell>
              <Cell>{order.paymentMethod ? t(METHOD[order.paymentMethod]) : t('orders.method.none')}</Cell>
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
          labels={{
            nav: t('pagination.label'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            pageOf: t.raw('pagination.pageOf'),
            showing: t.raw('pagination.showing'),
            pageSize: t('pagination.pageSize'),
          }}
        />
      )}
    </div>
  );
}

