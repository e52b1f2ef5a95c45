import type { Context } from 'hono';
import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import {
  AdditionalCostCreatedSchema,
  ConfirmTransferRequestSchema,
  ConfirmTransferResponseSchema,
  CreateAdditionalCostRequestSchema,
  ORDER_NOT_FOUND,
  OperatorEventRequestSchema,
  OrderSchema,
  UnreconciledAccountsSchema,
} from '#domain/api/order';
import { OperatorAccountPatchSchema, UserInfoSchema } from '#domain/api/account';
import { MAIN_API_BASE } from '#domain/api/bases';
import { loadUser } from '../accounts/accounts.ts';
import { updateAccountRecord } from '../accounts/account-record.ts';
import { toUserInfo } from '../accounts/user-info.ts';
import {
  AccountFlagsRequestSchema,
  AccountFlagsSchema,
  BalanceAdjustRequestSchema,
  BalanceAdjustSchema,
  MonthlyCouponRunRequestSchema,
  MonthlyCouponRunSchema,
} from '#domain/api/rewards';
import type { AppContext } from './app-context.ts';
import { adjustBalance, setAccountFlags } from '../accounts/operator.ts';
import { issueMonthlyCoupons } from '../rewards/monthly-coupons.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { HttpError, fieldError, orNull } from '../errors.ts';
import { createAdditionalCost } from '../orders/additional-costs.ts';
import { confirmTransferAndTell } from '../orders/transfer-confirmation.ts';
import { moveOrderByAdmin } from '../orders/admin-moves.ts';
import { parseUsd } from '../payments/amounts.ts';
import { unreconciledAccounts } from '../payments/ledger.ts';
import { ADMIN_HEADER, holdsAdminToken } from './admin-token.ts';
import { ApiRouter } from './api-router.ts';

const ADMIN_NOTE = `Operator only: send the ADMIN_TOKEN in the ${ADMIN_HEADER} header (401 otherwise; 404 when ADMIN_TOKEN is not configured).`;

/**
 * Operator calls (ADRs 050, 054, 056): production and shipping events, refunds, bank-transfer
 * confirmation, additional-cost orders. Behind ADMIN_TOKEN, compared in constant time; without
 * ADMIN_TOKEN these calls do not exist (404). The token is checked before anything else is read.
 */
export function adminRoutes(ctx: AppContext): ApiRouter {
  const { db, clock, config, payments } = ctx;
  const router = new ApiRouter('/admin', 'Operator', ctx);

  const guard = (c: Context<AppEnv>) => {
    if (!config.adminToken) throw new HttpError(404, 'Not found');
    if (!holdsAdminToken(c, config.adminToken)) throw new HttpError(401, 'The operator token is missing or wrong.');
  };
  router.hono.use('*', async (c, next) => {
    guard(c);
    await next();
  });

  router.route({
    method: 'post',
    path: '/order/:id/event',
    summary: 'Move an order on: start_production, ship (with tracking), deliver, or refund (cancel a paid order)',
    description: `${ADMIN_NOTE} The customer is mailed as when staff move it in the console.`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: ORDER_NOT_FOUND,
    body: OperatorEventRequestSchema,
    response: OrderSchema,
    handler: (_c, { params, body }) => moveOrderByAdmin({ db, clock, payments, mailer: ctx.mailer, links: ctx.links }, params.id, body),
  });

  router.route({
    method: 'post',
    path: '/bank-transfer/confirm',
    summary: 'Confirm that a bank transfer arrived for an order (W…) or additional cost (AC…)',
    description: `${ADMIN_NOTE} The amount (USD) must cover what is due; any excess is credited to the customer's balance. Same as \`node --import tsx server/cli/confirm-transfer.ts <number> <amount>\`.`,
    auth: 'public',
    body: ConfirmTransferRequestSchema,
    response: ConfirmTransferResponseSchema,
    handler: async (_c, { body }) => {
      const cents = parseUsd(body.amount);
      if (cents === undefined) throw fieldError('amount', 'The amount must be US dollars, e.g. 1234.50.');
      return confirmTransferAndTell({ payments, mailer: ctx.mailer, links: ctx.links }, { number: body.number, cents, note: orNull(body.note) });
    },
  });

  router.route({
    method: 'post',
    path: '/additional-cost',
    summary: 'Create an additional-cost order for a customer',
    description: `${ADMIN_NOTE} Answers the public payment link once (spec route /additional-cost/payment).`,
    auth: 'public',
    body: CreateAdditionalCostRequestSchema,
    response: AdditionalCostCreatedSchema,
    status: 201,
    handler: (_c, { body }) => createAdditionalCost(db, clock, (token) => ctx.links.app(`additional-cost/payment?token=${token}`), body),
  });

  router.route({
    method: 'post',
    path: '/jobs/monthly-coupons',
    summary: 'Run the monthly coupon job now (it also runs at start and hourly)',
    description: `${ADMIN_NOTE} Issues this month’s coupon to every account active before the month began that has none (ADR 091); running it again issues nothing. \`at\` runs it as of another instant (a rehearsal of next month).`,
    auth: 'public',
    body: MonthlyCouponRunRequestSchema,
    response: MonthlyCouponRunSchema,
    handler: (_c, { body }) => issueMonthlyCoupons(ctx, body.at ? new Date(body.at) : clock()),
  });

  router.route({
    method: 'post',
    path: '/account/flags',
    summary: 'Set what an account may do: balance reload (isRecharge), membership (member)',
    description: ADMIN_NOTE,
    auth: 'public',
    body: AccountFlagsRequestSchema,
    response: AccountFlagsSchema,
    handler: (_c, { body }) => setAccountFlags(db, clock, body),
  });

  router.route({
    method: 'post',
    path: '/balance/adjust',
    summary: 'Credit or debit a customer’s balance with a note (goodwill, corrections), through the ledger',
    description: `${ADMIN_NOTE} The balance never goes below zero (422).`,
    auth: 'public',
    body: BalanceAdjustRequestSchema,
    response: BalanceAdjustSchema,
    handler: (_c, { body }) => adjustBalance(db, clock, body),
  });

  router.route({
    method: 'get',
    path: '/ledger/reconcile',
    summary: 'Accounts whose cached balance differs from the sum of their ledger (expected: none)',
    description: ADMIN_NOTE,
    auth: 'public',
    response: UnreconciledAccountsSchema,
    handler: async () => ({ unreconciled: await unreconciledAccounts(db) }),
  });

  router.route({
    method: 'patch',
    path: '/account',
    summary: 'Set what the account record says: business (member), entrust-order, reload allowed, customer success manager',
    description: `${ADMIN_NOTE} The account is named by its email; only the fields sent change.`,
    auth: 'public',
    body: OperatorAccountPatchSchema,
    response: UserInfoSchema,
    handler: async (_c, { body }) => toUserInfo(await loadUser(db, await updateAccountRecord(ctx, body)), `${MAIN_API_BASE}/${config.apiSegment}`),
  });

  return router;
}
