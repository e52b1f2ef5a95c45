import { useState } from 'react';
import type { OrderStatus, OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { ORDER_STATUSES } from '#domain/orders/order-status';
import { errorMessage } from '#lib/api/error-message';
import { useT } from '#lib/i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { useDeferredAsyncState } from '#lib/query-state';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LoadFailed } from '#ui/load-failed';
import { SearchField } from '#ui/search-field';
import { LazySelect } from '#ui/lazy-select';
import { listOrders } from '../api.ts';
import { ORDER_STATUS_KEYS } from '../order-words.ts';
import { OrderHistoryTable } from './order-history-table.tsx';

const ALL = 'all';
const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The customer's orders, newest first: filtered by status, searched by order ID or PO number, paged;
 * the page, the filter and the search live in the address. A failure says what happened (the
 * catalogue's network and server words); a search that finds nothing says "Can not found an order.".
 */
export function OrderHistory() {
  const t = useT();
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
  const query = useQuery({
    queryKey: queryKeys.orders.list({ page: list.page, pageSize: list.pageSize, status, q }),
    queryFn: ({ signal }) => listOrders({ page: list.page, pageSize: list.pageSize, status, q }, signal),
  });
  const orders = useDeferredAsyncState<Page<OrderSummary>>(query);
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
        <LazySelect
          label={t('orders.history.status')}
          items={[{ id: ALL, text: t('orders.history.allStatuses') }, ...ORDER_STATUSES.map((s) => ({ id: s, text: t(ORDER_STATUS_KEYS[s]) }))]}
          textOf={(item) => item.text}
          selectedKey={status ?? ALL}
          onSelectionChange={(key) => list.set({ status: key === ALL ? null : String(key) })}
        />
      </div>

      <p role="status" className="sr-only">
        {data ? (data.total === 0 && filtered ? t('error.orderNotFound') : t('orders.history.found', { count: data.total })) : ''}
      </p>

      {orders.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(orders.error)}
        </LoadFailed>
      ) : (
        <OrderHistoryTable data={data} isLoading={orders.status === 'loading'} filtered={filtered} onShowAll={() => list.set({ q: null, status: null })} />
      )}
      {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
    </div>
  );
}
