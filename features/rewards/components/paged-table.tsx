import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '#domain/api/paging';
import { useT } from '#lib/i18n/i18n';
import { useDeferredAsyncState } from '#lib/query-state';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader, type ColumnAlign } from '#ui/data-table';
import { EmptyState } from '#ui/empty-state';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LoadFailed } from '#ui/load-failed';
import type { PageRequest } from '../api.ts';
import { PAGE_SIZES, useUrlPaging } from '../url-state.ts';

export interface PagedColumn<T> {
  id: string;
  label: string;
  align?: ColumnAlign;
  isRowHeader?: boolean;
  cell: (item: T) => ReactNode;
}

export interface PagedTableProps<T extends { id: string }> {
  /** The table's accessible name. */
  label: string;
  /** The list's key in the cache of server state for one page (`lib/query-keys.ts`, ADR 208). */
  queryKey: (paging: PageRequest) => QueryKey;
  load: (paging: PageRequest, signal: AbortSignal) => Promise<Page<T>>;
  columns: PagedColumn<T>[];
  emptyTitle: string;
  emptyBody?: ReactNode;
  emptyAction?: ReactNode;
}

/**
 * One of the spec's paginated lists (page, pageSize) as a table: the page in the address, a loading
 * row, an empty state that says what would be here, and a failure that can be tried again.
 */
export function PagedTable<T extends { id: string }>({ label, queryKey, load, columns, emptyTitle, emptyBody, emptyAction }: PagedTableProps<T>) {
  const t = useT();
  const { page, pageSize, setPage, setPageSize } = useUrlPaging();
  usePaginationPreload();
  const query = useQuery({ queryKey: queryKey({ page, pageSize }), queryFn: ({ signal }) => load({ page, pageSize }, signal) });
  const state = useDeferredAsyncState<Page<T>>(query);
  const data = state.status === 'success' ? state.data : null;
  if (state.status === 'error') {
    return (
      <LoadFailed retryLabel={t('common.tryAgain')} look="band" onRetry={query.refetch}>
        {t('rewards.list.failed')}
      </LoadFailed>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <DataTable aria-label={label}>
        <DataTableHeader>
          {columns.map((column) => (
            <DataColumn key={column.id} {...(column.align ? { align: column.align } : {})}>
              {column.label}
            </DataColumn>
          ))}
        </DataTableHeader>
        <DataTableBody
          items={data?.list ?? []}
          columnCount={columns.length}
          isLoading={state.status === 'loading'}
          loadingLabel={t('common.loading')}
          emptyState={<EmptyState level={3} title={emptyTitle} description={emptyBody} action={emptyAction} />}
        >
          {(item) => (
            <DataRow>
              {columns.map((column) => (
                <DataCell key={column.id} isRowHeader={column.isRowHeader ?? false} {...(column.align ? { align: column.align } : {})}>
                  {column.cell(item)}
                </DataCell>
              ))}
            </DataRow>
          )}
        </DataTableBody>
      </DataTable>
      {data && data.total > 0 && (
        <LazyPagination
          page={page}
          pageSize={pageSize}
          total={data.total}
          pageSizes={[...PAGE_SIZES]}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
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
