import { useState, type ReactNode } from 'react';
import type { AdditionalCost, AdditionalCostStatus } from '#domain/api/order';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { orderPaid } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { useDeferredAsyncState } from '#lib/query-state';
import { useListQuery, usePaginationLabels } from '#lib/use-list-query';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { LoadFailed } from '#ui/load-failed';
import { Money } from '#ui/money';
import { LazyPagination, usePaginationPreload } from '#ui/lazy-pagination';
import { LazySelect } from '#ui/lazy-select';
import { StatusBadge } from '#ui/status-badge';
import { listAdditionalCostOrders } from '../api.ts';
import { ADDITIONAL_COST_STATUSES, ADDITIONAL_COST_STATUS_KEYS, PAYMENT_METHOD_KEYS } from '../order-words.ts';

const ALL = 'all';
const PAYABLE: ReadonlySet<AdditionalCostStatus> = new Set(['pending_payment', 'awaiting_transfer']);
const isStatus = (value: string): value is AdditionalCostStatus => (ADDITIONAL_COST_STATUSES as readonly string[]).includes(value);

export interface AdditionalCostOrdersProps {
  /**
   * The payment of one cost, with the payment panel the public additional-cost page uses (the page
   * puts the checkout feature's panel here); `onPaid` refreshes the list.
   */
  renderPayment: (cost: AdditionalCost, onPaid: () => void) => ReactNode;
}

/**
 * The customer's additional-cost orders under /user (extra costs agreed with customer service):
 * number, the order they add to, what for, amount, status, payment; filtered by status and paged in
 * the address; each unpaid one paid here.
 */
export function AdditionalCostOrders({ renderPayment }: AdditionalCostOrdersProps) {
  const t = useT();
  const format = useFormat();
  const list = useListQuery(['status'] as const);
  const status = isStatus(list.values.status) ? list.values.status : null;
  const labels = usePaginationLabels();
  usePaginationPreload();
  const [paying, setPaying] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.orders.additionalCosts({ status, page: list.page, pageSize: list.pageSize }),
    queryFn: ({ signal }) => listAdditionalCostOrders(list.page, list.pageSize, status, signal),
  });
  const costs = useDeferredAsyncState(query);
  const data = costs.status === 'success' ? costs.data : null;

  return (
    <div className="flex flex-col gap-4">
      <LazySelect
        className="max-w-xs"
        label={t('orders.history.status')}
        items={[{ id: ALL, text: t('orders.history.allStatuses') }, ...ADDITIONAL_COST_STATUSES.map((s) => ({ id: s, text: t(ADDITIONAL_COST_STATUS_KEYS[s]) }))]}
        textOf={(item) => item.text}
        selectedKey={status ?? ALL}
        onSelectionChange={(key) => list.set({ status: key === ALL ? null : String(key) })}
      />
      {costs.status === 'loading' && <p role="status">{t('orders.costs.loading')}</p>}
      {costs.status === 'error' && (
        <LoadFailed retryLabel={t('common.tryAgain')} look="line" onRetry={query.refetch}>
          {errorMessage(costs.error)}
        </LoadFailed>
      )}
      {data && data.list.length === 0 && (
        <EmptyState title={status ? t('orders.costs.noneWithStatus') : t('orders.costs.emptyTitle')} description={t('orders.costs.emptyBody')} />
      )}
      {data && data.list.length > 0 && (
        <ul role="list" className="flex flex-col gap-4" aria-label={t('orders.costs.list')}>
          {data.list.map((cost) => (
            <li key={cost.id} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-semibold">{cost.orderNumber ? t('orders.costs.forOrder', { number: cost.number, order: cost.orderNumber }) : cost.number}</p>
                  <p className="text-neutral-700">{cost.description}</p>
                  <p className="text-caption text-neutral-600">
                    {cost.paidAt && cost.paymentMethod
                      ? t('orders.costs.paidOn', { date: format.dateTime(cost.paidAt, 'date'), method: t(PAYMENT_METHOD_KEYS[cost.paymentMethod]) })
                      : t('orders.costs.created', { date: format.dateTime(cost.createdAt, 'date') })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <Money cents={cost.amountCents} currency={cost.currency} className="font-semibold" />
                  <StatusBadge status={cost.status}>{t(ADDITIONAL_COST_STATUS_KEYS[cost.status])}</StatusBadge>
                  {PAYABLE.has(cost.status) && paying !== cost.id && (
                    <Button variant="secondary" onPress={() => setPaying(cost.id)}>
                      {t('orders.costs.pay', { number: cost.number })}
                    </Button>
                  )}
                </div>
              </div>
              {paying === cost.id &&
                renderPayment(cost, () => {
                  setPaying(null);
                  // The list, the order it adds to and the balance it may have been paid from (ADR 208).
                  void orderPaid(queryClient, { fromBalance: true });
                })}
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 0 && <LazyPagination {...list.pagination} total={data.total} labels={labels} />}
    </div>
  );
}
