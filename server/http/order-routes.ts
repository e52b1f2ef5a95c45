import type { Context } from 'hono';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '#domain/api/bases';
import { described, rowId } from '#domain/api/fields';
import {
  ADDITIONAL_COST_STATUSES,
  AdditionalCostListSchema,
  AdditionalCostPublicSchema,
  AfterSaleListSchema,
  AfterSaleOrderSchema,
  AfterSaleRequestSchema,
  AgencyLinkSchema,
  AgencySummarySchema,
  CancelOrderRequestSchema,
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  ORDER_NOT_FOUND,
  OrderListSchema,
  OrderSchema,
  OrderListQuerySchema,
  ReorderResponseSchema,
  ReviewRequestSchema,
  ShippingOptionsSchema,
} from '#domain/api/order';
import { PageQuerySchema } from '#domain/api/paging';
import { ApiErrorBodySchema } from '#domain/api/tools';
import {
  CardDeclinedBodySchema,
  InsufficientBalanceBodySchema,
  PayRequestSchema,
  PayResponseSchema,
  ReloadRequestSchema,
  ReloadResponseSchema,
} from '#domain/api/payment';
import { CARRIERS, EXW_EXPLANATION, INCOTERM } from '#domain/orders/shipping';
import type { AppContext } from './app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { ADDITIONAL_COST_NOT_FOUND, listAdditionalCosts, publicAdditionalCost } from '../orders/additional-costs.ts';
import { listAfterSales, requestAfterSale } from '../orders/after-sales.ts';
import { AgencyLinks } from '../orders/agency-links.ts';
import { LINK_NOT_FOUND } from '../orders/link-tokens.ts';
import { orderDocumentTitle, renderOrderPdf } from '../orders/order-pdf.ts';
import { reorder } from '../orders/reorder.ts';
import { cancelOrder, checkoutRules, createOrder, findOwnOrder, listOrders, readOrder, reviewOrder } from '../orders/orders.ts';
import { idempotencyKeyOf } from '../payments/idempotency.ts';
import type { Outcome } from '../payments/payments.ts';
import { additionalCostPayable, orderPayable } from '../orders/payable.ts';
import { reloadPayable } from '../accounts/balance-reloads.ts';
import { MIN_RELOAD_USD } from '#domain/rules/balance-limits';
import { ApiRouter, jsonAnswer, requireUser } from './api-router.ts';
import { StoredAnswers, ownerKey } from '../answers/stored-answers.ts';
import { STORED_ANSWER_NOTE, answerOnce } from './answered-once.ts';

const IDEMPOTENCY_NOTE =
  'Requires an `Idempotency-Key` header (8–128 of A-Z a-z 0-9 - _ . :); the same key answers the stored answer and never charges twice (ADR 051). ' +
  'Answers 200 (paid, or awaiting_transfer with bank instructions), 402 card declined, 422 insufficient balance (with shortfallCents) or a broken rule, 409 already paid or another payment in progress, 503 card provider unreachable (retry with the same key).';

/** The answers of a pay call besides success: a stored decline, a stored shortfall. */
const PAY_ANSWERS = {
  402: { description: 'The card was declined (stored under the key: use a new key and another card)', schema: CardDeclinedBodySchema },
  422: {
    description: 'The balance is short of the amount (stored under the key: reload, then pay with a new key), or a shape or a rule was broken',
    schema: z.union([InsufficientBalanceBodySchema, ApiErrorBodySchema]),
  },
};

const byOrderId = { params: z.object({ id: rowId() }), notFound: ORDER_NOT_FOUND };
const byLinkToken = { params: z.object({ token: z.string().max(100) }), notFound: LINK_NOT_FOUND };

/** A stored or fresh payment answer, with its own status; a replayed one says so. */
function reply(c: Context<AppEnv>, outcome: Outcome & { kind?: string }): Response {
  if (outcome.kind === 'replay') c.header('Idempotent-Replayed', 'true');
  return jsonAnswer(c, outcome.body, outcome.status);
}

const keyOf = (c: Context<AppEnv>) => idempotencyKeyOf(c.req.header(IDEMPOTENCY_HEADER));

/**
 * Checkout, orders, agency payment, additional-cost and after-sale orders, and the balance reload
 * (ADRs 050–057); the work is done by `server/orders/*` and `server/payments/*`. Every id is the
 * caller's alone: another account's id answers 404 and changes nothing.
 */
