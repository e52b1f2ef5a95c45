import { Suspense, useEffect, useState } from 'react';
import type { AfterSaleOrder } from '#domain/api/order';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { changed } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { useDeferredAsyncState } from '#lib/query-state';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { Disclosure } from '#ui/disclosure';
import { EmptyState } from '#ui/empty-state';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LoadFailed } from '#ui/load-failed';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { StatusBadge } from '#ui/status-badge';
import { listAfterSales } from '../api.ts';
import { afterFirstInput } from '#lib/first-input';
import { lazyComponent } from '#lib/lazy-component';
import { useOnceTrue } from '#lib/lazy-dialog';

// The request form opens on demand (a disclosure, closed unless the order page sent the customer
// here): its chunk (the product checkboxes, the form's state) is fetched at the first input on the
// page and drawn from the disclosure's first opening (ADR 140, ADR 189).
const AfterSaleForm = lazyComponent(async () => (await import('./after-sale-form.tsx')).AfterSaleForm);

const STATUS_KEYS: Readonly<Record<AfterSaleOrder['status'], MessageKey>> = {
  submitted: 'orders.afterSale.status.submitted',
  accepted: 'orders.afterSale.status.accepted',
  rejected: 'orders.afterSale.status.rejected',
  completed: 'orders.afterSale.status.completed',
  cancelled: 'orders.afterSale.status.cancelled',
};

/** The after-sale page: the request form (open at once when an order sent the customer here) and the requests made. */
export function AfterSale({ orderId }: { orderId?: string | null }) {
  const t = useT();
  const format = useFormat();
  const list = useListQuery([] as const);
  const labels = usePaginationLabels();
  usePaginationPreload();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<AfterSaleOrder | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState(!!orderId);
  const opened = useOnceTrue(open);
  useEffect(() => afterFirstInput(() => void AfterSaleForm.preload()), []);
  const query = useQuery({
    queryKey: queryKeys.orders.afterSales({ page: list.page, pageSize: list.pageSize }),
    queryFn: ({ signal }) => listAfterSales(list.page, list.pageSize, signal),
  });
  const requests = useDeferredAsyncState(query);
  const data = requests.status === 'success' ? requests.data : null;

  return (
    <div className="flex flex-col gap-6">
      {sent && (
        <p role="status" className="rounded-card border border-success-600 bg-success-50 p-3">
          {t('orders.afterSale.sent', { number: sent.number, order: sent.wedoOrderNumber })}
        </p>
      )}
      <Disclosure title={t('orders.afterSale.new')} level={2} isExpanded={open} onExpandedChange={setOpen} className="max-w-3xl rounded-card border bg-neutral-0">
        {opened && (
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            <AfterSaleForm
              key={formKey}
              orderId={orderId}
              onRequested={(request) => {
                setSent(request);
                // The requests listed, and the order page's actions (ADR 208).
                void changed(queryClient, queryKeys.orders.all);
                setFormKey((k) => k + 1);
                setOpen(false);
                list.set({ page: 1 }, { replace: true });
              }}
            />
          </Suspense>
        )}
      </Disclosure>

      <section aria-labelledby="after-sale-list" className="flex flex-col gap-3">
        <h2 id="after-sale-list" className="text-title">
          {t('orders.afterSale.listHeading')}
        </h2>
        {requests.status === 'error' ? (
          <LoadFailed retryLabel={t('common.tryAgain')} look="line" onRetry={query.refetch}>
            {errorMessage(requests.error)}
          </LoadFailed>
        ) : (
          <DataTable aria-labelledby="after-sale-list">
            <DataTableHeader>
              <DataColumn>{t('orders.afterSale.column.request')}</DataColumn>
              <DataColumn>{t('orders.afterSale.column.orderNumber')}</DataColumn>
              <DataColumn>{t('orders.afterSale.column.wedoOrderNumber')}</DataColumn>
              <DataColumn>{t('orders.afterSale.column.products')}</DataColumn>
              <DataColumn>{t('orders.column.status')}</DataColumn>
            </DataTableHeader>
            <DataTableBody
              items={data?.list ?? []}
              columnCount={5}
              isLoading={requests.status === 'loading'}
              loadingLabel={t('common.loading')}
              emptyState={<EmptyState level={3} title={t('orders.afterSale.emptyTitle')} description={t('orders.afterSale.emptyBody')} />}
            >
              {(request) => (
                <DataRow>
                  <DataCell isRowHeader>
                    <span className="block font-semibold">{request.number}</span>
                    <span className="text-caption text-neutral-600">{format.dateTime(request.createdAt, 'date')}</span>
                  </DataCell>
                  <DataCell>{request.orderNumber}</DataCell>
                  <DataCell>{request.wedoOrderNumber}</DataCell>
                  <DataCell>
                    <ul role="list">
                      {request.items.map((item) => (
                        <li key={item.productId}>{t('orders.afterSale.item', { name: item.name, quantity: item.quantity, original: item.originalQuantity })}</li>
                      ))}
                    </ul>
                  </DataCell>
                  <DataCell>
                    <StatusBadge status={request.status === 'submitted' ? 'in review' : request.status}>{t(STATUS_KEYS[request.status])}</StatusBadge>
                    {request.decision?.refabrication && (
                      <p className="mt-1">
                        {t(request.status === 'cancelled' ? 'orders.afterSale.refabricationCancelled' : 'orders.afterSale.refabrication', { number: request.decision.refabrication.number })}
                      </p>
                    )}
                    {request.decision?.refusalReason && <p className="mt-1">{t('orders.afterSale.refusal', { reason: request.decision.refusalReason })}</p>}
                  </DataCell>
                </DataRow>
              )}
            </DataTableBody>
          </DataTable>
        )}
        {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
      </section>
    </div>
  );
}
