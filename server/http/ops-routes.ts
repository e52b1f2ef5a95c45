import type { Context } from 'hono';
import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { ConfirmTransferRequestSchema, ConfirmTransferResponseSchema } from '#domain/api/order';
import {
  AwaitingTransfersQuerySchema,
  AwaitingTransfersSchema,
  MAX_AWAITING_TRANSFERS,
  OpsOrderEventRequestSchema,
  OpsOrderListQuerySchema,
  OpsOrderListSchema,
  OpsOrderSchema,
  STAFF_ORDER_NOT_FOUND,
  StaffChallengeSchema,
  StaffListSchema,
  StaffMeSchema,
  StaffSecondFactorRequestSchema,
  StaffSessionSchema,
  StaffSignInRequestSchema,
} from '#domain/api/ops';
import { STAFF_MESSAGES, mayStaff, type StaffPermission } from '#domain/rules/staff-rules';
import type { AppEnv } from '../auth/auth-context.ts';
import { HttpError } from '../errors.ts';
import type { Staff } from '../staff/staff-accounts.ts';
import { listStaffOrders, moveStaffOrder, readStaffOrder } from '../staff/ops-orders.ts';
import { awaitingTransfers, confirmStaffTransfer } from '../staff/ops-transfers.ts';
import type { AppContext } from './app-context.ts';
import { ApiRouter } from './api-router.ts';
import { opsCustomerRoutes } from './ops-customer-routes.ts';
import { opsOrderFileRoutes } from './ops-order-file-routes.ts';
import { opsQueueRoutes } from './ops-queue-routes.ts';
import { OPEN_STAFF_PATHS, opsStaffRoutes } from './ops-staff-routes.ts';
import { clientAddress } from './client-address.ts';

const STAFF_NOTE = 'Staff only (issue 38): `Authorization: Bearer <staff accessToken>` from ops/auth/second-factor; a customer’s token answers 401, a role without the permission 403.';

/**
 * The staff console's calls (issue 38, ADRs 190–193). Each states the permission it needs
 * (domain/rules/staff-rules.ts); `staffOf` reads the staff token (never a customer's) and refuses
 * a role without it before anything else is read. The admin token's calls (admin-routes.ts) stay
 * for automation.
 */
