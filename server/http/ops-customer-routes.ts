import type { Context } from 'hono';
import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { STAFF_ORDER_NOT_FOUND } from '#domain/api/ops';
import {
  OpsAdditionalCostRequestSchema,
  OpsAdditionalCostsSchema,
  OpsBalanceAdjustRequestSchema,
  OpsCustomerDetailSchema,
  OpsCustomerListQuerySchema,
  OpsCustomerListSchema,
  OpsCustomerPatchSchema,
  STAFF_CUSTOMER_NOT_FOUND,
} from '#domain/api/ops-customers';
import type { StaffPermission } from '#domain/rules/staff-rules';
import type { AppEnv } from '../auth/auth-context.ts';
import {
  adjustStaffCustomerBalance,
  createStaffAdditionalCost,
  listOrderAdditionalCosts,
  listStaffCustomers,
  readStaffCustomer,
  updateStaffCustomer,
} from '../staff/ops-customers.ts';
import type { Staff } from '../staff/staff-accounts.ts';
import type { AppContext } from './app-context.ts';
import type { ApiRouter } from './api-router.ts';

/** The staff member calling, when their role has `permission` (ops-routes.ts: 401 without a staff session, 403 without the permission). */
export type StaffOf = (c: Context<AppEnv>, permission: StaffPermission | null) => Promise<Staff>;

/**
 * The console's customers and additional-cost orders (issue 38 items 3, 6 and 7; ADRs 204–205),
 * on the `ops` router: a success manager reads only the customers assigned to them (any other
 * answers 404); operators and admins read, set the flags and the success manager, adjust balances
 * and charge additional costs. Every change is audited in its own transaction.
 */
export function opsCustomerRoutes(router: ApiRouter, ctx: AppContext, staffOf: StaffOf, note: string): void {
  router.route({
    method: 'get',
    path: '/customers',
    summary: 'Customers, newest first, searched by email, name, company or customer number (a success manager: only theirs)',
    description: note,
    auth: 'public',
    query: OpsCustomerListQuerySchema,
    response: OpsCustomerListSchema,
    handler: async (c, { query }) => listStaffCustomers(ctx.db, await staffOf(c, 'customers.read'), query),
  });

  router.route({
    method: 'get',
    path: '/customers/:id',
    summary: 'A customer for staff: the account record’s flags, success manager, balance, and every staff action about them',
    description: note,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_CUSTOMER_NOT_FOUND,
    response: OpsCustomerDetailSchema,
    handler: async (c, { params }) => readStaffCustomer(ctx.db, await staffOf(c, 'customers.read'), params.id),
  });

  router.route({
    method: 'patch',
    path: '/customers/:id',
    summary: 'Set the account record: may reload, entrust-order, member, channel, and its success manager (a staff account of that role); audited with before and after',
    description: `${note} Only the fields sent change (422 when none does).`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_CUSTOMER_NOT_FOUND,
    body: OpsCustomerPatchSchema,
    response: OpsCustomerDetailSchema,
    handler: async (c, { params, body }) => updateStaffCustomer(ctx, await staffOf(c, 'customers.manage'), params.id, body),
  });

  router.route({
    method: 'post',
    path: '/customers/:id/balance',
    summary: 'Credit or debit the customer’s balance with a reason, as a ledger entry (never below zero: 422)',
    description: note,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_CUSTOMER_NOT_FOUND,
    body: OpsBalanceAdjustRequestSchema,
    response: OpsCustomerDetailSchema,
    handler: async (c, { params, body }) => adjustStaffCustomerBalance(ctx, await staffOf(c, 'balance.adjust'), params.id, body),
  });

  router.route({
    method: 'get',
    path: '/orders/:id/additional-costs',
    summary: 'The additional-cost orders made on an order, newest first',
    description: note,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_ORDER_NOT_FOUND,
    response: OpsAdditionalCostsSchema,
    handler: async (c, { params }) => listOrderAdditionalCosts(ctx.db, await staffOf(c, 'orders.read'), params.id),
  });

  router.route({
    method: 'post',
    path: '/orders/:id/additional-cost',
    summary: 'Create an additional-cost order on an order with an amount and a reason; the customer sees it and is mailed its payment link',
    description: `${note} The same additional-cost order as \`admin/additional-cost\` (ADR 056).`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_ORDER_NOT_FOUND,
    body: OpsAdditionalCostRequestSchema,
    response: OpsAdditionalCostsSchema,
    status: 201,
    handler: async (c, { params, body }) => createStaffAdditionalCost(ctx, await staffOf(c, 'payments.charge'), params.id, body),
  });
}
