import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '#lib/api/error-message';
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
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { listOpsCustomers } from '../customers-api.ts';

/**
 * The customers the staff member may see (a success manager: those assigned to them), newest first,
 * found by part of the email, the name or the company (issue 38 item 6). The search and the page
 * live in the address, as the orders list's do.
 */
export function OpsCustomerList() {
  const t = useT();
  const list = useListQuery(['q'] as const);
  const q = list.values.q.trim();
  const [typed, setTyped] = useState(q);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setTyped(q);
  }
  const query = useQuery({
    queryKey: queryKeys.ops.customers.list({ q, page: list.page, pageSize: list.pageSize }),
    queryFn: ({ signal }) => listOpsCustomers({ page: list.page, pageSize: list.pageSize, q }, signal),
  });
  const customers = asyncState(query);
  const data = customers.status === 'success' ? customers.data : null;
  const labels = usePaginationLabels();
  usePaginationPreload();

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-headline text-neutral-900">{t('ops.customers.title')}</h1>
      <div role="search" aria-label={t('ops.customers.searchRegion')}>
        <SearchField
          className="max-w-lg"
          label={t('ops.customers.search')}
          description={t('ops.customers.searchHint')}
          clearLabel={t('orders.history.clearSearch')}
          value={typed}
          onChange={setTyped}
          onSubmit={(value) => list.set({ q: value.trim() })}
          onClear={() => list.set({ q: null })}
        />
      </div>
      <p role="status" className="sr-only">
        {data ? t('ops.customers.found', { count: data.total }) : ''}
      </p>
      {customers.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(customers.error)}
        </LoadFailed>
      ) : (
        <DataTable aria-label={t('ops.customers.table')}>
          <DataTableHeader>
            <DataColumn>{t('ops.customers.name')}</DataColumn>
            <DataColumn>{t('auth.email')}</DataColumn>
            <DataColumn>{t('ops.customers.company')}</DataColumn>
            <DataColumn>{t('ops.customers.number')}</DataColumn>
            <DataColumn>{t('ops.customers.manager')}</DataColumn>
            <DataColumn align="end">{t('ops.customers.balance')}</DataColumn>
          </DataTableHeader>
          <DataTableBody
            columnCount={6}
            items={data?.list ?? []}
            isLoading={customers.status === 'loading'}
            loadingLabel={t('common.loading')}
            emptyState={
              <EmptyState
                title={q ? t('ops.customers.noMatch') : t('ops.customers.empty')}
                action={
                  q ? (
                    <Button variant="secondary" onPress={() => list.set({ q: null })}>
                      {t('ops.customers.showAll')}
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {(customer) => (
              <DataRow>
                <DataCell isRowHeader>
                  <Link href={`/ops/customers/${customer.id}`}>{customer.name}</Link>
                </DataCell>
                <DataCell>{customer.email}</DataCell>
                <DataCell>{customer.company ?? '—'}</DataCell>
                <DataCell>{customer.customerNumber}</DataCell>
                <DataCell>{customer.successManager?.name ?? t('ops.customer.noManager')}</DataCell>
                <DataCell align="end">
                  <Money cents={customer.balanceCents} />
                </DataCell>
              </DataRow>
            )}
          </DataTableBody>
        </DataTable>
      )}
      {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
    </div>
  );
}
