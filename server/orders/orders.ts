import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Consignee, CouponCheck, CouponCheckRequest, CreateOrderRequest, CreateOrderResponse, Order, OrderListQuery, OrderSummary, ReviewRequest } from '#domain/api/order';
import { ORDER_NOT_FOUND } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { findMaterial } from '#domain/catalogue/lookup';
import { partFindingNotes, type Finding } from '#domain/geometry/findings';
import type { PartMetrics } from '#domain/geometry/part-metrics';
import { canReview, transition, type OrderEvent, type OrderStatus } from '#domain/orders/order-status';
import { INCOTERM } from '#domain/orders/shipping';
import { formatUsd } from '#domain/pricing/money';
import { quotePart, type QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { checkoutSuite, reviewSuite } from '#domain/rules/checkout-suites';
import { REWARDS_MESSAGES, referralDiscountCents } from '#domain/rules/rewards-rules';
import { iso, type Clock } from '../clock.ts';
import type { Database, OrderLineTable } from '../db/schema.ts';
import { countryName, subdivisionName } from '../geography.ts';
import { HttpError, assertValid, fieldError, orNull } from '../errors.ts';
import { paginate } from '../db/paginate.ts';
import { withinTransaction } from '../db/transact.ts';
import { SNAPSHOTS } from '../db/json-column.ts';
import { billingInfoOf } from '../accounts/addresses.ts';
import { orderCeilingMessage, withOrderCeiling } from '../quote/pricing.ts';
import { REVIEW_MESSAGES, reviewFor } from '../quote/reviews.ts';
import { drawingsOf } from '../quote/part-documents.ts';
import { containsIgnoringCase } from '../db/search.ts';
import { newNumber } from './numbers.ts';
import { toOrder, toOrderSummary } from './records.ts';
import { completeClaimsRefabricatedBy } from './after-sales.ts';
import { REFUND_RESERVATION, recordStatusEvent } from './status-events.ts';
import { firstOrderReferral, redeemFirstOrderReferral, refuseReferralShippedToReferrer, releaseReferralOfOrder } from '../rewards/referral.ts';

export const ORDER_MESSAGES = {
  cartEmpty: 'Your cart is empty: add parts to it before checking out.',
  cartItemsUnknown: 'Some of the chosen items are not in your cart any more; please review your cart.',
  cartChanged: 'Your cart changed while the order was being placed; please review it and try again.',
  shippingAddressUnknown: 'Please choose one of your shipping addresses.',
  billingAddressUnknown: 'Please choose one of your billing addresses.',
  couponUnknown: 'This coupon code is not valid for your account.',
  couponUsed: 'This coupon has already been used (coupons are single-use, one per order).',
  couponExpired: 'This coupon has expired.',
  lineCommentTooLong: 'A product comment can be at most 500 characters.',
  fileRemoved: (name: string) => `"${name}" was removed after being kept for 3 months: upload it again to order it.`,
  notOrderable: (name: string, why: string) => `"${name}" cannot be ordered as configured: ${why}`,
  paymentInProgress: 'A payment for this order is in progress; please wait a moment and refresh.',
} as const;

/** Whether the account orders on behalf of its own customers (spec section 6: entrust fields allowed). */
export async function isEntrustAccount(db: Kysely<Database>, userId: string): Promise<boolean> {
  const user = await db.selectFrom('user_account').select(['is_entrust_order_account']).where('id', '=', userId).executeTakeFirstOrThrow();
  return user.is_entrust_order_account === 1;
}

/** The checkout rules (domain/rules/checkout-rules.ts) for this account; the route runs them before `createOrder`. */
export async function checkoutRules(db: Kysely<Database>, userId: string, body: Record<string, unknown>) {
  return checkoutSuite.runStatic(body, await isEntrustAccount(db, userId));
}

/** The caller's order, or 404 with the spec's message (another account's order included). */
/**
 * The caller's coupon, if an order may take it now, and what it takes off `subtotal` (cents): the
 * caller's own code, unused, unexpired (issue 34 item 6, ADR 165: checkout checks it before the
 * order, the order checks it again). A refusal is a 422 on `couponCode` in the customer's words.
 */
export async function usableCoupon(db: Kysely<Database>, userId: string, rawCode: string, subtotal: number, now: Date) {
  const code = rawCode.trim().toUpperCase();
  const promo = await db.selectFrom('promo_code').selectAll().where('code', '=', code).where('user_id', '=', userId).executeTakeFirst();
  if (!promo) throw new HttpError(422, ORDER_MESSAGES.couponUnknown, { couponCode: [ORDER_MESSAGES.couponUnknown] });
  if (promo.used_at) throw new HttpError(422, ORDER_MESSAGES.couponUsed, { couponCode: [ORDER_MESSAGES.couponUsed] });
  if (promo.expires_at && promo.expires_at <= iso(now)) throw new HttpError(422, ORDER_MESSAGES.couponExpired, { couponCode: [ORDER_MESSAGES.couponExpired] });
  const discount = promo.percent_off ? Math.round((subtotal * Number(promo.percent_off)) / 100) : Math.min(Number(promo.amount_off_cents ?? 0), subtotal);
  return { id: promo.id, code: promo.code, percentOff: promo.percent_off === null ? null : Number(promo.percent_off), amountOffCents: promo.amount_off_cents === null ? null : Number(promo.amount_off_cents), discount };
}

/** `POST checkout/coupon`: the coupon against the lines to be ordered, as the cart prices them (ADR 165). */
export async function checkCoupon(db: Kysely<Database>, clock: Clock, userId: string, body: CouponCheckRequest): Promise<CouponCheck> {
  const now = clock();
  const referral = await firstOrderReferral(db, userId);
  if (referral) throw new HttpError(422, REWARDS_MESSAGES.couponWithReferral, { couponCode: [REWARDS_MESSAGES.couponWithReferral] });
  let query = db.selectFrom('cart_item').select(['id', 'total_cents']).where('user_id', '=', userId);
  const wanted = body.cartItemIds ? [...new Set(body.cartItemIds)] : undefined;
  if (wanted) query = query.where('id', 'in', wanted.length > 0 ? wanted : ['-']);
  const lines = await query.execute();
  if (lines.length === 0) throw new HttpError(422, ORDER_MESSAGES.cartEmpty, { cartItemIds: [ORDER_MESSAGES.cartEmpty] });
  const subtotal = lines.reduce((sum, l) => sum + Number(l.total_cents), 0);
  const coupon = await usableCoupon(db, userId, body.couponCode, subtotal, now);
  return { code: coupon.code, percentOff: coupon.percentOff, amountOffCents: coupon.amountOffCents, subtotalCents: subtotal, discountCents: coupon.discount, totalCents: subtotal - coupon.discount };
}

export async function findOwnOrder(db: Kysely<Database>, userId: string, id: string) {
  const row = await db.selectFrom('customer_order').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new HttpError(404, ORDER_NOT_FOUND);
  return row;
}

export async function readOrder(db: Kysely<Database>, orderId: string): Promise<Order> {
  const row = await db.selectFrom('customer_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const [lines, events, payments, tracking, review] = await Promise.all([
    db.selectFrom('order_line').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    db.selectFrom('order_status_event').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('payment').selectAll().where('subject_kind', '=', 'order').where('subject_id', '=', orderId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('order_tracking').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('package_label').orderBy('id').execute(),
    db.selectFrom('order_review').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
  ]);
  const fileIds = [...new Set(lines.map((l) => l.file_id))];
  const kept =
    fileIds.length === 0
      ? []
      : await db.selectFrom('quote_file').select('id').where('id', 'in', fileIds).where('removed_at', 'is', null).execute();
  return toOrder(row, { lines, events, payments, tracking, review, keptFileIds: new Set(kept.map((f) => f.id)) });
}

function firstProblem(result: QuoteResult, findings: readonly Finding[]): string {
  const error = Object.values(result.validation.errors).find((m) => m.length > 0)?.[0];
  if (error) return error;
  const blocking = [...result.findings, ...findings].find((f) => f.severity === 'error');
  if (blocking) return blocking.message;
  return 'it cannot be priced with these options.';
}

/**
 * `POST checkout/order` (ADR 050), after the checkout rules (`checkoutRules`): the caller's cart lines, priced again now with `quotePart` on
 * the server's own analysis (the price charged is this one, not the cart's), the addresses copied
 * as they are now, the coupon taken (single-use, one per order), and the ordered lines removed
 * from the cart, all in one transaction.
 */
export async function createOrder(db: Kysely<Database>, clock: Clock, userId: string, body: CreateOrderRequest, maxOrderCents: number): Promise<CreateOrderResponse> {
  const entrust = await isEntrustAccount(db, userId);
  const lineComments = body.lineComments ?? {};
  for (const [id, comment] of Object.entries(lineComments)) {
    if (comment.length > 500) throw fieldError(`lineComments.${id}`, ORDER_MESSAGES.lineCommentTooLong);
  }

  const shippingAddress = await db.selectFrom('shipping_address').selectAll().where('id', '=', body.shippingAddressId).where('user_id', '=', userId).executeTakeFirst();
  if (!shippingAddress) throw fieldError('shippingAddressId', ORDER_MESSAGES.shippingAddressUnknown);
  const billingAddress = await db.selectFrom('billing_address').selectAll().where('id', '=', body.billingAddressId).where('user_id', '=', userId).executeTakeFirst();
  if (!billingAddress) throw fieldError('billingAddressId', ORDER_MESSAGES.billingAddressUnknown);

  const wanted = body.cartItemIds ? [...new Set(body.cartItemIds)] : undefined;
  let query = db
    .selectFrom('cart_item')
    .innerJoin('quote_file', 'quote_file.id', 'cart_item.file_id')
    .innerJoin('quote_project', 'quote_project.id', 'quote_file.project_id')
    .select([
      'cart_item.id as id',
      'cart_item.configuration as configuration',
      'cart_item.total_cents as cart_total_cents',
      'cart_item.review_id as review_id',
      'quote_file.id as file_id',
      'quote_file.name as file_name',
      'quote_file.metrics as metrics',
      'quote_file.findings as findings',
      'quote_file.removed_at as removed_at',
      'quote_file.note as note',
      'quote_project.id as project_id',
    ])
    .where('cart_item.user_id', '=', userId)
    .where('quote_project.user_id', '=', userId);
  if (wanted) query = query.where('cart_item.id', 'in', wanted.length > 0 ? wanted : ['-']);
  const rows = await query.orderBy('cart_item.created_at').orderBy('cart_item.id').execute();
  if (wanted && rows.length !== wanted.length) throw new HttpError(422, ORDER_MESSAGES.cartItemsUnknown, { cartItemIds: [ORDER_MESSAGES.cartItemsUnknown] });
  if (rows.length === 0) throw new HttpError(422, ORDER_MESSAGES.cartEmpty, { cartItemIds: [ORDER_MESSAGES.cartEmpty] });

  const now = clock();
  const notices: string[] = [];
  const drawings = await drawingsOf(db, rows.map((r) => r.file_id));
  const lines: { cartItemId: string; values: Omit<Insertable<OrderLineTable>, 'order_id'> & { total_cents: number } }[] = [];
  for (const [position, row] of rows.entries()) {
    if (row.removed_at) throw new HttpError(410, ORDER_MESSAGES.fileRemoved(row.file_name));
    const configuration = JSON.parse(row.configuration) as PartConfiguration;
    const findings = JSON.parse(row.findings) as Finding[];
    const metrics = row.metrics ? (JSON.parse(row.metrics) as PartMetrics) : null;
    const material = findMaterial(configuration.process, configuration.materialId);
    // The part's note (ADR 164) is the product's comment, with what checkout adds to the line after it.
    const comment = [row.note, lineComments[row.id]].filter((text) => text?.trim()).join('\n\n');
    const drawing = drawings.get(row.file_id);
    const base = {
      id: randomUUID(),
      position,
      file_id: row.file_id,
      project_id: row.project_id,
      name: row.file_name.replace(/\.[^.]+$/, ''),
      file_name: row.file_name,
      process: configuration.process,
      material_id: configuration.materialId,
      material_name: material?.name ?? configuration.materialId,
      colour_name: material?.colours.find((c) => c.id === configuration.colourId)?.name ?? null,
      configuration: SNAPSHOTS.lineConfiguration.write(configuration),
      quantity: configuration.quantity,
      comment: orNull(comment),
      // The drawing the product is made to: its bytes stay while an order line names them (ADR 164).
      drawing_name: drawing?.name ?? null,
      drawing_content_type: drawing?.content_type ?? null,
      drawing_size_bytes: drawing ? Number(drawing.size_bytes) : null,
      drawing_key: drawing?.storage_key ?? null,
    };
    if (row.review_id) {
      // Priced by a manual review (ADR 163): its price, while it holds, for the configuration reviewed.
      const review = await reviewFor(db, { id: row.file_id, name: row.file_name }, configuration, now);
      if (review?.kind !== 'held' || review.price.id !== row.review_id) {
        const message = review?.kind === 'expired' ? review.message : REVIEW_MESSAGES.changed(row.file_name);
        throw new HttpError(422, message, { [`cartItems.${row.id}`]: [message] });
      }
      const result = metrics ? withOrderCeiling(quotePart(metrics, configuration, now, { geometryFindings: findings }), maxOrderCents) : null;
      const { price } = review;
      lines.push({
        cartItemId: row.id,
        values: {
          ...base,
          quote: SNAPSHOTS.lineQuote.write(result),
          unit_price_cents: price.unitPriceCents,
          total_cents: price.totalCents,
          lead_time_days: price.leadTimeDays,
          ship_date: price.shipDate,
          findings: SNAPSHOTS.lineFindings.write(partFindingNotes(findings, result?.findings ?? [], configuration.process)),
          review_id: price.id,
        },
      });
      continue;
    }
    if (!metrics) throw new HttpError(422, ORDER_MESSAGES.notOrderable(row.file_name, 'the file could not be read.'));
    const result = withOrderCeiling(quotePart(metrics, configuration, now, { geometryFindings: findings }), maxOrderCents);
    if (!result.orderable || result.unitPriceCents === null || result.totalCents === null || !result.shipDate || !result.leadTime) {
      const message = ORDER_MESSAGES.notOrderable(row.file_name, firstProblem(result, findings));
      throw new HttpError(422, message, { [`cartItems.${row.id}`]: [message] });
    }
    if (result.totalCents !== Number(row.cart_total_cents)) {
      notices.push(`The price of "${row.file_name}" is now ${formatUsd(result.totalCents)} (it was ${formatUsd(Number(row.cart_total_cents))} in your cart).`);
    }
    lines.push({
      cartItemId: row.id,
      values: {
        ...base,
        quote: SNAPSHOTS.lineQuote.write(result),
        unit_price_cents: result.unitPriceCents,
        total_cents: result.totalCents,
        lead_time_days: result.leadTime.totalWorkingDays,
        ship_date: result.shipDate,
        findings: SNAPSHOTS.lineFindings.write(partFindingNotes(findings, result.findings, configuration.process)),
        review_id: null,
      },
    });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.values.total_cents, 0);

  const couponCode = orNull(body.couponCode)?.toUpperCase() ?? null;
  // A referred friend's first order takes the referral discount (ADR 090); an order takes one discount.
  const referral = await firstOrderReferral(db, userId);
  // A first order shipped to the referrer's own address is not a new friend's (ADR 151).
  if (referral) {
    const shipTo = { countryCode: shippingAddress.country_code, postcode: shippingAddress.postcode, addressLine1: shippingAddress.address_line1 };
    await refuseReferralShippedToReferrer(db, { friendId: userId, referrerId: referral.referrerId, shippingAddress: shipTo, at: iso(now) });
  }
  if (referral && couponCode) throw new HttpError(422, REWARDS_MESSAGES.couponWithReferral, { couponCode: [REWARDS_MESSAGES.couponWithReferral] });
  const coupon = couponCode ? await usableCoupon(db, userId, couponCode, subtotal, now) : null;
  const discount = coupon?.discount ?? (referral ? referralDiscountCents(subtotal) : 0);
  if (subtotal - discount > maxOrderCents) {
    const message = `This order comes to ${formatUsd(subtotal - discount)}. ${orderCeilingMessage(maxOrderCents)}`;
    throw new HttpError(422, message, { cartItemIds: [message] });
  }

  const consignee: Consignee = {
    firstName: shippingAddress.first_name,
    lastName: shippingAddress.last_name,
    company: shippingAddress.company,
    phoneCode: shippingAddress.phone_code,
    mobile: shippingAddress.mobile,
    vatNumber: shippingAddress.vat_number,
    countryCode: shippingAddress.country_code,
    countryName: countryName(shippingAddress.country_code),
    state: shippingAddress.state,
    stateName: subdivisionName(shippingAddress.country_code, shippingAddress.state),
    city: shippingAddress.city,
    postcode: shippingAddress.postcode,
    addressLine1: shippingAddress.address_line1,
    addressLine2: shippingAddress.address_line2,
    addressLine3: shippingAddress.address_line3,
  };
  const shipping = body.shipping;
  const orderId = randomUUID();
  const number = await newNumber(db, 'customer_order', 'W', now);
  const at = iso(now);

  await withinTransaction(db, async (trx) => {
    if (coupon) {
      // Unused and unexpired at this moment: a referral coupon withdrawn meanwhile (ADR 151) expired just now.
      const taken = await trx
        .updateTable('promo_code')
        .set({ used_at: at })
        .where('id', '=', coupon.id)
        .where('used_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new HttpError(422, ORDER_MESSAGES.couponUsed, { couponCode: [ORDER_MESSAGES.couponUsed] });
    }
    if (referral) await redeemFirstOrderReferral(trx, { friendId: userId, referrerId: referral.referrerId, orderId, subtotalCents: subtotal, at });
    await trx
      .insertInto('customer_order')
      .values({
        id: orderId,
        number,
        user_id: userId,
        status: 'pending_payment',
        currency: 'USD',
        subtotal_cents: subtotal,
        discount_cents: discount,
        shipping_cents: 0,
        total_cents: subtotal - discount,
        promo_code_id: coupon?.id ?? null,
        coupon_code: coupon ? couponCode : null,
        referral_percent_off: referral ? referral.percentOff : null,
        po_number: orNull(body.poNumber),
        comment: orNull(body.comment),
        shipping_address_id: shippingAddress.id,
        consignee: SNAPSHOTS.consignee.write(consignee),
        billing_address_id: billingAddress.id,
        billing: SNAPSHOTS.billing.write(billingInfoOf(billingAddress)),
        incoterm: INCOTERM,
        carrier: shipping.carrier,
        carrier_account: shipping.carrierAccount,
        customer_email: entrust ? orNull(body.customerEmail) : null,
        platform_order_number: entrust ? orNull(body.platformOrderNumber) : null,
        customer_note: entrust ? orNull(body.customerNote) : null,
        payment_method: null,
        paying_key: null,
        paying_since: null,
        paid_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx.insertInto('order_line').values(lines.map((l) => ({ ...l.values, order_id: orderId }))).execute();
    await recordStatusEvent(trx, { orderId, from: null, to: 'pending_payment', event: 'create', actor: 'customer', at });
    const removed = await trx.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', lines.map((l) => l.cartItemId)).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== lines.length) throw new HttpError(409, ORDER_MESSAGES.cartChanged);
  });
  return { order: await readOrder(db, orderId), notices };
}

/** The buyer cancels an unpaid order: the coupon (or the first-order referral discount) comes back, a waiting bank transfer is called off. */
export async function cancelOrder(db: Kysely<Database>, clock: Clock, userId: string, orderId: string, reason: string | null): Promise<Order> {
  const order = await findOwnOrder(db, userId, orderId);
  return cancelUnpaidOrder(db, clock, order, 'customer', reason);
}

/**
 * An order not yet paid is cancelled, by its buyer or by staff (issue 38): its coupon and referral
 * discount are freed, pending payments and payment links closed, the history written. In `db`'s
 * transaction when it is one (the staff's audit line joins it), else in one of its own.
 */
export async function cancelUnpaidOrder(
  db: Kysely<Database>,
  clock: Clock,
  order: { id: string; status: string; paying_key: string | null; promo_code_id: string | null },
  actor: 'customer' | 'operator',
  reason: string | null,
): Promise<Order> {
  const orderId = order.id;
  const check = transition(order.status as OrderStatus, 'cancel', actor);
  if (!check.ok) throw new HttpError(409, check.message);
  if (order.paying_key) throw new HttpError(409, ORDER_MESSAGES.paymentInProgress);
  await withinTransaction(db, async (trx) => {
    const at = iso(clock());
    const moved = await trx
      .updateTable('customer_order')
      .set({ status: 'cancelled', updated_at: at })
      .where('id', '=', orderId)
      .where('status', '=', order.status)
      .where('paying_key', 'is', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, 'The order changed meanwhile; please refresh.');
    if (order.promo_code_id) await trx.updateTable('promo_code').set({ used_at: null }).where('id', '=', order.promo_code_id).execute();
    await releaseReferralOfOrder(trx, orderId, at);
    await trx.updateTable('payment').set({ status: 'cancelled', updated_at: at }).where('subject_kind', '=', 'order').where('subject_id', '=', orderId).where('status', '=', 'pending').execute();
    await trx.updateTable('agency_link').set({ revoked_at: at }).where('order_id', '=', orderId).where('revoked_at', 'is', null).execute();
    await recordStatusEvent(trx, { orderId, from: order.status as OrderStatus, to: 'cancelled', event: 'cancel', actor, note: reason, at });
  });
  return readOrder(db, orderId);
}

export interface TrackingInput {
  package?: string;
  logisticsCompany: string;
  trackNumber: string;
}

/**
 * Operator: production and shipping events (start_production, ship with tracking, deliver). Payment
 * events go through `Payments` (confirm_transfer, refund). In `db`'s transaction when it is one
 * (the staff console's audit line joins it, issue 38), else in one of its own.
 */
export async function applyOperatorEvent(
  db: Kysely<Database>,
  clock: Clock,
  orderId: string,
  event: OrderEvent,
  options: { note: string | null; tracking?: TrackingInput[] },
): Promise<Order> {
  const order = await db.selectFrom('customer_order').select(['id', 'status']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  const check = transition(order.status as OrderStatus, event, 'operator');
  if (!check.ok) throw new HttpError(409, check.message);
  if (event === 'ship' && (!options.tracking || options.tracking.length === 0)) {
    throw new HttpError(422, 'Shipping needs tracking: the logistics company and the track number of each package.', { tracking: ['Please give the tracking of each package.'] });
  }
  await withinTransaction(db, async (trx) => {
    const at = iso(clock());
    const moved = await trx
      .updateTable('customer_order')
      .set({ status: check.to, updated_at: at })
      .where('id', '=', orderId)
      .where('status', '=', order.status)
      // Not while a refund is giving the money back (issue 12 item 13).
      .where((eb) => eb.or([eb('paying_key', 'is', null), eb('paying_key', '!=', REFUND_RESERVATION)]))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, 'The order changed meanwhile; look again and retry.');
    if (event === 'ship') {
      const packages = options.tracking ?? [];
      await trx
        .insertInto('order_tracking')
        .values(
          packages.map((p, i) => ({
            id: randomUUID(),
            order_id: orderId,
            package_label: p.package?.trim() || `Package ${i + 1} of ${packages.length}`,
            logistics_company: p.logisticsCompany,
            track_number: p.trackNumber,
            track_state: 'collected',
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    if (event === 'deliver') {
      await trx.updateTable('order_tracking').set({ track_state: 'delivered', updated_at: at }).where('order_id', '=', orderId).execute();
      await completeClaimsRefabricatedBy(trx, orderId);
    }
    await recordStatusEvent(trx, { orderId, from: order.status as OrderStatus, to: check.to, event, actor: 'operator', note: options.note, at });
  });
  return readOrder(db, orderId);
}

/**
 * The buyer's orders, newest first. `status` (one or several, comma-separated) keeps the orders in
 * one of them; `q` keeps those whose order ID or PO number contains it, in any case.
 */
export async function listOrders(db: Kysely<Database>, userId: string, query: OrderListQuery): Promise<Page<OrderSummary>> {
  let filtered = db.selectFrom('customer_order').where('user_id', '=', userId);
  const statuses = query.status ? (query.status.split(',').map((s) => s.trim()).filter(Boolean) as OrderStatus[]) : [];
  if (statuses.length > 0) filtered = filtered.where('status', 'in', statuses);
  const q = query.q?.trim();
  if (q) {
    filtered = filtered.where((eb) =>
      eb.or([containsIgnoringCase(sql.ref<string>('number'), q), containsIgnoringCase(sql.ref<string | null>('po_number'), q)]),
    );
  }
  const page = await paginate(filtered, query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), (row) => row);
  const counts = await countLines(db, page.list.map((r) => r.id));
  return { ...page, list: page.list.map((r) => toOrderSummary(r, counts.get(r.id) ?? 0)) };
}

/**
 * Every account's orders for the staff console (issue 38), newest first: by status, and `q` in the
 * order ID, the PO number or the customer's email; `managerEmail` keeps the orders of the customers
 * that success manager serves.
 */
export async function listOrdersForStaff(
  db: Kysely<Database>,
  query: OrderListQuery,
  scope: { managerEmail?: string },
): Promise<Page<{ order: OrderSummary; customer: { id: string; email: string; name: string }; shipBy: string | null }>> {
  let filtered = db.selectFrom('customer_order as o').innerJoin('user_account as u', 'u.id', 'o.user_id');
  if (scope.managerEmail !== undefined) filtered = filtered.where(sql<string>`lower(u.customer_manager_email)`, '=', scope.managerEmail.toLowerCase());
  const statuses = query.status ? (query.status.split(',').map((s) => s.trim()).filter(Boolean) as OrderStatus[]) : [];
  if (statuses.length > 0) filtered = filtered.where('o.status', 'in', statuses);
  const q = query.q?.trim();
  if (q) {
    filtered = filtered.where((eb) =>
      eb.or([containsIgnoringCase(sql.ref<string>('o.number'), q), containsIgnoringCase(sql.ref<string | null>('o.po_number'), q), containsIgnoringCase(sql.ref<string>('u.email'), q)]),
    );
  }
  const page = await paginate(
    filtered,
    query,
    (q) => q.selectAll('o').select(['u.email as customer_email_address', 'u.first_name as customer_first_name', 'u.last_name as customer_last_name']).orderBy('o.created_at', 'desc').orderBy('o.id'),
    (row) => row,
  );
  const [counts, shipBy] = await Promise.all([countLines(db, page.list.map((r) => r.id)), latestShipDates(db, page.list.map((r) => r.id))]);
  return {
    ...page,
    list: page.list.map(({ customer_email_address, customer_first_name, customer_last_name, ...order }) => ({
      order: toOrderSummary(order, counts.get(order.id) ?? 0),
      shipBy: shipBy.get(order.id) ?? null,
      customer: { id: order.user_id, email: customer_email_address, name: [customer_first_name, customer_last_name].filter(Boolean).join(' ') || customer_email_address },
    })),
  };
}

/** Each order's latest line ship date: the day it is due to leave the factory (the staff board's cards). */
async function latestShipDates(db: Kysely<Database>, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_line')
    .select(['order_id', (eb) => eb.fn.max('ship_date').as('ship_by')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, String(r.ship_by)]));
}

async function countLines(db: Kysely<Database>, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_line')
    .select(['order_id', (eb) => eb.fn.countAll().as('n')])
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}

/** The buyer reviews a shipped or delivered order, once (the review rules passed). */
export async function reviewOrder(db: Kysely<Database>, clock: Clock, userId: string, orderId: string, body: ReviewRequest): Promise<Order> {
  const row = await findOwnOrder(db, userId, orderId);
  if (!canReview(row.status as OrderStatus)) throw new HttpError(409, 'You can review an order once it has shipped.');
  assertValid(reviewSuite.runStatic(body));
  const inserted = await db
    .insertInto('order_review')
    .values({
      id: randomUUID(),
      order_id: row.id,
      user_id: userId,
      stars: body.stars,
      workmanship: body.workmanship,
      product: body.product,
      service: body.service,
      logistics: body.logistics,
      comments: orNull(body.comments),
      created_at: iso(clock()),
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new HttpError(409, 'This order has already been reviewed.');
  return readOrder(db, row.id);
}
