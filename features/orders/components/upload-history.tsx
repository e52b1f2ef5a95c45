import { QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { useDeferredAsyncState } from '#lib/query-state';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LoadFailed } from '#ui/load-failed';
import { StatusBadge } from '#ui/status-badge';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { listUploads } from '../api.ts';

/**
 * Every file the customer uploaded in the last 3 months, newest first: name, size, date, the
 * project it is in (a link to the project's files) and until when it is kept. Older files are gone,
 * and the page says so.
 */
export function UploadHistory() {
  const t = useT();
  const format = useFormat();
  const list = useListQuery([] as const);
  const labels = usePaginationLabels();
  usePaginationPreload();
  const query = useQuery({
    queryKey: queryKeys.uploads.list({ page: list.page, pageSize: list.pageSize }),
    queryFn: ({ signal }) => listUploads(list.page, list.pageSize, signal),
  });
  const uploads = useDeferredAsyncState(query);
  const data = uploads.status === 'success' ? uploads.data : null;
  const size = (bytes: number) =>
    bytes >= 1024 * 1024
      ? format.number(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
      : format.number(Math.max(bytes / 1024, 0.1), { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });

  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-card border border-brand-200 bg-brand-50 p-3 text-neutral-900">{t('orders.uploads.retention', { months: QUOTE_FILE_RETENTION_MONTHS })}</p>
      {uploads.status === 'error' ? (
        <LoadFailed retryLabel={t('common.tryAgain')} look="line" onRetry={query.refetch}>
          {errorMessage(uploads.error)}
        </LoadFailed>
      ) : (
        <DataTable aria-label={t('orders.uploads.table')}>
          <DataTableHeader>
            <DataColumn>{t('orders.uploads.column.file')}</DataColumn>
            <DataColumn align="end">{t('orders.uploads.column.size')}</DataColumn>
            <DataColumn>{t('orders.uploads.column.uploaded')}</DataColumn>
            <DataColumn>{t('orders.uploads.column.project')}</DataColumn>
            <DataColumn>{t('orders.uploads.column.kept')}</DataColumn>
          </DataTableHeader>
          <DataTableBody
            items={data?.list ?? []}
            columnCount={5}
            isLoading={uploads.status === 'loading'}
            loadingLabel={t('common.loading')}
            emptyState={
              <EmptyState
                title={t('orders.uploads.emptyTitle')}
                description={t('orders.uploads.emptyBody', { months: QUOTE_FILE_RETENTION_MONTHS })}
                action={<Link href="/quote">{t('notFound.quoteLink')}</Link>}
              />
            }
          >
            {(file) => (
              <DataRow>
                <DataCell isRowHeader>
                  <span className="break-all">{file.name}</span>
                </DataCell>
                <DataCell align="end">{size(file.sizeBytes)}</DataCell>
                <DataCell>{format.dateTime(file.uploadedAt)}</DataCell>
                <DataCell>
                  <Link href={`/user/project/fileList/${file.projectId}`}>{file.projectName}</Link>
                </DataCell>
                <DataCell>
                  {file.status === 'kept' ? (
                    t('orders.uploads.keptUntil', { date: format.dateTime(file.expiresAt, 'date') })
                  ) : (
                    <StatusBadge status="expired">{t('orders.uploads.removed')}</StatusBadge>
                  )}
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
