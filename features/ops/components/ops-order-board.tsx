import { useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '#domain/api/order';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Link } from '#ui/link';
import { LoadFailed } from '#ui/load-failed';
import { ScrollRegion } from '#ui/scroll-region';
import { listOpsOrders } from '../api.ts';
import { OPS_STATUS_KEYS } from '../ops-words.ts';

/** The board's columns: an order's way from payment to the customer's door (issue 38 item 2). */
export const BOARD_STATUSES = ['awaiting_transfer', 'paid', 'in_production', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
/** The cards a column shows, oldest business first is the list's job: the newest here, the rest one link away. */
export const BOARD_CARDS = 20;

function BoardColumn({ status }: { status: (typeof BOARD_STATUSES)[number] }) {
  const t = useT();
  const format = useFormat();
  const query = useQuery({
    queryKey: queryKeys.ops.orders.column(status),
    queryFn: ({ signal }) => listOpsOrders({ page: 1, pageSize: BOARD_CARDS, status, q: '' }, signal),
  });
  const state = asyncState(query);
  const name = t(OPS_STATUS_KEYS[status]);
  const headingId = `board-${status}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-56 flex-1 flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-50 p-3">
      <h2 id={headingId} className="flex items-baseline justify-between gap-2 font-semibold text-neutral-900">
        <span>{name}</span>
        {state.status === 'success' && <span className="text-caption font-normal text-neutral-600">{t('opsOrders.board.count', { count: state.data.total })}</span>}
      </h2>
      {state.status === 'loading' && (
        <p role="status" className="text-neutral-600">
          {t('common.loading')}
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed retryLabel={t('common.tryAgain')} look="column" onRetry={query.refetch}>
          {errorMessage(state.error)}
        </LoadFailed>
      )}
      {state.status === 'success' &&
        (state.data.list.length === 0 ? (
          <p className="text-neutral-600">{t('opsOrders.board.empty')}</p>
        ) : (
          <ul role="list" aria-labelledby={headingId} className="flex flex-col gap-2">
            {state.data.list.map(({ order, customer, shipBy }) => (
              <li key={order.id} className="flex flex-col gap-1 rounded-control border border-neutral-200 bg-neutral-0 p-3">
                <Link href={`/ops/orders/${order.id}`} className="font-semibold">
                  {order.number}
                </Link>
                <span>{t('opsOrders.card.customer', { name: customer.name })}</span>
                <span>{t('opsOrders.card.total', { amount: format.money(order.amountCents, order.currency) })}</span>
                <span className="text-neutral-700">{shipBy ? t('opsOrders.card.shipBy', { date: format.date(shipBy) }) : t('opsOrders.card.noDate')}</span>
              </li>
            ))}
          </ul>
        ))}
      {state.status === 'success' && state.data.total > state.data.list.length && (
        <Link href={`/ops/orders?status=${status}`}>{t('opsOrders.board.more', { count: state.data.total, status: name })}</Link>
      )}
    </section>
  );
}

/**
 * The orders by status, one column per step (issue 38 item 2), beside the searchable list: each card
 * is a link to the order (its number, customer, total and ship-by date), so Tab walks the board
 * column by column, and each column says how many it holds. A staff move makes every column fresh
 * (`queryKeys.ops.orders.all`).
 */
export function OpsOrderBoard() {
  const t = useT();
  return (
    <ScrollRegion aria-label={t('opsOrders.board')}>
      <div className="flex gap-3 pb-2">
        {BOARD_STATUSES.map((status) => (
          <BoardColumn key={status} status={status} />
        ))}
      </div>
    </ScrollRegion>
  );
}
