import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import type { AdditionalCostPublic, AfterSaleOrder, AgencyLink, AgencySummary, OrderSummary, ShippingOptions } from '#domain/api/order';
import { ORDER_NOT_FOUND } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { ORDER_STATUS_LABELS, canRequestAfterSale, canReview, isOrderStatus, isPayable, type OrderStatus } from '#domain/orders/order-status';
import { CARRIERS, EXW_EXPLANATION, INCOTERM } from '#domain/orders/shipping';
import { afterSaleSuite } from '#domain/rules/after-sale-rules';
import { reviewSuite } from '#domain/rules/checkout-rules';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { addSeconds, iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { hashToken, newToken } from '../orders/additional-costs.ts';
import { isUuid, newNumber } from '../orders/numbers.ts';
import { cancelOrder, createOrder, findOwnOrder, readOrder } from '../orders/orders.ts';
import { ADDITIONAL_COST_LABELS, toAdditionalCost, toOrderSummary } from '../orders/records.ts';
import { idempotencyKeyOf } from '../payments/idempotency.ts';
import type { Outcome } from '../payments/payments.ts';
import { ApiRouter, requireUser } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { orderSchemas as o } from './order-schemas.ts';
import { assertValid, optionalText, readJson, readPaging, requiredText } from './request.ts';

const pageQuery = {
  page: { schema: s.integer({ minimum: 1 }), description: 'From 1 (default 1).' },
  pageSize: { schema: s.integer({ minimum: 1, maximum: 100 }), description: 'Default 10.' },
};

const IDEMPOTENCY_NOTE =
  'Requires an `Idempotency-Key` header (8–128 of A-Z a-z 0-9 - _ . :); the same key answers the stored answer and never charges twice (ADR 051). ' +
  'Answers 200 (paid, or awaiting_transfer with bank instructions), 402 card declined, 422 insufficient balance (with shortfallCents) or a broken rule, 409 already paid or another payment in progress, 503 card provider unreachable (retry with the same key).';

const LINK_NOT_FOUND = 'This payment link is not valid.';
const LINK_EXPIRED = 'This payment link has expired; please ask for a new one.';
const ADDITIONAL_COST_NOT_FOUND = 'Additional cost not found.';

/** A path id that cannot name a row answers the same 404 as another account's. */
function idOf(c: Context<AppEnv>, message = ORDER_NOT_FOUND): string {
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new HttpError(404, message);
  return id;
}

function reply(c: Context<AppEnv>, outcome: Outcome & { kind?: string }): Response {
  if (outcome.kind === 'replay') c.header('Idempotent-Replayed', 'true');
  return c.json(outcome.body as object, outcome.status as ContentfulStatusCode);
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

function readStatuses(raw: string | undefined): OrderStatus[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const list = raw.split(',').map((x) => x.trim());
  if (!list.every(isOrderStatus)) {
    const message = `status must be one or more of: ${Object.keys(ORDER_STATUS_LABELS).join(', ')}.`;
    throw new HttpError(422, message, { status: [message] });
  }
  return list;
}

/**
 * Checkout, orders, agency payment, additional-cost and after-sale orders, and the balance reload
 * (ADRs 050–057). Every id is the caller's alone: another account's id answers 404 and changes nothing.
 */
export function orderRoutes(ctx: AppContext): ApiRouter[] {
  const { db, clock, config, payments } = ctx;
  const options = { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy };

  // ---------------------------------------------------------------------------------------- checkout
  const checkout = new ApiRouter('/checkout', 'Checkout', options);
  checkout.route({
    method: 'get',
    path: '/shipping-options',
    summary: 'Shipping terms (EXW, Incoterms 2020) and the carriers to choose from',
    auth: 'public',
    response: o.ShippingOptions,
    handler: (c) =>
      c.json({ incoterm: INCOTERM, explanation: EXW_EXPLANATION, carriers: CARRIERS.map((x) => ({ ...x, transitDays: [...x.transitDays] as [number, number] })) } satisfies ShippingOptions),
  });
  checkout.route({
    method: 'post',
    path: '/order',
    summary: 'Place an order from the cart (priced again by the server; the order waits for payment)',
    description:
      'Orders the chosen cart lines (all when cartItemIds is left out), priced again now with the server’s quotePart: that price is the one charged (`notices` say what moved). One coupon per order (the caller’s own, unused, unexpired). Entrust-order accounts may add customerEmail, platformOrderNumber and customerNote. The ordered lines leave the cart. 201 with `{ order, notices }`.',
    auth: 'user',
    body: o.CreateOrderRequest,
    response: s.object({ order: o.Order, notices: s.array(s.string()) }),
    status: 201,
    handler: async (c) => c.json(await createOrder(db, clock, requireUser(c), await readJson(c)), 201),
  });

  // ------------------------------------------------------------------------------------------ orders
  const order = new ApiRouter('/order', 'Orders', options);
  order.route({
    method: 'get',
    path: '/list',
    summary: 'The caller’s orders, newest first',
    auth: 'user',
    query: { ...pageQuery, status: { schema: s.string(), description: 'One status or several, comma-separated (e.g. paid,in_production).' } },
    response: s.page(o.OrderSummary),
    handler: async (c) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const statuses = readStatuses(c.req.query('status'));
      let base = db.selectFrom('customer_order').where('user_id', '=', userId);
      if (statuses) base = base.where('status', 'in', statuses);
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(paging.pageSize).offset(paging.offset).execute();
      const counts = await countLines(db, rows.map((r) => r.id));
      const list = rows.map((r) => toOrderSummary(r, counts.get(r.id) ?? 0));
      return c.json({ list, total: Number(total), page: paging.page, pageSize: paging.pageSize } satisfies Page<OrderSummary>);
    },
  });
  order.route({
    method: 'get',
    path: '/additional-cost/list',
    summary: 'The caller’s additional-cost orders, newest first',
    auth: 'user',
    query: { ...pageQuery, status: { schema: s.enum(['pending_payment', 'awaiting_transfer', 'paid', 'cancelled']) } },
    response: s.page(o.AdditionalCost),
    handler: async (c) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const status = c.req.query('status');
      if (status !== undefined && !(status in ADDITIONAL_COST_LABELS)) throw new HttpError(422, 'Unknown status.', { status: ['Unknown status.'] });
      let base = db.selectFrom('additional_cost').where('additional_cost.user_id', '=', userId);
      if (status) base = base.where('additional_cost.status', '=', status);
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .leftJoin('customer_order', 'customer_order.id', 'additional_cost.order_id')
        .selectAll('additional_cost')
        .select('customer_order.number as order_number')
        .orderBy('additional_cost.created_at', 'desc')
        .orderBy('additional_cost.id')
        .limit(paging.pageSize)
        .offset(paging.offset)
        .execute();
      return c.json({ list: rows.map((r) => toAdditionalCost(r, r.order_number)), total: Number(total), page: paging.page, pageSize: paging.pageSize });
    },
  });
  order.route({
    method: 'get',
    path: '/after-sale/list',
    summary: 'The caller’s after-sale (refabrication) requests, newest first',
    auth: 'user',
    query: pageQuery,
    response: s.page(o.AfterSaleOrder),
    handler: async (c) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const base = db.selectFrom('after_sale_order').where('after_sale_order.user_id', '=', userId);
      const { total } = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('customer_order', 'customer_order.id', 'after_sale_order.order_id')
        .selectAll('after_sale_order')
        .select('customer_order.number as wedo_number')
        .orderBy('after_sale_order.created_at', 'desc')
        .orderBy('after_sale_order.id')
        .limit(paging.pageSize)
        .offset(paging.offset)
        .execute();
      const list = await Promise.all(rows.map((r) => readAfterSale(db, r)));
      return c.json({ list, total: Number(total), page: paging.page, pageSize: paging.pageSize } satisfies Page<AfterSaleOrder>);
    },
  });
  order.route({
    method: 'post',
    path: '/after-sale',
    summary: 'Ask for products of a shipped order to be made again',
    description:
      'Spec section 5: order number (yours) and Wedo order number (ours, W…) required; at least one product; each product’s quantity filled in and not above the quantity ordered. 201 with the request.',
    auth: 'user',
    body: o.AfterSaleRequest,
    response: o.AfterSaleOrder,
    status: 201,
    handler: async (c) => {
      const userId = requireUser(c);
      const body = await readJson(c);
      assertValid(afterSaleSuite.runStatic(body));
      const original = await db.selectFrom('customer_order').selectAll().where('number', '=', requiredText(body.wedoOrderNumber).toUpperCase()).where('user_id', '=', userId).executeTakeFirst();
      const unknown = 'None of your orders has this Wedo order number.';
      if (!original) throw new HttpError(422, unknown, { wedoOrderNumber: [unknown] });
      if (!canRequestAfterSale(original.status as OrderStatus)) {
        const message = 'After-sale requests are for orders that have shipped.';
        throw new HttpError(422, message, { wedoOrderNumber: [message] });
      }
      const lines = await db.selectFrom('order_line').select(['id', 'quantity']).where('order_id', '=', original.id).execute();
      assertValid(afterSaleSuite.runStatic(body, Object.fromEntries(lines.map((l) => [l.id, Number(l.quantity)]))));
      const items = (body.items as { productId: string; quantity: number }[]).map((i) => ({ productId: i.productId, quantity: i.quantity }));
      if (new Set(items.map((i) => i.productId)).size !== items.length) {
        throw new HttpError(422, 'Each product can be selected once.', { items: ['Each product can be selected once.'] });
      }
      const now = clock();
      const row = {
        id: randomUUID(),
        number: await newNumber(db, 'after_sale_order', 'AS', now),
        user_id: userId,
        order_id: original.id,
        customer_order_number: requiredText(body.orderNumber),
        status: 'submitted',
        reason: optionalText(body.reason),
        created_at: iso(now),
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('after_sale_order').values(row).execute();
        await trx.insertInto('after_sale_item').values(items.map((i) => ({ id: randomUUID(), after_sale_id: row.id, order_line_id: i.productId, quantity: i.quantity }))).execute();
      });
      return c.json(await readAfterSale(db, { ...row, wedo_number: original.number }), 201);
    },
  });
  order.route({
    method: 'get',
    path: '/:id',
    summary: 'One order: products, amounts, status history, payments, tracking, review',
    auth: 'user',
    response: o.Order,
    handler: async (c) => {
      const row = await findOwnOrder(db, requireUser(c), idOf(c));
      return c.json(await readOrder(db, row.id));
    },
  });
  order.route({
    method: 'post',
    path: '/:id/cancel',
    summary: 'Cancel an unpaid order (awaiting payment or a bank transfer)',
    description: 'A paid order is cancelled by our team, with a refund. The coupon used becomes usable again. 409 when the order can no longer be cancelled.',
    auth: 'user',
    body: s.object({ 'reason?': s.nullable(s.string()) }),
    response: o.Order,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = idOf(c);
      await findOwnOrder(db, userId, id);
      const body = await readJson(c);
      return c.json(await cancelOrder(db, clock, userId, id, optionalText(body.reason)?.slice(0, 1000) ?? null));
    },
  });
  order.route({
    method: 'post',
    path: '/:id/pay',
    summary: 'Pay an order: prepaid balance, card (USD only) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'user',
    body: o.PayRequest,
    response: o.PayResponse,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = idOf(c);
      await findOwnOrder(db, userId, id);
      const key = idempotencyKeyOf(c);
      return reply(c, await payments.pay({ kind: 'order', id, body: await readJson(c), key, scope: `user:${userId}`, via: 'owner' }));
    },
  });
  order.route({
    method: 'post',
    path: '/:id/agency-link',
    summary: 'A link that lets someone without an account pay exactly this order',
    description: `The token is shown only in this answer. The link works until it expires (${Math.round(config.agencyLinkTtl / 86400)} days) or the order is no longer payable; anyone holding it sees the order number, amount and products, never addresses.`,
    auth: 'user',
    response: o.AgencyLink,
    status: 201,
    handler: async (c) => {
      const row = await findOwnOrder(db, requireUser(c), idOf(c));
      if (!isPayable(row.status as OrderStatus)) throw new HttpError(409, `This order is ${ORDER_STATUS_LABELS[row.status as OrderStatus].toLowerCase()}: there is nothing to pay.`);
      const token = newToken();
      const now = clock();
      const expiresAt = iso(addSeconds(now, config.agencyLinkTtl));
      await db.insertInto('agency_link').values({ id: randomUUID(), order_id: row.id, token_hash: hashToken(token), created_at: iso(now), expires_at: expiresAt, revoked_at: null }).execute();
      return c.json({ token, url: ctx.links.app(`checkout/agency-payment?token=${token}`), expiresAt } satisfies AgencyLink, 201);
    },
  });
  order.route({
    method: 'post',
    path: '/:id/review',
    summary: 'Review a shipped or delivered order (once)',
    auth: 'user',
    body: o.ReviewRequest,
    response: o.Order,
    status: 201,
    handler: async (c) => {
      const userId = requireUser(c);
      const row = await findOwnOrder(db, userId, idOf(c));
      const body = await readJson(c);
      if (!canReview(row.status as OrderStatus)) throw new HttpError(409, 'You can review an order once it has shipped.');
      assertValid(reviewSuite.runStatic(body));
      const inserted = await db
        .insertInto('order_review')
        .values({
          id: randomUUID(),
          order_id: row.id,
          user_id: userId,
          stars: body.stars as number,
          workmanship: body.workmanship as number,
          product: body.product as number,
          service: body.service as number,
          logistics: body.logistics as number,
          comments: optionalText(body.comments),
          created_at: iso(clock()),
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new HttpError(409, 'This order has already been reviewed.');
      return c.json(await readOrder(db, row.id), 201);
    },
  });

  // ------------------------------------------------------------------------------- agency payment
  const agency = new ApiRouter('/agency', 'Agency payment', options);
  const findLink = async (c: Context<AppEnv>) => {
    const token = c.req.param('token') ?? '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new HttpError(404, LINK_NOT_FOUND);
    const link = await db.selectFrom('agency_link').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!link) throw new HttpError(404, LINK_NOT_FOUND);
    if (link.revoked_at || link.expires_at <= iso(clock())) throw new HttpError(410, LINK_EXPIRED);
    return link;
  };
  agency.route({
    method: 'get',
    path: '/:token',
    summary: 'What an agency payment link pays: order number, amount, products (no addresses)',
    auth: 'public',
    response: o.AgencySummary,
    handler: async (c) => {
      const link = await findLink(c);
      const row = await db.selectFrom('customer_order').selectAll().where('id', '=', link.order_id).executeTakeFirstOrThrow();
      const lines = await db.selectFrom('order_line').select(['name', 'material_name', 'quantity', 'total_cents']).where('order_id', '=', row.id).orderBy('position').execute();
      const status = row.status as OrderStatus;
      const billing = JSON.parse(row.billing) as { companyName: string | null };
      return c.json({
        orderNumber: row.number,
        status,
        statusLabel: ORDER_STATUS_LABELS[status],
        amountCents: Number(row.total_cents),
        currency: 'USD',
        company: billing.companyName,
        products: lines.map((l) => ({ name: l.name, material: l.material_name, quantity: Number(l.quantity), totalCents: Number(l.total_cents) })),
        payable: isPayable(status),
        expiresAt: link.expires_at,
        methods: ['card', 'bank_transfer'],
      } satisfies AgencySummary);
    },
  });
  agency.route({
    method: 'post',
    path: '/:token/pay',
    summary: 'Pay the order of an agency link, without an account: card (USD) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'public',
    body: o.PayRequest,
    response: o.PayResponse,
    handler: async (c) => {
      const link = await findLink(c);
      const key = idempotencyKeyOf(c);
      return reply(c, await payments.pay({ kind: 'order', id: link.order_id, body: await readJson(c), key, scope: `agency:${link.id}`, via: 'agency' }));
    },
  });

  // ------------------------------------------------------------------------------ additional costs
  const additionalCost = new ApiRouter('/additional-cost', 'Additional-cost orders', options);
  const findByToken = async (c: Context<AppEnv>) => {
    const token = c.req.param('token') ?? '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new HttpError(404, LINK_NOT_FOUND);
    const row = await db.selectFrom('additional_cost').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row) throw new HttpError(404, LINK_NOT_FOUND);
    return row;
  };
  additionalCost.route({
    method: 'get',
    path: '/payment/:token',
    summary: 'The public payment page of an additional-cost order (spec route /additional-cost/payment)',
    auth: 'public',
    response: o.AdditionalCostPublic,
    handler: async (c) => {
      const row = await findByToken(c);
      const orderNumber = row.order_id ? ((await db.selectFrom('customer_order').select('number').where('id', '=', row.order_id).executeTakeFirst())?.number ?? null) : null;
      const cost = toAdditionalCost(row, orderNumber);
      return c.json({
        number: cost.number,
        description: cost.description,
        amountCents: cost.amountCents,
        currency: 'USD',
        status: cost.status,
        statusLabel: cost.statusLabel,
        orderNumber,
        methods: ['card', 'bank_transfer'],
      } satisfies AdditionalCostPublic);
    },
  });
  additionalCost.route({
    method: 'post',
    path: '/payment/:token/pay',
    summary: 'Pay an additional-cost order through its public link: card (USD) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'public',
    body: o.PayRequest,
    response: o.PayResponse,
    handler: async (c) => {
      const row = await findByToken(c);
      const key = idempotencyKeyOf(c);
      return reply(c, await payments.pay({ kind: 'additional_cost', id: row.id, body: await readJson(c), key, scope: `additional-cost:${row.id}`, via: 'link' }));
    },
  });
  additionalCost.route({
    method: 'post',
    path: '/:id/pay',
    summary: 'Pay one of your additional-cost orders: balance, card (USD) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'user',
    body: o.PayRequest,
    response: o.PayResponse,
    handler: async (c) => {
      const userId = requireUser(c);
      const id = idOf(c, ADDITIONAL_COST_NOT_FOUND);
      const row = await db.selectFrom('additional_cost').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw new HttpError(404, ADDITIONAL_COST_NOT_FOUND);
      const key = idempotencyKeyOf(c);
      return reply(c, await payments.pay({ kind: 'additional_cost', id, body: await readJson(c), key, scope: `user:${userId}`, via: 'owner' }));
    },
  });

  // -------------------------------------------------------------------------------- balance reload
  const reload = new ApiRouter('/account/balance', 'Balance', options);
  reload.route({
    method: 'post',
    path: '/reload',
    summary: 'Reload the prepaid balance by card: whole US dollars, at least 100',
    description: `Only when the account allows recharge (userInfo.isRecharge; 403 otherwise). Recorded in the reload list and the balance ledger. ${IDEMPOTENCY_NOTE}`,
    auth: 'user',
    body: o.ReloadRequest,
    response: o.PayResponse,
    handler: async (c) => {
      const userId = requireUser(c);
      const key = idempotencyKeyOf(c);
      return reply(c, await payments.reload({ userId, body: await readJson(c), key }));
    },
  });

  return [checkout, order, agency, additionalCost, reload];
}

async function readAfterSale(
  db: Kysely<Database>,
  row: { id: string; number: string; customer_order_number: string; wedo_number: string; status: string; reason: string | null; created_at: string },
): Promise<AfterSaleOrder> {
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
