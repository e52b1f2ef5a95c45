import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { isOrderEvent } from '#domain/orders/order-status';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { createAdditionalCost, parseUsd } from '../orders/additional-costs.ts';
import { isUuid } from '../orders/numbers.ts';
import { applyOperatorEvent, readOrder, type TrackingInput } from '../orders/orders.ts';
import { unreconciledAccounts } from '../payments/ledger.ts';
import { ApiRouter } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { orderSchemas as o } from './order-schemas.ts';
import { optionalText, readJson, requiredText } from './request.ts';

export const ADMIN_HEADER = 'X-Admin-Token';
const ADMIN_NOTE = `Operator only: send the ADMIN_TOKEN in the ${ADMIN_HEADER} header (401 otherwise; 404 when ADMIN_TOKEN is not configured).`;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Operator calls (ADRs 050, 054, 056): production and shipping events, refunds, bank-transfer
 * confirmation, additional-cost orders. Behind ADMIN_TOKEN, compared in constant time; without
 * ADMIN_TOKEN these calls do not exist (404).
 */
export function adminRoutes(ctx: AppContext): ApiRouter {
  const { db, clock, config, payments } = ctx;
  const router = new ApiRouter('/admin', 'Operator', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });

  const guard = (c: Context<AppEnv>) => {
    if (!config.adminToken) throw new HttpError(404, 'Not found');
    const given = c.req.header(ADMIN_HEADER) ?? '';
    if (!timingSafeEqual(digest(given), digest(config.adminToken))) throw new HttpError(401, 'The operator token is missing or wrong.');
  };

  router.route({
    method: 'post',
    path: '/order/:id/event',
    summary: 'Move an order on: start_production, ship (with tracking), deliver, or refund (cancel a paid order)',
    description: ADMIN_NOTE,
    auth: 'public',
    body: o.OperatorEvent,
    response: o.Order,
    handler: async (c) => {
      guard(c);
      const id = c.req.param('id') ?? '';
      if (!isUuid(id)) throw new HttpError(404, 'Can not found an order.');
      const body = await readJson(c);
      const note = optionalText(body.note);
      const event = body.event;
      if (!isOrderEvent(event) || event === 'pay' || event === 'choose_bank_transfer' || event === 'cancel') {
        throw new HttpError(422, 'event must be start_production, ship, deliver or refund.', { event: ['Unknown operator event.'] });
      }
      if (event === 'confirm_transfer') throw new HttpError(422, 'Confirm a bank transfer with admin/bank-transfer/confirm (it needs the amount received).');
      if (event === 'refund') {
        await payments.refundOrder(id, note);
        return c.json(await readOrder(db, id));
      }
      const tracking = Array.isArray(body.tracking)
        ? (body.tracking as Record<string, unknown>[]).map((t): TrackingInput => {
            const logisticsCompany = requiredText(t?.logisticsCompany);
            const trackNumber = requiredText(t?.trackNumber);
            if (!logisticsCompany || !trackNumber) throw new HttpError(422, 'Each package needs a logistics company and a track number.');
            return { logisticsCompany, trackNumber, ...(typeof t.package === 'string' ? { package: t.package } : {}) };
          })
        : undefined;
      return c.json(await applyOperatorEvent(db, clock, id, event, { note, ...(tracking ? { tracking } : {}) }));
    },
  });

  router.route({
    method: 'post',
    path: '/bank-transfer/confirm',
    summary: 'Confirm that a bank transfer arrived for an order (W…) or additional cost (AC…)',
    description: `${ADMIN_NOTE} The amount (USD) must cover what is due; any excess is credited to the customer's balance. Same as \`node --import tsx server/cli/confirm-transfer.ts <number> <amount>\`.`,
    auth: 'public',
    body: s.object({ number: s.string(), amount: s.string({ description: 'US dollars, e.g. "1234.50"' }), 'note?': s.nullable(s.string()) }),
    response: s.object({ kind: s.string(), number: s.string(), status: s.string(), creditedCents: s.integer() }),
    handler: async (c) => {
      guard(c);
      const body = await readJson(c);
      const cents = parseUsd(body.amount);
      if (cents === undefined) throw new HttpError(422, 'The amount must be US dollars, e.g. 1234.50.', { amount: ['The amount must be US dollars, e.g. 1234.50.'] });
      return c.json(await payments.confirmTransfer(requiredText(body.number).toUpperCase(), cents, optionalText(body.note)));
    },
  });

  router.route({
    method: 'post',
    path: '/additional-cost',
    summary: 'Create an additional-cost order for a customer',
    description: `${ADMIN_NOTE} Answers the public payment link once (spec route /additional-cost/payment).`,
    auth: 'public',
    body: s.object({ customerEmail: s.string(), amountCents: s.integer({ minimum: 100 }), description: s.string(), 'orderNumber?': s.nullable(s.string()) }),
    response: s.object({ ...(o.AdditionalCost.properties as Record<string, never>), token: s.string(), url: s.string() }),
    status: 201,
    handler: async (c) => {
      guard(c);
      const body = await readJson(c);
      const created = await createAdditionalCost(db, clock, (token) => ctx.links.app(`additional-cost/payment?token=${token}`), {
        customerEmail: body.customerEmail,
        amountCents: body.amountCents,
        description: body.description,
        orderNumber: body.orderNumber,
      });
      return c.json(created, 201);
    },
  });

  router.route({
    method: 'get',
    path: '/ledger/reconcile',
    summary: 'Accounts whose cached balance differs from the sum of their ledger (expected: none)',
    description: ADMIN_NOTE,
    auth: 'public',
    response: s.object({ unreconciled: s.array(s.object({ userId: s.string(), cachedCents: s.integer(), ledgerCents: s.integer() })) }),
    handler: async (c) => {
      guard(c);
      return c.json({ unreconciled: await unreconciledAccounts(db) });
    },
  });

  return router;
}
