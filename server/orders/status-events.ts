import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OrderEvent, OrderStatus } from '#domain/orders/order-status';
import type { Database } from '../db/schema.ts';
import type { PaymentEvent } from '../payments/events.ts';

export type StatusActor = 'customer' | 'operator' | 'agency' | 'system';

/**
 * One line of an order's status history (ADR 050): every move of an order's status is written
 * here, by the order services and the payments alike, inside the transaction that moved it.
 */
export async function recordStatusEvent(
  db: Kysely<Database>,
  event: { orderId: string; from: OrderStatus | null; to: OrderStatus; event: OrderEvent | 'create'; actor: StatusActor; note?: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('order_status_event')
    .values({
      id: randomUUID(),
      order_id: event.orderId,
      from_status: event.from,
      to_status: event.to,
      event: event.event,
      actor: event.actor,
      note: event.note ?? null,
      created_at: event.at,
    })
    .execute();
}

/**
 * The mark a refund puts on a paid order (in `paying_key`) while it gives the money back: the start
 * of production and every other change of a paid order require it absent (issue 12 item 13).
 */
export const REFUND_RESERVATION = 'refund';

/**
 * A payment moved an order (paid, awaiting a transfer, refunded): its line of history, in the
 * payment's transaction (a listener of the payment events, ADR 180). A repeated choice of a bank
 * transfer leaves the status as it was and writes nothing.
 */
export async function recordPaymentStatusEvent(db: Kysely<Database>, event: PaymentEvent): Promise<void> {
  if (event.subject.kind !== 'order' || event.from === event.to) return;
  await recordStatusEvent(db, {
    orderId: event.subject.id,
    from: event.from as OrderStatus,
    to: event.to as OrderStatus,
    event: event.step,
    actor: event.actor,
    note: event.note,
    at: event.at,
  });
}
