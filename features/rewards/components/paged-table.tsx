import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { Page } from '#domain/api/paging';
import { useT } from '#lib/i18n/i18n';
import { useDeferredAsyncState } from '#lib/query-state';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LoadFailed } from '#ui/load-failed';
import type { ColumnAlign } from '#ui/table';
import type { PageRequest } from '../api.ts';
import type { PagedTableRowsProps } from './paged-table-rows.tsx';
import { PAGE_SIZES, useUrlPaging } from '../url-state.ts';
import { lazyComponent } from '#lib/lazy-component';

// The table (React Aria's table, its selection and grid code) is fetched when the list mounts, beside
// its first page of data, not with the page (ADR 140).
const LazyTableRows = lazyComponent(async () => (await import('./paged-table-rows.tsx')).PagedTableRows as ComponentType<PagedTableRowsProps<{ id: string }>>);
const TableRows = LazyTableRows as unknown as <T extends { id: string }>(props: PagedTableRowsProps<T>) => React.JSX.Element;

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
  useEffect(() => {
    void LazyTableRows.preload();
  }, []);
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
      <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
        <TableRows
          label={label}
          columns={columns}
          emptyTitle={emptyTitle}
          emptyBody={emptyBody}
          emptyAction={emptyAction}
          data={data}
          isLoading={state.status === 'loading'}
        />
      </Suspense>
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
