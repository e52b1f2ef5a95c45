import type { OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { Button } from '#ui/button';
import { EmptyState } from '#ui/empty-state';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '#ui/table';
import { ORDER_STATUS_KEYS, PAYMENT_METHOD_KEYS } from '../order-words.ts';

export interface OrderHistoryTableProps {
  data: Page<OrderSummary> | null;
  isLoading: boolean;
  /** A status or a search narrows the list: the empty state offers to show every order. */
  filtered: boolean;
  onShowAll: () => void;
}

/** The orders' table (order-history.tsx), a chunk fetched beside the first page of orders (ADR 140). */
export function OrderHistoryTable({ data, isLoading, filtered, onShowAll }: OrderHistoryTableProps) {
  const t = useT();
  const format = useFormat();
  return (
    <Table aria-label={t('orders.history.table')}>
      <TableHeader>
        <Column isRowHeader>{t('orders.column.order')}</Column>
        <Column>{t('orders.column.date')}</Column>
        <Column align="end">{t('orders.column.amount')}</Column>
        <Column>{t('orders.column.status')}</Column>
        <Column>{t('orders.column.payment')}</Column>
        <Column>{t('orders.column.poNumber')}</Column>
      </TableHeader>
      <TableBody
        items={data?.list ?? []}
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
          <Row id={order.id}>
            <Cell>
              <Link href={`/user/order/detail/${order.id}`}>{order.number}</Link>
            </Cell>
            <Cell>{format.dateTime(order.createdAt, 'date')}</Cell>
            <Cell align="end">
              <Money cents={order.amountCents} currency={order.currency} />
            </Cell>
            <Cell>
              <StatusBadge status={order.status}>{t(ORDER_STATUS_KEYS[order.status])}</StatusBadge>
            </Cell>
            <Cell>{order.paymentMethod ? t(PAYMENT_METHOD_KEYS[order.paymentMethod]) : t('orders.method.none')}</Cell>
            <Cell>{order.poNumber ?? '—'}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
