import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderStatus } from '#domain/api/order';
import { ORDER_STATUSES } from '#domain/orders/order-status';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { Link } from '#ui/link';
import { LoadFailed } from '#ui/load-failed';
import { Money } from '#ui/money';
import { SearchField } from '#ui/search-field';
import { Select, SelectItem } from '#ui/select';
import { StatusBadge } from '#ui/status-badge';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { Tab, TabList, TabPanel, Tabs } from '#ui/tabs';
import { listOpsOrders } from '../api.ts';
import { OPS_STATUS_KEYS } from '../ops-words.ts';
import { OpsOrderBoard } from './ops-order-board.tsx';

const ALL = 'all';
const isStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

const BOARD = 'board';
const LIST = 'list';

/**
 * The orders, as a searchable list or as a board by status (issue 38 item 2), switched by tabs whose
 * choice lives in the address (`?view=board`) with the list's filter, search and page, so a link to
 * "paid orders" or to the board is shared as it is.
 */
export function OpsOrderList() {
  const t = useT();
  const view = useListQuery(['view'] as const);
  const selected = view.values.view === BOARD ? BOARD : LIST;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('ops.orders.title')}</h1>
      <Tabs selectedKey={selected} onSelectionChange={(key) => view.set({ view: key === BOARD ? BOARD : null })}>
        <TabList aria-label={t('opsOrders.view')}>
          <Tab id={LIST}>{t('opsOrders.view.list')}</Tab>
          <Tab id={BOARD}>{t('opsOrders.view.board')}</Tab>
        </TabList>
        <TabPanel id={LIST}>
          <OrderList />
        </TabPanel>
        <TabPanel id={BOARD}>
          <OpsOrderBoard />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/**
 * Every order the staff member may see (a success manager: their customers'), newest first: by
 * status, searched by order ID, PO number or the customer's email.
 */
function OrderList() {
  const t = useT();
  const format = useFormat();
  const list = useListQuery(['status', 'q'] as const);
  const status = isStatus(list.values.status) ? list.values.status : null;
  const q = list.values.q.trim();
  const [typed, setTyped] = useState(q);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setTyped(q);
  }
  const query = useQuery({
    queryKey: queryKeys.ops.orders.list({ status, q, page: list.page, pageSize: list.pageSize }),
    queryFn: ({ signal }) => listOpsOrders({ page: list.page, pageSize: list.pageSize, status, q }, signal),
    placeholderData: keepPreviousData,
  });
  const orders = asyncState(query);
  const data = orders.status === 'success' ? orders.data : null;
  const filtered = status !== null || q !== '';
  const labels = usePaginationLabels();
  usePaginationPreload();

  return (
    <div className="flex flex-col gap-4">
      <div role="search" className="flex flex-wrap items-end gap-4" aria-label={t('ops.orders.searchRegion')}>
        <SearchField
          className="min-w-64 flex-1"
          label={t('ops.orders.search')}
          description={t('ops.orders.searchHint')}
          clearLabel={t('orders.history.clearSearch')}
          value={typed}
          onChange={setTyped}
          onSubmit={(value) => list.set({ q: value.trim() })}
          onClear={() => list.set({ q: null })}
        />
        <Select label={t('orders.history.status')} selectedKey={status ?? ALL} onSelectionChange={(key) => list.set({ status: key === ALL ? null : String(key) })}>
          <SelectItem id={ALL}>{t('orders.history.allStatuses')}</SelectItem>
          {ORDER_STATUSES.map((s) => (
            <SelectItem key={s} id={s}>
              {t(OPS_STATUS_KEYS[s])}
            </SelectItem>
          ))}
        </Select>
      </div>
      <p role="status" className="sr-only">
        {data ? t('orders.history.found', { count: data.total }) : ''}
      </p>
      {orders.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(orders.error)}
        </LoadFailed>
      ) : (
        <DataTable aria-label={t('ops.orders.table')}>
          <DataTableHeader>
            <DataColumn>{t('orders.column.order')}</DataColumn>
            <DataColumn>{t('ops.orders.customer')}</DataColumn>
            <DataColumn>{t('orders.column.date')}</DataColumn>
            <DataColumn align="end">{t('orders.column.amount')}</DataColumn>
            <DataColumn>{t('orders.column.status')}</DataColumn>
            <DataColumn>{t('orders.column.poNumber')}</DataColumn>
          </DataTableHeader>
          <DataTableBody
            columnCount={6}
            items={(data?.list ?? []).map((o) => ({ ...o, id: o.order.id }))}
            isLoading={orders.status === 'loading'}
            loadingLabel={t('common.loading')}
            emptyState={
              <EmptyState
                title={filtered ? t('ops.orders.noMatch') : t('ops.orders.empty')}
                action={
                  filtered ? (
                    <Button variant="secondary" onPress={() => list.set({ q: null, status: null })}>
                      {t('orders.history.showAll')}
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {({ order, customer }) => (
              <DataRow>
                <DataCell isRowHeader>
                  <Link href={`/ops/orders/${order.id}`}>{order.number}</Link>
                </DataCell>
                <DataCell>
                  <span className="flex flex-col">
                    <span>{customer.name}</span>
                    <span className="text-neutral-600">{customer.email}</span>
                  </span>
                </DataCell>
                <DataCell>{format.dateTime(order.createdAt, 'date')}</DataCell>
                <DataCell align="end">
                  <Money cents={order.amountCents} currency={order.currency} />
                </DataCell>
                <DataCell>
                  <StatusBadge status={order.status}>{t(OPS_STATUS_KEYS[order.status])}</StatusBadge>
                </DataCell>
                <DataCell>{order.poNumber ?? '—'}</DataCell>
              </DataRow>
            )}
          </DataTableBody>
        </DataTable>
      )}
      {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
    </div>
  );
}
