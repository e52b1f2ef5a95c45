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
import { HttpError, assertNoErrors, assertValid, fieldError, orNull } from '../errors.ts';
import { newNumber } from './numbers.ts';
import { recordStatusEvent } from './status-events.ts';

export const AFTER_SALE_SERVICE_MESSAGES = {
  unknownOrder: 'None of your orders has this Wedo order number.',
  notShipped: 'After-sale requests are for orders that have shipped.',
  duplicateProduct: 'Each product can be selected once.',
} as const;

/** The requests that hold a line's quantity: open, accepted, completed (not a rejected one, nor one whose refabrication was cancelled). */
const CLAIMING_STATUSES = ['submitted', 'accepted', 'completed'] as const;

type AfterSaleRow = {
  id: string;
  number: string;
  customer_order_number: string;
  wedo_number: string;
  status: string;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  refusal_reason: string | null;
  refabrication_order_id: string | null;
};

export async function readAfterSale(db: Kysely<Database>, row: AfterSaleRow): Promise<AfterSaleOrder> {
  const refabrication = row.refabrication_order_id
    ? await db.selectFrom('customer_order').select(['id', 'number']).where('id', '=', row.refabrication_order_id).executeTakeFirst()
    : undefined;
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
    decision: row.decided_at ? { decidedAt: row.decided_at, refusalReason: row.refusal_reason, refabrication: refabrication ? { id: refabrication.id, number: refabrication.number } : null } : null,
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
async function assertClaimable(
  trx: Kysely<Database>,
  items: readonly { productId: string; quantity: number }[],
  originals: Readonly<Record<string, number>>,
  exceptClaimId: string | null = null,
): Promise<void> {
  const ids = items.map((i) => i.productId);
  await trx.updateTable('order_line').set((eb) => ({ quantity: eb.ref('quantity') })).where('id', 'in', ids).execute();
  const claimedOf = await claimedElsewhere(trx, ids, exceptClaimId);
  const errors: Record<string, string[]> = {};
  items.forEach((item, i) => {
    const original = originals[item.productId] ?? 0;
    const already = claimedOf.get(item.productId) ?? 0;
    if (already + item.quantity > original) errors[`items.${i}.quantity`] = [AFTER_SALE_MESSAGES.quantityAlreadyClaimed(original, already)];
  });
  assertNoErrors(errors);
}

/**
 * How much of each of these lines the requests that hold a quantity claim (open, accepted,
 * completed), leaving out `exceptClaimId` (the claim being decided counts itself once).
 */
export async function claimedElsewhere(db: Kysely<Database>, lineIds: readonly string[], exceptClaimId: string | null): Promise<Map<string, number>> {
  if (lineIds.length === 0) return new Map();
  let query = db
    .selectFrom('after_sale_item')
    .innerJoin('after_sale_order', 'after_sale_order.id', 'after_sale_item.after_sale_id')
    .select(['after_sale_item.order_line_id as lineId', (eb) => eb.fn.sum<number | string | bigint>('after_sale_item.quantity').as('claimed')])
    .where('after_sale_item.order_line_id', 'in', [...lineIds])
    .where('after_sale_order.status', 'in', [...CLAIMING_STATUSES]);
  if (exceptClaimId) query = query.where('after_sale_order.id', '<>', exceptClaimId);
  const claimed = await query.groupBy('after_sale_item.order_line_id').execute();
  return new Map(claimed.map((r) => [r.lineId, Number(r.claimed)]));
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
    decided_at: null,
    refusal_reason: null,
    refabrication_order_id: null,
  };
  await transact(db, async (trx) => {
    await assertClaimable(trx, items, originals);
    await trx.insertInto('after_sale_order').values(row).execute();
    await trx.insertInto('after_sale_item').values(items.map((i) => ({ id: randomUUID(), after_sale_id: row.id, order_line_id: i.productId, quantity: i.quantity }))).execute();
  });
  return readAfterSale(db, { ...row, wedo_number: original.number });
}

/**
 * An accepted claim is `completed` once its refabrication order is delivered (issue 38 item 4): run
 * in the delivery's transaction, so the customer's after-sale page and the order agree.
 */
export async function completeClaimsRefabricatedBy(trx: Kysely<Database>, orderId: string): Promise<void> {
  await trx.updateTable('after_sale_order').set({ status: 'completed' }).where('refabrication_order_id', '=', orderId).where('status', '=', 'accepted').execute();
}

/** The accepted claim whose refabrication is this order, if any (an order is the refabrication of one claim at most). */
export async function claimRefabricatedBy(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('after_sale_order')
    .innerJoin('customer_order', 'customer_order.id', 'after_sale_order.order_id')
    .select(['after_sale_order.id', 'after_sale_order.number', 'customer_order.number as orderNumber'])
    .where('after_sale_order.refabrication_order_id', '=', orderId)
    .where('after_sale_order.status', '=', 'accepted')
    .executeTakeFirst();
}

/**
 * Staff cancelled the refabrication `orderId` before it shipped (ADR 232): its accepted claim is
 * `cancelled` with the reason the customer reads, in the cancellation's transaction. The claim keeps
 * naming the (now cancelled) order and no longer holds its quantities, so the customer may ask again.
 */
export async function cancelClaimRefabricatedBy(trx: Kysely<Database>, orderId: string, reason: string, at: string): Promise<void> {
  const changed = await trx
    .updateTable('after_sale_order')
    .set({ status: 'cancelled', refusal_reason: reason, decided_at: at })
    .where('refabrication_order_id', '=', orderId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, CLAIM_DECISION_MESSAGES.alreadyDecided);
}

