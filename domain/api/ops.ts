/**
 * Contract of the staff console's calls (`/api/<segment>/ops/…`, issue 38, ADRs 190–192). A staff
 * token is not a customer's: every call but the two sign-in steps needs a staff token (401), and
 * the staff member's role must allow it (403). Customers' tokens open none of them.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/order-status.ts';
import { MAX, day, described, instant, named, optionalText, pageOf, required, text } from './fields.ts';
import { OrderSchema, OrderStatusFilterSchema, OrderSummarySchema } from './order.ts';
import { PageQuerySchema } from './paging.ts';
import { STAFF_ORDER_EVENTS, STAFF_PERMISSIONS, STAFF_ROLES } from '../rules/staff-rules.ts';

export const STAFF_ORDER_NOT_FOUND = 'No order has this id.';

export const StaffSignInRequestSchema = named(
  'StaffSignInRequest',
  z.object({ email: required(text(MAX.email)), password: required(z.string().max(MAX.password)) }),
);
export type StaffSignInRequest = z.infer<typeof StaffSignInRequestSchema>;

export const StaffChallengeSchema = named(
  'StaffChallenge',
  z.object({
    challenge: described(z.string(), 'Sent back with the second factor; valid 5 minutes.'),
    expiresIn: z.int(),
  }),
);
export type StaffChallenge = z.infer<typeof StaffChallengeSchema>;

export const StaffSecondFactorRequestSchema = named(
  'StaffSecondFactorRequest',
  z.object({
    challenge: required(text(2048)),
    code: described(required(text(MAX.id)), 'The 6 digits of the authenticator app, or one recovery code.'),
  }),
);
export type StaffSecondFactorRequest = z.infer<typeof StaffSecondFactorRequestSchema>;

export const StaffMeSchema = named(
  'StaffMe',
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    permissions: z.array(z.enum(STAFF_PERMISSIONS)),
    recoveryCodesLeft: z.int(),
  }),
);
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffSessionSchema = named('StaffSession', z.object({ accessToken: z.string(), expiresIn: z.int(), staff: StaffMeSchema }));
export type StaffSession = z.infer<typeof StaffSessionSchema>;

export const StaffMemberSchema = named(
  'StaffMember',
  z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES), createdAt: instant(), disabled: z.boolean() }),
);
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListSchema = named('StaffList', z.object({ list: z.array(StaffMemberSchema) }));
export type StaffList = z.infer<typeof StaffListSchema>;

/** One line of the audit (ADR 192): who did what, when, the state before and after, and why. */
export const StaffActionSchema = named(
  'StaffAction',
  z.object({
    id: z.string(),
    staffName: z.string(),
    staffEmail: z.string(),
    action: described(z.string(), 'e.g. `order.ship`.'),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    at: instant(),
  }),
);
export type StaffAction = z.infer<typeof StaffActionSchema>;

export const OpsOrderSummarySchema = named(
  'OpsOrderSummary',
  z.object({
    order: OrderSummarySchema,
    customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    shipBy: described(day().nullable(), 'The latest ship date of its products: when it is due to leave the factory.'),
  }),
);
export type OpsOrderSummary = z.infer<typeof OpsOrderSummarySchema>;
export const OpsOrderListSchema = pageOf(OpsOrderSummarySchema);
export type OpsOrderList = z.infer<typeof OpsOrderListSchema>;

/** `GET ops/orders?status=paid&q=W25…`: `q` is part of an order ID, a PO number or the customer's email. */
export const OpsOrderListQuerySchema = PageQuerySchema.extend({
  status: OrderStatusFilterSchema.optional(),
  q: described(text(MAX.line), 'Part of an order ID, a PO number or the customer’s email, in any case.').optional(),
});
export type OpsOrderListQuery = z.infer<typeof OpsOrderListQuerySchema>;

export const OpsCustomerSchema = named(
  'OpsCustomer',
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    customerNumber: z.string(),
    successManager: z.object({ name: z.string(), email: z.string() }).nullable(),
  }),
);
export type OpsCustomer = z.infer<typeof OpsCustomerSchema>;

/**
 * One ordered product's files for staff (issue 38 item 2): the model file, its picture and the
 * drawing, each read with the staff token from `path` (the product's findings and comment are in
 * the order's products), and the note the customer wrote on the part.
 */
export const OpsOrderFileSchema = named(
  'OpsOrderFile',
  z.object({
    productId: z.string(),
    model: described(z.object({ name: z.string(), path: z.string() }).nullable(), 'The model file while it is kept (3 months); null once removed.'),
    preview: described(z.string().nullable(), 'Where the part’s picture (PNG drawn from the model) is read; null once the model is removed.'),
    mesh: described(z.string().nullable(), 'Where the part’s mesh for the 3D view (binary STL, ADR 231) is read; null once the model is removed.'),
    drawing: described(z.object({ name: z.string(), contentType: z.string(), sizeBytes: z.int(), path: z.string() }).nullable(), 'The drawing the product is made to (ADR 164), kept with the order.'),
    partNote: described(z.string().nullable(), 'The note the customer wrote on the part in the quote.'),
  }),
);
export type OpsOrderFile = z.infer<typeof OpsOrderFileSchema>;

export const OpsOrderSchema = named(
  'OpsOrder',
  z.object({
    order: OrderSchema,
    customer: OpsCustomerSchema,
    files: z.array(OpsOrderFileSchema),
    events: described(z.array(z.enum(STAFF_ORDER_EVENTS)), 'What the caller may do to the order now (its role and the lifecycle).'),
    audit: z.array(StaffActionSchema),
  }),
);
export type OpsOrder = z.infer<typeof OpsOrderSchema>;

export const OpsOrderEventRequestSchema = named(
  'OpsOrderEventRequest',
  z.object({
    event: z.enum(STAFF_ORDER_EVENTS, { error: () => `The event must be one of: ${STAFF_ORDER_EVENTS.join(', ')}.` }),
    reason: optionalText(MAX.text),
    carrier: optionalText(MAX.name),
    trackingNumber: optionalText(MAX.id),
  }),
);
export type OpsOrderEventRequest = z.infer<typeof OpsOrderEventRequestSchema>;

export { ORDER_STATUSES };

/** The most awaiting transfers `GET ops/transfers` answers, oldest first. */
export const MAX_AWAITING_TRANSFERS = 200;

export const AwaitingTransferSchema = named(
  'AwaitingTransfer',
  z.object({
    kind: z.enum(['order', 'additional_cost', 'reload']),
    id: z.string(),
    reference: described(z.string(), 'What the customer writes on the transfer: W… (order), AC… (additional cost), R… (balance reload).'),
    dueCents: described(z.int(), 'What the subject costs; a reload takes whatever arrives.'),
    currency: z.literal('USD'),
    customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    since: instant(),
  }),
);
export type AwaitingTransfer = z.infer<typeof AwaitingTransferSchema>;

export const AwaitingTransfersSchema = named('AwaitingTransfers', z.object({ list: z.array(AwaitingTransferSchema), total: z.int() }));
export type AwaitingTransfers = z.infer<typeof AwaitingTransfersSchema>;

/** `GET ops/transfers?q=`: part of the reference or the customer's email. */
export const AwaitingTransfersQuerySchema = z.object({
  q: described(text(MAX.line), 'Part of the reference (W…, AC…, R…) or the customer’s email, in any case.').optional(),
});
export type AwaitingTransfersQuery = z.infer<typeof AwaitingTransfersQuerySchema>;
