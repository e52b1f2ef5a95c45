import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AfterSaleOrder, AfterSaleRequest } from '#domain/api/order';
import type { Page, PageQuery } from '#domain/api/paging';
import { canRequestAfterSale, type OrderStatus } from '#domain/orders/order-status';
import { AFTER_SALE_MESSAGES } from '#domain/rules/after-sale-rules';
import { afterSaleSuite } from '#domain/rules/after-sale-suites';
import { iso, type Clock } from '../clock.ts';
import { paginate } from '../db/paginate.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { assertNoErrors, assertValid, fieldError, orNull } from '../errors.ts';
import { newNumber } from './numbers.ts';

export const AFTER_SALE_SERVICE_MESSAGES = {
  unknownOrder: 'None of your orders has this Wedo order number.',
  notShipped: 'After-sale requests are for orders that have shipped.',
  duplicateProduct: 'Each product can be selected once.',
} as const;

/** The requests that hold a line's quantity: every one but a rejected one (open, accepted, completed). */
const CLAIMING_STATUSES = ['submitted', 'accepted', 'completed'] as const;

type AfterSaleRow = { id: string; number: string; customer_order_number: string; wedo_number: string; status: string; reason: string | null; created_at: string };

async function readAfterSale(db: Kysely<Database>, row: AfterSaleRow): Promise<AfterSaleOrder> {
  const items = await db
    .selectFrom('after_sale_item')
    .innerJoin('order_line', 'order_line.id', 'after_sale_item.order_line_id')
    .select(['after_sale_item.order_line_id', 'after_sale_item.quantity', 'order_line.name', 'order_line.quantity as original_quantity'])
    .where('after_sale_item.after_sale_id', '=', row.id)
    .orderBy('order_line.position')
    .execute();
  return {
    id: row.id,
    number: row.number,
    orderNumber: row.customer_order_number,
    wedoOrderNumber: row.wedo_number,
    status: row.status as AfterSaleOrder['status'],
    reason: row.reason,
    items: items.map((i) => ({ productId: i.order_line_id, name: i.name, originalQuantity: Number(i.original_quantity), quantity: Number(i.quantity) })),
    createdAt: row.created_at,
  };
}

/** The buyer's after-sale (refabrication) requests, newest first. */
export function listAfterSales(db: Kysely<Database>, userId: string, query: PageQuery): Promise<Page<AfterSaleOrder>> {
  const filtered = db.selectFrom('after_sale_order').where('after_sale_order.user_id', '=', userId);
  return paginate(
    filtered,
    query,
    (q) =>
      q
        .innerJoin('customer_order', 'customer_order.id', 'after_sale_order.order_id')
        .selectAll('after_sale_order')
        .select('customer_order.number as wedo_number')
        .orderBy('after_sale_order.created_at', 'desc')
        .orderBy('after_sale_order.id'),
    (row) => readAfterSale(db, row),
  );
}

/**
 * How much of each line the other requests already claim, checked in `trx` before the new request's
 * items are written (issue 32 item 3: three requests of 4 on a line of 6 were all accepted). The
 * lines are locked first by a write that changes nothing (`quantity = quantity`): on PostgreSQL it
 * takes the rows' locks, as SELECT … FOR UPDATE would, so a concurrent request for the same lines
 * waits here until this one commits and then counts it; on SQLite it makes the transaction the
 * writer at once (Kysely's BEGIN is deferred), so no other connection or process can write between
 * the sums and the insert. One statement that means the same on both databases.
 */
async function assertClaimable(trx: Kysely<Database>, items: readonly { productId: string; quantity: number }[], originals: Readonly<Record<string, number>>): Promise<void> {
  const ids = items.map((i) => i.productId);
  await trx.updateTable('order_line').set((eb) => ({ quantity: eb.ref('quantity') })).where('id', 'in', ids).execute();
  const claimed = await trx
    .selectFrom('after_sale_item')
    .innerJoin('after_sale_order', 'after_sale_order.id', 'after_sale_item.after_sale_id')
    .select(['after_sale_item.order_line_id as lineId', (eb) => eb.fn.sum<number | string | bigint>('after_sale_item.quantity').as('claimed')])
    .where('after_sale_item.order_line_id', 'in', ids)
    .where('after_sale_order.status', 'in', [...CLAIMING_STATUSES])
    .groupBy('after_sale_item.order_line_id')
    .execute();
  const claimedOf = new Map(claimed.map((r) => [r.lineId, Number(r.claimed)]));
  const errors: Record<string, string[]> = {};
  items.forEach((item, i) => {
    const original = originals[item.productId] ?? 0;
    const already = claimedOf.get(item.productId) ?? 0;
    if (already + item.quantity > original) errors[`items.${i}.quantity`] = [AFTER_SALE_MESSAGES.quantityAlreadyClaimed(original, already)];
  });
  assertNoErrors(errors);
}

/**
 * Spec section 5: products of a shipped order made again. The rules run twice: on the request as
 * sent, then with the order's own quantities once the order is known; then, in the transaction that
 * stores it, against what the account's other requests for the same lines already claim.
 */
export async function requestAfterSale(db: Kysely<Database>, clock: Clock, userId: string, body: AfterSaleRequest): Promise<AfterSaleOrder> {
  assertValid(afterSaleSuite.runStatic(body));
  const original = await db.selectFrom('customer_order').selectAll().where('number', '=', body.wedoOrderNumber.toUpperCase()).where('user_id', '=', userId).executeTakeFirst();
  if (!original) throw fieldError('wedoOrderNumber', AFTER_SALE_SERVICE_MESSAGES.unknownOrder);
  if (!canRequestAfterSale(original.status as OrderStatus)) throw fieldError('wedoOrderNumber', AFTER_SALE_SERVICE_MESSAGES.notShipped);
  const lines = await db.selectFrom('order_line').select(['id', 'quantity']).where('order_id', '=', original.id).execute();
  const originals = Object.fromEntries(lines.map((l) => [l.id, Number(l.quantity)]));
  assertValid(afterSaleSuite.runStatic(body, originals));
  const items = body.items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
  if (new Set(items.map((i) => i.productId)).size !== items.length) throw fieldError('items', AFTER_SALE_SERVICE_MESSAGES.duplicateProduct);
  const now = clock();
  const row = {
    id: randomUUID(),
    number: await newNumber(db, 'after_sale_order', 'AS', now),
    user_id: userId,
    order_id: original.id,
    customer_order_number: body.orderNumber,
    status: 'submitted',
    reason: orNull(body.reason),
    created_at: iso(now),
  };
  await transact(db, async (trx) => {
    await assertClaimable(trx, items, originals);
    await trx.insertInto('after_sale_order').values(row).execute();
    await trx.insertInto('after_sale_item').values(items.map((i) => ({ id: randomUUID(), after_sale_id: row.id, order_line_id: i.productId, quantity: i.quantity }))).execute();
  });
  return readAfterSale(db, { ...row, wedo_number: original.number });
}