export const CLAIM_DECISION_MESSAGES = {
  notFound: 'No after-sale claim has this id.',
  alreadyDecided: 'This after-sale claim was already decided.',
  reasonRequired: 'Please give the reason the customer will read.',
  refabricationNote: (claim: string) => `Refabrication at no charge for after-sale ${claim}.`,
} as const;

/** What a decision did, for the audit the caller writes in the decision's transaction. */
export interface ClaimDecided {
  before: { status: string };
  after: { status: string; refabricationOrder?: string };
}

export type ClaimDecisionInput = { decision: 'approve' } | { decision: 'refuse'; reason: string };

/**
 * Staff decide a submitted claim (issue 38 item 4, ADR 200). Approved: the claimed quantities are
 * checked again, in the transaction, against the lines and every other claim (`assertClaimable`,
 * the check the customer's request ran), and the refabrication is a new order of the claimed
 * products at no charge, paid as it is made, so it goes through production and shipping like any
 * other; the claim is `accepted` and names it. Refused: `rejected` with the reason the customer
 * reads. `alsoInTransaction` (the audit) runs in the same transaction; a claim decided twice at once
 * is decided once (409).
 */
export async function decideAfterSale(
  db: Kysely<Database>,
  clock: Clock,
  claimId: string,
  input: ClaimDecisionInput,
  alsoInTransaction: (trx: Kysely<Database>, done: ClaimDecided) => Promise<void>,
): Promise<AfterSaleOrder> {
  const claim = await db.selectFrom('after_sale_order').selectAll().where('id', '=', claimId).executeTakeFirst();
  if (!claim) throw new HttpError(404, CLAIM_DECISION_MESSAGES.notFound);
  if (claim.status !== 'submitted') throw new HttpError(409, CLAIM_DECISION_MESSAGES.alreadyDecided);
  const now = clock();
  const at = iso(now);
  const reason = input.decision === 'refuse' ? orNull(input.reason) : null;
  if (input.decision === 'refuse' && !reason) throw fieldError('reason', CLAIM_DECISION_MESSAGES.reasonRequired);
  const orderNumber = input.decision === 'approve' ? await newNumber(db, 'customer_order', 'W', now) : null;
  await transact(db, async (trx) => {
    const decide = (set: { status: string; refusal_reason: string | null; refabrication_order_id: string | null }) =>
      trx.updateTable('after_sale_order').set({ ...set, decided_at: at }).where('id', '=', claimId).where('status', '=', 'submitted').executeTakeFirst();
    if (input.decision === 'refuse') {
      const changed = await decide({ status: 'rejected', refusal_reason: reason, refabrication_order_id: null });
      if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, CLAIM_DECISION_MESSAGES.alreadyDecided);
      await alsoInTransaction(trx, { before: { status: 'submitted' }, after: { status: 'rejected' } });
      return;
    }
    const items = await trx.selectFrom('after_sale_item').select(['order_line_id', 'quantity']).where('after_sale_id', '=', claimId).execute();
    const claimed = items.map((i) => ({ productId: i.order_line_id, quantity: Number(i.quantity) }));
    const lines = await trx.selectFrom('order_line').selectAll().where('order_id', '=', claim.order_id).orderBy('position').execute();
    const originals = Object.fromEntries(lines.map((l) => [l.id, Number(l.quantity)]));
    await assertClaimable(trx, claimed, originals, claimId);
    const original = await trx.selectFrom('customer_order').selectAll().where('id', '=', claim.order_id).executeTakeFirstOrThrow();
    const orderId = randomUUID();
    await trx
      .insertInto('customer_order')
      .values({
        ...original,
        id: orderId,
        number: orderNumber as string,
        status: 'paid',
        subtotal_cents: 0,
        shipping_cents: 0,
        discount_cents: 0,
        total_cents: 0,
        coupon_code: null,
        promo_code_id: null,
        referral_percent_off: null,
        paying_key: null,
        paying_since: null,
        payment_method: null,
        paid_at: at,
        customer_note: CLAIM_DECISION_MESSAGES.refabricationNote(claim.number),
        created_at: at,
        updated_at: at,
      })
      .execute();
    const quantityOf = new Map(claimed.map((c) => [c.productId, c.quantity]));
    const copied = lines
      .filter((l) => quantityOf.has(l.id))
      .map((l, position) => ({ ...l, id: randomUUID(), order_id: orderId, position, quantity: quantityOf.get(l.id) as number, unit_price_cents: 0, total_cents: 0 }));
    await trx.insertInto('order_line').values(copied).execute();
    await recordStatusEvent(trx, { orderId, from: null, to: 'paid', event: 'create', actor: 'operator', note: CLAIM_DECISION_MESSAGES.refabricationNote(claim.number), at });
    const changed = await decide({ status: 'accepted', refusal_reason: null, refabrication_order_id: orderId });
    if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, CLAIM_DECISION_MESSAGES.alreadyDecided);
    await alsoInTransaction(trx, { before: { status: 'submitted' }, after: { status: 'accepted', refabricationOrder: orderNumber as string } });
  });
  return readClaim(db, claimId);
}

/** One claim as its customer and staff read it. */
export async function readClaim(db: Kysely<Database>, claimId: string): Promise<AfterSaleOrder> {
  const row = await db
    .selectFrom('after_sale_order')
    .innerJoin('customer_order', 'customer_order.id', 'after_sale_order.order_id')
    .selectAll('after_sale_order')
    .select('customer_order.number as wedo_number')
    .where('after_sale_order.id', '=', claimId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, CLAIM_DECISION_MESSAGES.notFound);
  return readAfterSale(db, row);
}