export function opsRoutes(ctx: AppContext): ApiRouter {
  const router = new ApiRouter('/ops', 'Staff console', ctx);

  // The staff session is checked before anything of the request is read (401), for every call but
  // the two sign-in steps; the role's permission as the handler starts (403).
  const callers = new WeakMap<object, Staff>();
  const OPEN = new Set<string>(['/auth/sign-in', '/auth/second-factor', ...OPEN_STAFF_PATHS]);
  router.hono.use('*', async (c, next) => {
    if (!OPEN.has(c.req.path.replace(/^.*\/ops(?=\/)/, ''))) {
      const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
      const staff = match?.[1] ? await ctx.staff.authenticate(match[1]) : null;
      if (!staff) throw new HttpError(401, STAFF_MESSAGES.staffOnly);
      callers.set(c, staff);
    }
    await next();
  });

  /** The staff member calling, when their role has `permission` (403 otherwise). */
  const staffOf = async (c: Context<AppEnv>, permission: StaffPermission | null): Promise<Staff> => {
    const staff = callers.get(c);
    if (!staff) throw new HttpError(401, STAFF_MESSAGES.staffOnly);
    if (permission && !mayStaff(staff.role, permission)) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
    return staff;
  };

  router.route({
    method: 'post',
    path: '/auth/sign-in',
    summary: 'Staff sign-in, first step: email and password; answers the challenge for the second factor',
    description: 'Not a customer account: staff accounts are created by `npm run staff:create` (docs/api.md, "Staff console").',
    auth: 'public',
    rateLimit: 'staffSignIn',
    body: StaffSignInRequestSchema,
    response: StaffChallengeSchema,
    handler: (c, { body }) => ctx.staff.signIn(body.email, body.password, clientAddress(c, ctx.config.trustProxy)),
  });

  router.route({
    method: 'post',
    path: '/auth/second-factor',
    summary: 'Staff sign-in, second step: the authenticator’s 6-digit code (never twice) or a recovery code (once); answers the staff token',
    auth: 'public',
    rateLimit: 'staffSignIn',
    body: StaffSecondFactorRequestSchema,
    response: StaffSessionSchema,
    handler: (c, { body }) => ctx.staff.secondFactor(body.challenge, body.code, clientAddress(c, ctx.config.trustProxy)),
  });

  router.route({
    method: 'post',
    path: '/auth/sign-out',
    summary: 'Ends the staff session',
    description: STAFF_NOTE,
    auth: 'public',
    response: z.object({ ok: z.literal(true) }),
    handler: async (c) => {
      await ctx.staff.signOut(await staffOf(c, null));
      return { ok: true as const };
    },
  });

  router.route({
    method: 'get',
    path: '/me',
    summary: 'The staff member signed in: role, permissions, recovery codes left',
    description: STAFF_NOTE,
    auth: 'public',
    response: StaffMeSchema,
    handler: async (c) => ctx.staff.me((await staffOf(c, null)).id),
  });

  router.route({
    method: 'get',
    path: '/staff',
    summary: 'The staff accounts (admin)',
    description: STAFF_NOTE,
    auth: 'public',
    response: StaffListSchema,
    handler: async (c) => {
      await staffOf(c, 'staff.read');
      return ctx.staff.list();
    },
  });

  router.route({
    method: 'get',
    path: '/orders',
    summary: 'Every account’s orders by status, searched by order ID, PO number or customer email (a success manager: their customers’)',
    description: STAFF_NOTE,
    auth: 'public',
    query: OpsOrderListQuerySchema,
    response: OpsOrderListSchema,
    handler: async (c, { query }) => listStaffOrders(ctx.db, await staffOf(c, 'orders.read'), query),
  });

  router.route({
    method: 'get',
    path: '/orders/:id',
    summary: 'An order for staff: the order, its customer, what the caller may do now, the staff’s actions on it',
    description: STAFF_NOTE,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_ORDER_NOT_FOUND,
    response: OpsOrderSchema,
    handler: async (c, { params }) => readStaffOrder(ctx.db, await staffOf(c, 'orders.read'), params.id),
  });

  router.route({
    method: 'post',
    path: '/orders/:id/event',
    summary: 'Move an order on: into production, shipped (carrier and tracking number), delivered, cancelled (unpaid) or refunded (paid), with its reason; the customer is mailed',
    description: `${STAFF_NOTE} The lifecycle's own rule decides (409 otherwise); cancel and refund need a reason, ship a carrier and a tracking number (422).`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_ORDER_NOT_FOUND,
    body: OpsOrderEventRequestSchema,
    response: OpsOrderSchema,
    handler: async (c, { params, body }) => moveStaffOrder(ctx, await staffOf(c, 'orders.move'), params.id, body),
  });

  router.route({
    method: 'get',
    path: '/transfers',
    summary: 'What waits for a bank transfer: orders, additional costs and balance reloads, oldest first, by reference',
    description: `${STAFF_NOTE} At most ${MAX_AWAITING_TRANSFERS} listed; \`total\` counts them all.`,
    auth: 'public',
    query: AwaitingTransfersQuerySchema,
    response: AwaitingTransfersSchema,
    handler: async (c, { query }) => {
      await staffOf(c, 'payments.confirm');
      return awaitingTransfers(ctx.db, query);
    },
  });

  router.route({
    method: 'post',
    path: '/transfers/confirm',
    summary: 'Confirm a bank transfer with the amount received (short: refused, it keeps waiting; exact: paid; over: paid and the rest to the balance; a reload: the whole amount)',
    description: `${STAFF_NOTE} The payments' own confirmation (ADR 054), audited in its transaction.`,
    auth: 'public',
    body: ConfirmTransferRequestSchema,
    response: ConfirmTransferResponseSchema,
    handler: async (c, { body }) => confirmStaffTransfer(ctx, await staffOf(c, 'payments.confirm'), body),
  });

  opsCustomerRoutes(router, ctx, staffOf, STAFF_NOTE);
  opsOrderFileRoutes(router, ctx, staffOf, STAFF_NOTE); // the order page's files
  opsQueueRoutes(router, ctx, staffOf, STAFF_NOTE); // after-sale claims and manual reviews
  opsStaffRoutes(router, ctx, staffOf, STAFF_NOTE); // invitations, disabling, recovery codes (ADR 223)

  return router;
}
