import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsOrder } from '#domain/api/ops';
import { announce } from '#lib/a11y/announce';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Card } from '#ui/card';
import { Link } from '#ui/link';
import { LoadFailed } from '#ui/load-failed';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { readOpsOrder } from '../api.ts';
import { ACTION_KEYS, auditChanges, EVENT_KEYS, OPS_METHOD_KEYS, OPS_PAYMENT_STATUS_KEYS, OPS_STATUS_KEYS } from '../ops-words.ts';
import { OpsAdditionalCosts } from './ops-additional-costs.tsx';
import { OpsOrderAction } from './ops-order-action.tsx';
import { OpsOrderFiles } from './ops-order-files.tsx';

/**
 * An order as staff see it (issue 38): its moves as buttons (only those the lifecycle and the
 * caller's role allow now), the customer and their success manager, the lines, the payments, the
 * status history the customer also sees, and every staff action on it with its reason. A move's
 * outcome is announced politely and the page shows the order as the server answered it (its cache
 * entry set, every other orders list and board made stale, ADR 208). Each product's files (picture,
 * model, drawing, findings, notes). Its additional-cost orders, and for a role with `payments.charge`
 * the dialog that makes one (ADR 205).
 */
export function OpsOrderPage({ orderId, mayCharge = false }: { orderId: string; mayCharge?: boolean }) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.ops.orders.detail(orderId), queryFn: ({ signal }) => readOpsOrder(orderId, signal) });
  const loaded = asyncState(query);
  const data = loaded.status === 'success' ? loaded.data : null;
  /** The server's answer after a change: this page shows it, and the lists and the board ask again. */
  const show = (next: OpsOrder) => {
    queryClient.setQueryData(queryKeys.ops.orders.detail(orderId), next);
    void queryClient.invalidateQueries({ queryKey: queryKeys.ops.orders.all, predicate: (q) => q.queryKey[2] !== 'detail' && q.queryKey[2] !== 'preview' });
  };

  if (loaded.status === 'error' && !data) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-headline text-neutral-900">{t('ops.order.titleUnknown')}</h1>
        <LoadFailed retryLabel={t('common.tryAgain')} onRetry={query.refetch}>
          {errorMessage(loaded.error)}
        </LoadFailed>
        <Link href="/ops/orders">{t('ops.order.back')}</Link>
      </div>
    );
  }
  if (!data) {
    return (
      <p role="status" className="text-neutral-600">
        {t('ops.order.loading')}
      </p>
    );
  }
  const { order, customer, events, audit } = data;

  return (
    <div className="flex flex-col gap-6">
      <Link href="/ops/orders">{t('ops.order.back')}</Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-headline text-neutral-900">{t('ops.order.title', { number: order.number })}</h1>
        <StatusBadge status={order.status}>{t(OPS_STATUS_KEYS[order.status])}</StatusBadge>
      </div>

      <Card title={t('ops.order.moves')}>
        <div className="flex flex-wrap gap-3 px-5 pb-5 pt-3">
          {events.length === 0 ? (
            <p className="text-neutral-700">{t('ops.order.noMoves')}</p>
          ) : (
            events.map((event) => (
              <OpsOrderAction
                key={event}
                order={order}
                event={event}
                onMoved={(next) => {
                  show(next);
                  announce(t(EVENT_KEYS[event].done, { number: next.order.number }));
                }}
              />
            ))
          )}
        </div>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('ops.order.customer')}>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 px-5 pb-5 pt-3 max-sm:wrap-anywhere sm:grid-cols-[auto_1fr]">
            <dt className="text-neutral-600">{t('ops.order.customerName')}</dt>
            <dd>{customer.name}</dd>
            <dt className="text-neutral-600">{t('auth.email')}</dt>
            <dd>{customer.email}</dd>
            <dt className="text-neutral-600">{t('ops.order.customerNumber')}</dt>
            <dd>{customer.customerNumber}</dd>
            <dt className="text-neutral-600">{t('ops.order.successManager')}</dt>
            <dd>{customer.successManager ? `${customer.successManager.name} (${customer.successManager.email})` : t('ops.order.noSuccessManager')}</dd>
          </dl>
        </Card>
        <Card title={t('ops.order.amounts')}>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 px-5 pb-5 pt-3 max-sm:wrap-anywhere sm:grid-cols-[auto_1fr]">
            <dt className="text-neutral-600">{t('orders.column.total')}</dt>
            <dd>
              <Money cents={order.amounts.totalCents} currency={order.currency} />
            </dd>
            <dt className="text-neutral-600">{t('orders.column.date')}</dt>
            <dd>{format.dateTime(order.createdAt)}</dd>
            <dt className="text-neutral-600">{t('orders.column.poNumber')}</dt>
            <dd>{order.poNumber ?? '—'}</dd>
            <dt className="text-neutral-600">{t('ops.order.shipTo')}</dt>
            <dd>{`${order.consignee.firstName} ${order.consignee.lastName}, ${order.consignee.city}, ${order.consignee.countryName}`}</dd>
            {order.tracking.map((tr) => (
              <div key={tr.id} className="contents">
                <dt className="text-neutral-600">{tr.package}</dt>
                <dd>{`${tr.logisticsCompany} ${tr.trackNumber}`}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>

      <DataTable aria-label={t('orders.detail.products')}>
        <DataTableHeader>
          <DataColumn>{t('orders.column.part')}</DataColumn>
          <DataColumn>{t('orders.column.material')}</DataColumn>
          <DataColumn align="end">{t('orders.column.quantity')}</DataColumn>
          <DataColumn align="end">{t('orders.column.total')}</DataColumn>
          <DataColumn>{t('orders.column.ships')}</DataColumn>
        </DataTableHeader>
        <DataTableBody columnCount={5} items={order.products}>
          {(line) => (
            <DataRow>
              <DataCell isRowHeader>{line.name}</DataCell>
              <DataCell>{[line.material, line.colour].filter(Boolean).join(', ')}</DataCell>
              <DataCell align="end">{format.number(line.quantity)}</DataCell>
              <DataCell align="end">
                <Money cents={line.totalCents} currency={order.currency} />
              </DataCell>
              <DataCell>{format.date(line.shipDate)}</DataCell>
            </DataRow>
          )}
        </DataTableBody>
      </DataTable>

      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('ops.order.payments')}>
          <ul role="list" className="flex flex-col gap-1 px-5 pb-5 pt-3">
            {order.payments.length === 0 && <li>{order.amounts.totalCents === 0 && order.paidAt ? t('ops.order.noCharge') : t('orders.method.none')}</li>}
            {order.payments.map((p) => (
              <li key={p.id}>
                {t('ops.order.payment', { method: t(OPS_METHOD_KEYS[p.method]), status: t(OPS_PAYMENT_STATUS_KEYS[p.status]), amount: format.money(p.amountCents, p.currency) })}
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t('orders.detail.history')}>
          <ol role="list" className="flex flex-col gap-1 px-5 pb-5 pt-3">
            {order.statusHistory.map((h, i) => {
              const line = t('ops.order.historyLine', { at: format.dateTime(h.at), status: t(OPS_STATUS_KEYS[h.to]), actor: h.actor });
              return <li key={i}>{h.note ? t('ops.order.historyNote', { line, note: h.note }) : line}</li>;
            })}
          </ol>
        </Card>
      </div>

      <OpsOrderFiles data={data} />

      <OpsAdditionalCosts order={order} mayCharge={mayCharge} onCreated={() => void queryClient.invalidateQueries({ queryKey: queryKeys.ops.orders.detail(orderId) })} />

      <Card title={t('ops.order.audit')} description={t('ops.order.auditHint')}>
        <ol role="list" className="flex flex-col gap-2 px-5 pb-5 pt-3">
          {audit.length === 0 && <li>{t('ops.order.auditEmpty')}</li>}
          {audit.map((a) => (
            <li key={a.id}>
              {t('ops.order.auditLine', {
                at: format.dateTime(a.at),
                who: a.staffName,
                action: ACTION_KEYS[a.action] ? t(ACTION_KEYS[a.action] as Parameters<typeof t>[0]) : a.action,
              })}
              <span className="block text-neutral-700">{auditChanges(a, { t, money: (cents) => format.money(cents) }).join('; ')}</span>
              {a.reason && <span className="block text-neutral-600">{t('ops.order.auditReason', { reason: a.reason })}</span>}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
