import type { OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { DataCell, DataColumn, DataRow, DataTable, DataTableBody, DataTableHeader } from '#ui/data-table';
import { ORDER_STATUS_KEYS, PAYMENT_METHOD_KEYS } from '../order-words.ts';

export interface OrderHistoryTableProps {
  data: Page<OrderSummary> | null;
  isLoading: boolean;
  /** A status or a search narrows the list: the empty state offers to show every order. */
  filtered: boolean;
  onShowAll: () => void;
}

/** The orders' table (order-history.tsx): a table to read, drawn with the page (ADR 269). */
export function OrderHistoryTable({ data, isLoading, filtered, onShowAll }: OrderHistoryTableProps) {
  const t = useT();
  const format = useFormat();
  return (
    <DataTable aria-label={t('orders.history.table')}>
      <DataTableHeader>
        <DataColumn>{t('orders.column.order')}</DataColumn>
        <DataColumn>{t('orders.column.date')}</DataColumn>
        <DataColumn align="end">{t('orders.column.amount')}</DataColumn>
        <DataColumn>{t('orders.column.status')}</DataColumn>
        <DataColumn>{t('orders.column.payment')}</DataColumn>
        <DataColumn>{t('orders.column.poNumber')}</DataColumn>
      </DataTableHeader>
      <DataTableBody
        items={data?.list ?? []}
        columnCount={6}
        isLoading={isLoading}
        loadingLabel={t('common.loading')}
        emptyState={
          filtered ? (
            <EmptyState
              title={t('error.orderNotFound')}
              description={t('orders.history.noMatch')}
              action={
                <Button variant="secondary" onPress={onShowAll}>
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
          <DataRow>
            <DataCell isRowHeader>
              <Link href={`/user/order/detail/${order.id}`}>{order.number}</Link>
            </DataCell>
            <DataCell>{format.dateTime(order.createdAt, 'date')}</DataCell>
            <DataCell align="end">
              <Money cents={order.amountCents} currency={order.currency} />
            </DataCell>
            <DataCell>
              <StatusBadge status={order.status}>{t(ORDER_STATUS_KEYS[order.status])}</StatusBadge>
            </DataCell>
            <DataCell>{order.paymentMethod ? t(PAYMENT_METHOD_KEYS[order.paymentMethod]) : t('orders.method.none')}</DataCell>
            <DataCell>{order.poNumber ?? '—'}</DataCell>
          </DataRow>
        )}
      </DataTableBody>
    </DataTable>
  );
}
