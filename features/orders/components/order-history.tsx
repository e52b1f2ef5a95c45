import { useState } from 'react';
import type { OrderStatus, OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { ORDER_STATUSES } from '#domain/orders/order-status';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useAsync } from '#lib/use-async';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { Button } from '#ui/button';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { SearchField } from '#ui/search-field';
import { Select, SelectItem } from '#ui/select';
import { StatusBadge } from '#ui/status-badge';
import { listOrders } from '../api.ts';
import { ORDER_STATUS_KEYS, PAYMENT_METHOD_KEYS } from '../order-words.ts';

const ALL = 'all';
const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The customer's orders, newest first: filtered by status, searched by order ID or PO number, paged;
 * the page, the filter and the search live in the address. A failure says what happened (the
 * catalogue's network and server words); a search that finds nothing says "Can not found an order.".
 */
export function OrderHistory() {
  const t = useT();
  const format = useFormat();
  const list = useListQuery(['status', 'q'] as const);
  const status = isStatus(list.values.status) ? list.values.status : null;
  const q = list.values.q.trim();
  // The field follows the address (Back, a link), and keeps what is typed until it is searched.
  const [typed, setTyped] = useState(q);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setTyped(q);
  }
  const [attempt, setAttempt] = useState(0);
  const orders = useAsync<Page<OrderSummary>>(`orders-${list.page}-${list.pageSize}-${status}-${q}-${attempt}`, (signal) =>
    listOrders({ page: list.page, pageSize: list.pageSize, status, q }, signal),
  );
  const data = orders.status === 'success' ? orders.data : null;
  const filtered = status !== null || q !== '';
  const labels = usePaginationLabels();
  usePaginationPreload();

  return (
    <div className="flex flex-col gap-4">
      <div role="search" className="flex flex-wrap items-end gap-4" aria-label={t('orders.history.searchRegion')}>
        <SearchField
          className="min-w-64 flex-1"
          label={t('orders.history.search')}
          description={t('orders.history.searchHint')}
          clearLabel={t('orders.history.clearSearch')}
          value={typed}
          onChange={setTyped}
          onSubmit={(value) => list.set({ q: value.trim() })}
          onClear={() => list.set({ q: null })}
        />
        <Select
          label={t('orders.history.status')}
          selectedKey={status ?? ALL}
          onSelectionChange={(key) => list.set({ status: key === ALL ? null : String(key) })}
        >
          <SelectItem id={ALL}>{t('orders.history.allStatuses')}</SelectItem>
          {ORDER_STATUSES.map((s) => (
            <SelectItem key={s} id={s}>
              {t(ORDER_STATUS_KEYS[s])}
            </SelectItem>
          ))}
        </Select>
      </div>

      <p role="status" className="sr-only">
        {data ? (data.total === 0 && filtered ? t('error.orderNotFound') : t('orders.history.found', { count: data.total })) : ''}
      </p>

      {orders.status === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
          <p>{errorMessage(orders.error)}</p>
          <Button variant="secondary" onPress={() => setAttempt((n) => n + 1)}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <Table aria-label={t('orders.history.table')}>
          <TableHeader>
            <Column isRowHeader>{t('orders.column.order')}</Column>
            <Column>{t('orders.column.date')}</Column>
            <Column align="end">{t('orders.column.amount')}</Column>
            <Column>{t('orders.column.status')}</Column>
            <Column>{t('orders.column.payment')}</Column>
            <Column>{t('orders.column.poNumber')}</Column>
          </TableHeader>
          <TableBody
            items={data?.list ?? []}
            isLoading={orders.status === 'loading'}
            loadingLabel={t('common.loading')}
            emptyState={
              filtered ? (
                <EmptyState
                  title={t('error.orderNotFound')}
                  description={t('orders.history.noMatch')}
                  action={
                    <Button variant="secondary" onPress={() => list.set({ q: null, status: null })}>
                      {t('orders.history.showAll')}
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  title={t('orders.history.emptyTitle')}
                  description={t('orders.history.emptyBody')}
                  action={<Link href="/quote">{t('notFound.quoteLink')}</Link>}
                />
              )
            }
          >
            {(order) => (
              <Row id={order.id}>
                <Cell>
                  <Link href={`/user/order/detail/${order.id}`}>{order.number}</Link>
                </Cell>
                <Cell>{format.dateTime(order.createdAt, 'date')}</Cell>
                <Cell align="end">
                  <Money cents={order.amountCents} currency={order.currency} />
                </Cell>
                <Cell>
                  <StatusBadge status={order.status}>{t(ORDER_STATUS_KEYS[order.status])}</StatusBadge>
                </Cell>
                <Cell>{order.paymentMethod ? t(PAYMENT_METHOD_KEYS[order.paymentMethod]) : t('orders.method.none')}</Cell>
                <Cell>{order.poNumber ?? '—'}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
    </div>
  );
}