export function orderRoutes(ctx: AppContext): ApiRouter[] {
  const { db, clock, config, payments } = ctx;
  const answers = new StoredAnswers(db, clock);
  const agencyLinks = new AgencyLinks(db, clock, { ttlSeconds: config.agencyLinkTtl, pageUrl: (token) => ctx.links.app(`checkout/agency-payment?token=${token}`) });

  // ---------------------------------------------------------------------------------------- checkout
  const checkout = new ApiRouter('/checkout', 'Checkout', ctx);
  checkout.route({
    method: 'get',
    path: '/shipping-options',
    summary: 'Shipping terms (EXW, Incoterms 2020) and the carriers to choose from',
    auth: 'public',
    response: ShippingOptionsSchema,
    handler: () => ({ incoterm: INCOTERM, explanation: EXW_EXPLANATION, carriers: CARRIERS.map((x) => ({ ...x, transitDays: [...x.transitDays] as [number, number] })) }),
  });
  checkout.route({
    method: 'post',
    path: '/order',
    summary: 'Place an order from the cart (priced again by the server; the order waits for payment)',
    description:
      `Orders the chosen cart lines (all when cartItemIds is left out), priced again now with the server’s quotePart: that price is the one charged (\`notices\` say what moved). One coupon per order (the caller’s own, unused, unexpired). Entrust-order accounts may add customerEmail, platformOrderNumber and customerNote. The ordered lines leave the cart. 201 with \`{ order, notices }\`. ${STORED_ANSWER_NOTE}`,
    auth: 'user',
    body: CreateOrderRequestSchema,
    maxBodyBytes: 1024 * 1024, // a comment of up to 2,000 characters on each of up to 100 lines
    rules: (body, c) => checkoutRules(db, requireUser(c), body),
    response: CreateOrderResponseSchema,
    status: 201,
    // Sent again with its Idempotency-Key, it answers the first order: never a second one (ADR 174).
    handler: (c, { body }) =>
      answerOnce(c, answers, { owner: ownerKey({ column: 'user_id', id: requireUser(c) }), route: 'POST checkout/order', request: body, status: 201 }, (trx) =>
        createOrder(trx ?? db, clock, requireUser(c), body, ctx.config.maxOrderCents),
      ),
  });

  // ------------------------------------------------------------------------------------------ orders
  const order = new ApiRouter('/order', 'Orders', ctx);
  order.route({
    method: 'get',
    path: '/list',
    summary: 'The caller’s orders, newest first; filtered by status, searched by order ID or PO number',
    auth: 'user',
    query: OrderListQuerySchema,
    response: OrderListSchema,
    handler: (c, { query }) => listOrders(db, requireUser(c), query),
  });
  order.route({
    method: 'get',
    path: '/additional-cost/list',
    summary: 'The caller’s additional-cost orders, newest first',
    auth: 'user',
    query: PageQuerySchema.extend({ status: described(z.enum(ADDITIONAL_COST_STATUSES), 'Only additional costs of this status.').optional() }),
    response: AdditionalCostListSchema,
    handler: (c, { query }) => listAdditionalCosts(db, requireUser(c), query),
  });
  order.route({
    method: 'get',
    path: '/after-sale/list',
    summary: 'The caller’s after-sale (refabrication) requests, newest first',
    auth: 'user',
    query: PageQuerySchema,
    response: AfterSaleListSchema,
    handler: (c, { query }) => listAfterSales(db, requireUser(c), query),
  });
  order.route({
    method: 'post',
    path: '/after-sale',
    summary: 'Ask for products of a shipped order to be made again',
    description:
      'Spec section 5: order number (yours) and Wedo order number (ours, W…) required; at least one product; each product’s quantity filled in and, with the account’s earlier requests for it that are not rejected, not above the quantity ordered (422 says how many remain). 201 with the request.',
    auth: 'user',
    body: AfterSaleRequestSchema,
    response: AfterSaleOrderSchema,
    status: 201,
    handler: (c, { body }) => requestAfterSale(db, clock, requireUser(c), body),
  });
  order.route({
    method: 'get',
    path: '/:id',
    summary: 'One order: products, amounts, status history, payments, tracking, review',
    auth: 'user',
    ...byOrderId,
    response: OrderSchema,
    handler: async (c, { params }) => readOrder(db, (await findOwnOrder(db, requireUser(c), params.id)).id),
  });
  order.route({
    method: 'post',
    path: '/:id/cancel',
    summary: 'Cancel an unpaid order (awaiting payment or a bank transfer)',
    description: 'A paid order is cancelled by our team, with a refund. The coupon used becomes usable again. 409 when the order can no longer be cancelled.',
    auth: 'user',
    ...byOrderId,
    body: CancelOrderRequestSchema,
    response: OrderSchema,
    handler: (c, { params, body }) => cancelOrder(db, clock, requireUser(c), params.id, body.reason?.trim() || null),
  });
  order.route({
    method: 'post',
    path: '/:id/pay',
    summary: 'Pay an order: prepaid balance, card (USD only) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'user',
    ...byOrderId,
    body: PayRequestSchema,
    response: PayResponseSchema,
    responses: PAY_ANSWERS,
    handler: async (c, { params, body }) => {
      return reply(c, await payments.pay(orderPayable, { userId: requireUser(c), subjectId: params.id }, body, keyOf(c)));
    },
  });
  order.route({
    method: 'post',
    path: '/:id/agency-link',
    summary: 'A link that lets someone without an account pay exactly this order',
    description: `The token is shown only in this answer. The link works until it expires (${Math.round(config.agencyLinkTtl / 86400)} days) or the order is no longer payable; anyone holding it sees the order number, amount and products, never addresses.`,
    auth: 'user',
    ...byOrderId,
    response: AgencyLinkSchema,
    status: 201,
    handler: async (c, { params }) => agencyLinks.create(await findOwnOrder(db, requireUser(c), params.id)),
  });
  order.route({
    method: 'post',
    path: '/:id/reorder',
    summary: 'Quote an order again: its products back in new projects with the configurations ordered, priced again',
    description:
      'One new project per manufacturing service of the order, each product’s model file copied (kept 3 months from now) with the configuration ordered and the server’s price of today. `notices` say which prices moved and which products could not come back (their file was removed after 3 months or deleted with its project). 410 when none can. Any status, cancelled included.',
    auth: 'user',
    ...byOrderId,
    response: ReorderResponseSchema,
    status: 201,
    handler: (c, { params }) => reorder(ctx, requireUser(c), params.id),
  });
  order.route({
    method: 'get',
    path: '/:id/document',
    summary: 'The order as a PDF: the invoice once paid, a proforma invoice before',
    auth: 'user',
    ...byOrderId,
    produces: 'application/pdf',
    handler: async (c, { params }) => {
      const order = await readOrder(db, (await findOwnOrder(db, requireUser(c), params.id)).id);
      const pdf = await renderOrderPdf(order);
      const name = `${orderDocumentTitle(order).toLowerCase().replace(/\s+/g, '-')}-${order.number}.pdf`;
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  });
  order.route({
    method: 'post',
    path: '/:id/review',
    summary: 'Review a shipped or delivered order (once)',
    auth: 'user',
    ...byOrderId,
    body: ReviewRequestSchema,
    response: OrderSchema,
    status: 201,
    handler: (c, { params, body }) => reviewOrder(db, clock, requireUser(c), params.id, body),
  });

  // ------------------------------------------------------------------------------- agency payment
  const agency = new ApiRouter('/agency', 'Agency payment', ctx);
  agency.route({
    method: 'get',
    path: '/:token',
    summary: 'What an agency payment link pays: order number, amount, products (no addresses)',
    auth: 'public',
    ...byLinkToken,
    response: AgencySummarySchema,
    handler: (_c, { params }) => agencyLinks.summary(params.token),
  });
  agency.route({
    method: 'post',
    path: '/:token/pay',
    summary: 'Pay the order of an agency link, without an account: card (USD) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'public',
    ...byLinkToken,
    body: PayRequestSchema,
    response: PayResponseSchema,
    responses: PAY_ANSWERS,
    handler: async (c, { params, body }) => {
      return reply(c, await payments.pay(agencyLinks.payable, { token: params.token }, body, keyOf(c)));
    },
  });

  // ------------------------------------------------------------------------------ additional costs
  const additionalCost = new ApiRouter('/additional-cost', 'Additional-cost orders', ctx);
  additionalCost.route({
    method: 'get',
    path: '/payment/:token',
    summary: 'The public payment page of an additional-cost order (spec route /additional-cost/payment)',
    auth: 'public',
    ...byLinkToken,
    response: AdditionalCostPublicSchema,
    handler: (_c, { params }) => publicAdditionalCost(db, params.token),
  });
  additionalCost.route({
    method: 'post',
    path: '/payment/:token/pay',
    summary: 'Pay an additional-cost order through its public link: card (USD) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'public',
    ...byLinkToken,
    body: PayRequestSchema,
    response: PayResponseSchema,
    responses: PAY_ANSWERS,
    handler: async (c, { params, body }) => {
      return reply(c, await payments.pay(additionalCostPayable, { token: params.token }, body, keyOf(c)));
    },
  });
  additionalCost.route({
    method: 'post',
    path: '/:id/pay',
    summary: 'Pay one of your additional-cost orders: balance, card (USD) or bank transfer',
    description: IDEMPOTENCY_NOTE,
    auth: 'user',
    params: z.object({ id: rowId() }),
    notFound: ADDITIONAL_COST_NOT_FOUND,
    body: PayRequestSchema,
    response: PayResponseSchema,
    responses: PAY_ANSWERS,
    handler: async (c, { params, body }) => {
      return reply(c, await payments.pay(additionalCostPayable, { userId: requireUser(c), subjectId: params.id }, body, keyOf(c)));
    },
  });

  // -------------------------------------------------------------------------------- balance reload
  const reload = new ApiRouter('/account/balance', 'Balance', ctx);
  reload.route({
    method: 'post',
    path: '/reload',
    summary: `Reload the prepaid balance by card: whole US dollars, at least ${MIN_RELOAD_USD}`,
    description: `Only when the account allows recharge (userInfo.isRecharge; 403 otherwise). Recorded in the reload list and the balance ledger. ${IDEMPOTENCY_NOTE}`,
    auth: 'user',
    body: ReloadRequestSchema,
    response: ReloadResponseSchema,
    responses: { 402: PAY_ANSWERS[402] },
    handler: async (c, { body }) => reply(c, await payments.pay(reloadPayable, { userId: requireUser(c) }, body, keyOf(c))),
  });

  return [checkout, order, agency, additionalCost, reload];
}
