/**
 * Contract of the staff console's customer calls and additional-cost orders (`/api/<segment>/ops/…`,
 * issue 38 items 3, 6 and 7; ADRs 204–205). Staff tokens only, as every `ops/*` call (ops.ts).
 */
import { z } from 'zod';
import { AdditionalCostSchema } from './order.ts';
import { MAX, described, instant, named, optionalText, pageOf, required, text } from './fields.ts';
import { StaffActionSchema } from './ops.ts';
import { PageQuerySchema } from './paging.ts';

export const STAFF_CUSTOMER_NOT_FOUND = 'No customer has this id.';

/** `GET ops/customers?q=`: part of the email, the name or the company, in any case. */
export const OpsCustomerListQuerySchema = PageQuerySchema.extend({
  q: described(text(MAX.line), 'Part of the customer’s email, name or company, in any case.').optional(),
});
export type OpsCustomerListQuery = z.infer<typeof OpsCustomerListQuerySchema>;

/** What the account record says the account may do (spec sections 3 and 6). */
export const CustomerFlagsSchema = named(
  'CustomerFlags',
  z.object({
    isRecharge: described(z.boolean(), 'May reload the prepaid balance (spec section 6).'),
    isEntrustOrderAccount: described(z.boolean(), 'Places orders on behalf of its own customers.'),
    member: described(z.boolean(), 'Enterprise (business) account.'),
    isChannel: described(z.boolean(), 'A channel account: sent away from the customer pages to / (spec section 4).'),
  }),
);
export type CustomerFlags = z.infer<typeof CustomerFlagsSchema>;

const SuccessManagerSchema = z.object({ name: z.string(), email: z.string() }).nullable();

export const OpsCustomerSummarySchema = named(
  'OpsCustomerSummary',
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    customerNumber: z.string(),
    flags: CustomerFlagsSchema,
    successManager: SuccessManagerSchema,
    balanceCents: z.int(),
    createdAt: instant(),
  }),
);
export type OpsCustomerSummary = z.infer<typeof OpsCustomerSummarySchema>;
export const OpsCustomerListSchema = pageOf(OpsCustomerSummarySchema);
export type OpsCustomerList = z.infer<typeof OpsCustomerListSchema>;

export const OpsCustomerDetailSchema = named(
  'OpsCustomerDetail',
  z.object({
    customer: OpsCustomerSummarySchema,
    mayManage: described(z.boolean(), 'Whether the caller may change the flags and the success manager.'),
    mayAdjustBalance: z.boolean(),
    successManagers: described(
      z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
      'The staff accounts with the success-manager role, to choose from (empty when the caller may not manage).',
    ),
    audit: described(z.array(StaffActionSchema), 'Every staff action about the customer: on the account, its orders, additional costs and reloads.'),
  }),
);
export type OpsCustomerDetail = z.infer<typeof OpsCustomerDetailSchema>;

/** `PATCH ops/customers/{id}`: only the fields sent change; a reason is kept in the audit. */
export const OpsCustomerPatchSchema = named(
  'OpsCustomerPatch',
  z.object({
    isRecharge: z.boolean().optional(),
    isEntrustOrderAccount: z.boolean().optional(),
    member: z.boolean().optional(),
    isChannel: z.boolean().optional(),
    successManagerId: described(z.string().max(MAX.id).nullable(), 'A staff account with the success-manager role; null removes the one assigned.').optional(),
    reason: optionalText(MAX.text),
  }),
);
export type OpsCustomerPatch = z.infer<typeof OpsCustomerPatchSchema>;

/** `POST ops/customers/{id}/balance`: a credit or a debit, with the reason the customer reads. */
export const OpsBalanceAdjustRequestSchema = named(
  'OpsBalanceAdjustRequest',
  z.object({
    amount: described(required(z.string().max(MAX.id)), 'US dollars, e.g. 25 or -12.50; the balance never goes below zero.'),
    reason: described(required(text(MAX.line)), 'Shown to the customer in their balance transactions.'),
  }),
);
export type OpsBalanceAdjustRequest = z.infer<typeof OpsBalanceAdjustRequestSchema>;

/** `POST ops/orders/{id}/additional-cost`: an amount and the reason the customer reads. */
export const OpsAdditionalCostRequestSchema = named(
  'OpsAdditionalCostRequest',
  z.object({
    amount: described(required(z.string().max(MAX.id)), 'US dollars, e.g. 45 or 45.50; at least 1.00.'),
    reason: described(required(text(MAX.text)), 'What the additional cost is for; the customer reads it.'),
  }),
);
export type OpsAdditionalCostRequest = z.infer<typeof OpsAdditionalCostRequestSchema>;

export const OpsAdditionalCostsSchema = named(
  'OpsAdditionalCosts',
  z.object({ list: described(z.array(AdditionalCostSchema), 'The additional-cost orders of the order, newest first.') }),
);
export type OpsAdditionalCosts = z.infer<typeof OpsAdditionalCostsSchema>;
