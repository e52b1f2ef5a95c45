/**
 * Contract of the checkout, order, agency-payment, additional-cost and after-sale calls of the
 * main API (`/api/<segment>/…`). The spec marks these "not shown"; ADRs 050–056 and docs/api.md say
 * how they were designed (ADR 060: one zod schema per shape). Every order belongs to one account:
 * another account's id answers 404 ("Can not found an order."), exactly as if it did not exist.
 */
import { z } from 'zod';
import { ORDER_EVENTS, ORDER_STATUSES, type OrderEvent, type OrderStatus } from '../orders/order-status.ts';
import { PAYMENT_METHODS } from '../orders/payments.ts';
import { CARRIERS, INCOTERM, type CarrierId, type Incoterm } from '../orders/shipping.ts';
import { CHECKOUT_MESSAGES } from '../rules/checkout-rules.ts';
import { BillingInfoSchema, type BillingInfo } from './address.ts';
import { MAX, cents, day, described, id, instant, named, optionalText, pageOf, required, text } from './fields.ts';
import type { Page } from './paging.ts';
import { PageQuerySchema } from './paging.ts';
import { PaymentSummarySchema } from './payment.ts';
import { FindingNoteSchema, ProjectSchema } from './quote.ts';

export type { OrderStatus, OrderEvent, Page, CarrierId, Incoterm };

export const ORDER_NOT_FOUND = 'Can not found an order.';

const CARRIER_IDS = CARRIERS.map((c) => c.id) as [CarrierId, ...CarrierId[]];
const status = () => z.enum(ORDER_STATUSES);
const method = () => z.enum(PAYMENT_METHODS);

// ---------------------------------------------------------------------------------------------
// Checkout

/** `GET checkout/shipping-options` (public): the terms and the carriers to choose from. */
export const ShippingOptionsSchema = named(
  'ShippingOptions',
  z.object({
    incoterm: z.literal(INCOTERM),
    explanation: z.string(),
    carriers: z.array(z.object({ id: z.enum(CARRIER_IDS), name: z.string(), accountLabel: z.string(), transitDays: z.tuple([z.int(), z.int()]) })),
  }),
);
export type ShippingOptions = z.infer<typeof ShippingOptionsSchema>;

/** `POST checkout/order`: an order from the caller's cart, priced again by the server. */
export const CreateOrderRequestSchema = named(
  'CreateOrderRequest',
  z.object({
    cartItemIds: described(z.array(id()).max(MAX.list), 'Cart lines to order; all orderable lines of the cart when left out.').optional(),
    shippingAddressId: described(required(id()), 'An id from account/address.'),
    billingAddressId: described(required(id()), 'An id from account/billingAddress.'),
    shipping: z.object({
      incoterm: z.literal(INCOTERM, { error: () => CHECKOUT_MESSAGES.incotermExw }).optional(),
      carrier: z.enum(CARRIER_IDS, { error: () => CHECKOUT_MESSAGES.carrierRequired }),
      carrierAccount: required(text(MAX.text)),
    }),
    couponCode: described(optionalText(MAX.id), 'One coupon per order (the caller’s own, active, unused promo code).'),
    poNumber: optionalText(MAX.line),
    comment: optionalText(MAX.text),
    lineComments: described(
      z.record(id(), text(MAX.text)).refine((comments) => Object.keys(comments).length <= MAX.list, `Line comments can hold at most ${MAX.list} entries.`),
      'A comment per cart line id.',
    ).optional(),
    customerEmail: described(optionalText(MAX.email), 'Entrust-order accounts only (spec section 6).'),
    platformOrderNumber: described(optionalText(MAX.line), 'Entrust-order accounts only.'),
    customerNote: described(optionalText(MAX.text), 'Entrust-order accounts only.'),
  }),
);
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

export const ConsigneeSchema = named(
  'Consignee',
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    company: z.string().nullable(),
    phoneCode: z.string(),
    mobile: z.string(),
    vatNumber: z.string().nullable(),
    countryCode: z.string(),
    countryName: z.string(),
    state: described(z.string().nullable(), 'The subdivision’s code, e.g. US-CA, or null.'),
    stateName: described(z.string().nullable(), 'The subdivision’s name, e.g. California (what a person reads), or null.'),
    city: z.string(),
    postcode: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    addressLine3: z.string().nullable(),
  }),
);
export type Consignee = z.infer<typeof ConsigneeSchema>;

/** The billing address as the order keeps it (declared with the address, domain/api/address.ts). */
export { BillingInfoSchema, type BillingInfo };

/** `POST checkout/coupon`: a coupon checked before the order is placed (issue 34 item 6, ADR 165). */
export const CouponCheckRequestSchema = named(
  'CouponCheckRequest',
  z.object({
    couponCode: described(required(text(MAX.id)), 'The code typed at checkout.'),
    cartItemIds: described(z.array(id()).max(MAX.list), 'The cart lines to be ordered; all of the cart when left out.').optional(),
  }),
);
export type CouponCheckRequest = z.infer<typeof CouponCheckRequestSchema>;

export const CouponCheckSchema = named(
  'CouponCheck',
  z.object({
    code: z.string(),
    percentOff: described(z.int().nullable(), 'A percentage coupon: its percent; null for a fixed amount.'),
    amountOffCents: described(cents().nullable(), 'A fixed-amount coupon: its amount; null for a percentage.'),
    subtotalCents: described(cents(), 'The lines’ total as the cart prices them now.'),
    discountCents: described(cents(), 'What the coupon takes off that subtotal (a fixed amount never more than the subtotal).'),
    totalCents: cents(),
  }),
);
export type CouponCheck = z.infer<typeof CouponCheckSchema>;

/** One product of an order (spec section 3: name, material, model, quantity, unit price, total, comment, attachment). */
export const OrderProductSchema = named(
  'OrderProduct',
  z.object({
    id: described(z.string(), 'The product id (after-sale requests name it).'),
    name: described(z.string(), 'The part’s name (its file name without the extension).'),
    process: z.string(),
    material: z.string(),
    colour: z.string().nullable(),
    model: described(z.object({ fileId: z.string(), fileName: z.string(), projectId: z.string() }), 'The 3D model ordered: its file.'),
    quantity: z.int(),
    unitPriceCents: cents(),
    totalCents: cents(),
    leadTimeDays: z.int(),
    shipDate: day(),
    comment: z.string().nullable(),
    attachment: described(
      z.object({ name: z.string(), path: z.string() }).nullable(),
      'Where the model file can be downloaded (microservice API, the owner’s token), while it is kept.',
    ),
    drawing: described(
      z.object({ name: z.string(), contentType: z.string(), sizeBytes: z.int(), path: z.string() }).nullable(),
      'The technical drawing the product is made to (ADR 164), kept with the order; its owner downloads it from `path` (main API, the owner’s token).',
    ),
    options: described(z.array(z.string()), 'Human-readable options: tolerance, finishes, tier.'),
    findings: described(z.array(FindingNoteSchema), 'What the analysis of the model found, as the customer saw it at checkout (errors first), each with what to do.'),
  }),
);
export type OrderProduct = z.infer<typeof OrderProductSchema>;

export const OrderStatusChangeSchema = z.object({
  from: status().nullable(),
  to: status(),
  event: z.enum([...ORDER_EVENTS, 'create']),
  actor: z.enum(['customer', 'operator', 'agency', 'system']),
  note: z.string().nullable(),
  at: instant(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

export const TrackingSchema = z.object({
  id: z.string(),
  package: described(z.string(), 'e.g. "Package 1 of 2".'),
  logisticsCompany: z.string(),
  trackNumber: z.string(),
  trackState: described(z.string(), 'e.g. collected, in_transit, delivered.'),
  updatedAt: instant(),
});
export type Tracking = z.infer<typeof TrackingSchema>;

const rating = () => z.int().min(1).max(5);

export const OrderReviewSchema = z.object({
  stars: described(rating(), '1–5 each.'),
  workmanship: rating(),
  product: rating(),
  service: rating(),
  logistics: rating(),
  comments: z.string().nullable(),
  createdAt: instant(),
});
export type OrderReview = z.infer<typeof OrderReviewSchema>;

export const OrderAmountsSchema = z.object({
  subtotalCents: cents(),
  discountCents: cents(),
  shippingCents: described(cents(), 'Always 0: EXW, the buyer’s carrier bills freight.'),
  totalCents: cents(),
  currency: z.literal('USD'),
});
export type OrderAmounts = z.infer<typeof OrderAmountsSchema>;

const orderHeader = {
  id: z.string(),
  number: described(z.string(), 'The order ID customers quote, e.g. W25123456.'),
  poNumber: z.string().nullable(),
  currency: z.literal('USD'),
  status: status(),
  statusLabel: z.string(),
  paymentMethod: method().nullable(),
  consigneeName: z.string(),
  productCount: z.int(),
  createdAt: instant(),
};

export const OrderSummarySchema = named('OrderSummary', z.object({ ...orderHeader, amountCents: cents() }));
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderSchema = named(
  'Order',
  z.object({
    ...orderHeader,
    amounts: OrderAmountsSchema,
    coupon: z.object({ code: z.string(), discountCents: cents() }).nullable(),
    referral: described(
      z.object({ percentOff: z.int(), discountCents: cents() }).nullable(),
      'A referred friend’s first-order discount (ADR 090), when this order took it; an order has a coupon or this, never both.',
    ),
    paidAt: instant().nullable(),
    consignee: ConsigneeSchema,
    billing: BillingInfoSchema,
    shipping: z.object({ incoterm: z.literal(INCOTERM), carrier: z.enum(CARRIER_IDS), carrierName: z.string(), carrierAccount: z.string(), explanation: z.string() }),
    comment: z.string().nullable(),
    entrust: z.object({ customerEmail: z.string().nullable(), platformOrderNumber: z.string().nullable(), customerNote: z.string().nullable() }).nullable(),
    products: z.array(OrderProductSchema),
    shipDate: described(day(), 'The latest ship date of the products.'),
    statusHistory: z.array(OrderStatusChangeSchema),
    payments: z.array(PaymentSummarySchema),
    tracking: z.array(TrackingSchema),
    review: OrderReviewSchema.nullable(),
    actions: described(
      z.object({
        pay: z.boolean(),
        cancel: z.boolean(),
        review: z.boolean(),
        afterSale: z.boolean(),
        agencyLink: z.boolean(),
        reorder: described(z.boolean(), 'At least one product’s model file is still kept (3 months), so the order can be quoted again.'),
      }),
      'What the buyer can do now (from domain/orders/order-status.ts).',
    ),
  }),
);
export type Order = z.infer<typeof OrderSchema>;

/** `POST checkout/order` answers 201 with the order, and what changed since the cart was priced. */
export const CreateOrderResponseSchema = named(
  'CreateOrderResponse',
  z.object({ order: OrderSchema, notices: described(z.array(z.string()), 'e.g. a line whose price moved when priced again at order time.') }),
);
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

/** `GET order/list?page&pageSize&status=paid,shipped`. */
export const OrderListSchema = pageOf(OrderSummarySchema);
export type OrderList = Page<OrderSummary>;

/** `status=paid,in_production`: one status or several, comma-separated. */
export const OrderStatusFilterSchema = described(
  text(MAX.line).refine(
    (value) => value === '' || value.split(',').every((s) => (ORDER_STATUSES as readonly string[]).includes(s.trim())),
    `Status must be one or more of: ${ORDER_STATUSES.join(', ')}.`,
  ),
  'One status or several, comma-separated (e.g. paid,in_production).',
);

/** `GET order/list?page&pageSize&status&q`: `q` finds orders whose order ID or PO number contains it (any case). */
export const OrderListQuerySchema = PageQuerySchema.extend({
  status: OrderStatusFilterSchema.optional(),
  q: described(text(MAX.line), 'Part of an order ID (W…) or of a PO number, in any case.').optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/**
 * `POST order/{id}/reorder`: the order's products back in new quote projects (one per manufacturing
 * service), each with its model file and the configuration ordered, priced again now. `notices` say
 * which prices moved and which products could not come back (their file was removed after 3 months).
 */
export const ReorderResponseSchema = named(
  'ReorderResponse',
  z.object({
    projects: described(z.array(ProjectSchema), 'The new projects, the first holding the first product.'),
    notices: z.array(z.string()),
    changedPrices: described(z.int(), 'How many products cost something else now than in the order.'),
  }),
);
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;

export const CancelOrderRequestSchema = z.object({ reason: optionalText(MAX.text) });
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;

/** `POST order/{id}/review`: 1–5 each (the review rules say so), comments optional. */
export const ReviewRequestSchema = named(
  'ReviewRequest',
  z.object({
    stars: z.number().default(0),
    workmanship: z.number().default(0),
    product: z.number().default(0),
    service: z.number().default(0),
    logistics: z.number().default(0),
    comments: optionalText(MAX.longText),
  }),
);
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Agency payment (ADR 055)

/** `POST order/{id}/agency-link`: a link for someone without an account to pay exactly this order. */
export const AgencyLinkSchema = named(
  'AgencyLink',
  z.object({ token: z.string(), url: described(z.string(), 'The page of spec route /checkout/agency-payment with the token.'), expiresAt: instant() }),
);
export type AgencyLink = z.infer<typeof AgencyLinkSchema>;

/** `GET agency/{token}` (public): what the payer sees; no addresses, no account details. */
export const AgencySummarySchema = named(
  'AgencySummary',
  z.object({
    orderNumber: z.string(),
    status: status(),
    statusLabel: z.string(),
    amountCents: cents(),
    currency: z.literal('USD'),
    customerName: described(z.string(), 'Whom the payer pays for: the name the order is invoiced to (its billing name).'),
    company: described(z.string().nullable(), 'The company the order is invoiced to, if any.'),
    products: z.array(z.object({ name: z.string(), material: z.string(), quantity: z.int(), totalCents: cents() })),
    payable: z.boolean(),
    expiresAt: instant(),
    methods: described(z.array(method()), 'Cards and bank transfer only: an agency payer has no balance here.'),
  }),
);
export type AgencySummary = z.infer<typeof AgencySummarySchema>;

// ---------------------------------------------------------------------------------------------
// Additional-cost orders (ADR 056)

export const ADDITIONAL_COST_STATUSES = ['pending_payment', 'awaiting_transfer', 'paid', 'cancelled'] as const;
export type AdditionalCostStatus = (typeof ADDITIONAL_COST_STATUSES)[number];

const additionalCostFields = {
  id: z.string(),
  number: described(z.string(), 'e.g. AC25123456.'),
  orderNumber: described(z.string().nullable(), 'The order it adds to, if any.'),
  description: z.string(),
  amountCents: cents(),
  currency: z.literal('USD'),
  status: z.enum(ADDITIONAL_COST_STATUSES),
  statusLabel: z.string(),
  paymentMethod: method().nullable(),
  createdAt: instant(),
  paidAt: instant().nullable(),
};

export const AdditionalCostSchema = named('AdditionalCost', z.object(additionalCostFields));
export type AdditionalCost = z.infer<typeof AdditionalCostSchema>;

export const AdditionalCostListSchema = pageOf(AdditionalCostSchema);

/** Operator: `POST admin/additional-cost` (the additional-cost rules check the values). */
export const CreateAdditionalCostRequestSchema = named(
  'CreateAdditionalCostRequest',
  z.object({
    customerEmail: required(text(MAX.email)),
    amountCents: described(z.number().default(0), 'Whole US cents, at least 100.'),
    description: required(text(MAX.text)),
    orderNumber: optionalText(MAX.id),
  }),
);
export type CreateAdditionalCostRequest = z.infer<typeof CreateAdditionalCostRequestSchema>;

export const AdditionalCostCreatedSchema = named(
  'AdditionalCostCreated',
  z.object({
    ...additionalCostFields,
    token: described(z.string(), 'The public payment page token (spec route /additional-cost/payment); shown only this once.'),
    url: z.string(),
  }),
);
export type AdditionalCostCreated = z.infer<typeof AdditionalCostCreatedSchema>;

/** `GET additional-cost/payment/{token}` (public). */
export const AdditionalCostPublicSchema = named(
  'AdditionalCostPublic',
  z.object({
    number: z.string(),
    description: z.string(),
    amountCents: cents(),
    currency: z.literal('USD'),
    status: z.enum(ADDITIONAL_COST_STATUSES),
    statusLabel: z.string(),
    orderNumber: z.string().nullable(),
    methods: z.array(method()),
  }),
);
export type AdditionalCostPublic = z.infer<typeof AdditionalCostPublicSchema>;

// ---------------------------------------------------------------------------------------------
// After-sale orders (ADR 057)

/** `POST order/after-sale` (spec section 5 rules; domain/rules/after-sale-rules.ts). */
export const AfterSaleRequestSchema = named(
  'AfterSaleRequest',
  z.object({
    orderNumber: described(required(text(MAX.line)), 'The customer’s own order number (their PO or platform order number).'),
    wedoOrderNumber: described(required(text(MAX.line)), 'Our order number (W…) of the order the products came from.'),
    items: described(
      z.array(z.object({ productId: required(id()), quantity: z.number().default(0) })).max(2 * MAX.list),
      'Products to refabricate: the product id and how many.',
    ).default([]),
    reason: optionalText(MAX.longText),
  }),
);
export type AfterSaleRequest = z.infer<typeof AfterSaleRequestSchema>;

/** `cancelled`: approved, then its refabrication was cancelled by staff before it shipped, with the reason (ADR 232). */
export const AFTER_SALE_STATUSES = ['submitted', 'accepted', 'rejected', 'completed', 'cancelled'] as const;

export const AfterSaleOrderSchema = named(
  'AfterSaleOrder',
  z.object({
    id: z.string(),
    number: described(z.string(), 'e.g. AS25123456.'),
    orderNumber: z.string(),
    wedoOrderNumber: z.string(),
    status: z.enum(AFTER_SALE_STATUSES),
    reason: z.string().nullable(),
    items: z.array(z.object({ productId: z.string(), name: z.string(), originalQuantity: z.int(), quantity: z.int() })),
    createdAt: instant(),
    decision: described(
      z
        .object({
          decidedAt: instant(),
          refusalReason: z.string().nullable(),
          refabrication: z.object({ id: z.string(), number: z.string() }).nullable(),
        })
        .nullable(),
      'Staff’s decision (issue 38): accepted with the refabrication order made at no charge, or rejected with the reason; cancelled (its refabrication stopped before shipping) with the reason in `refusalReason` and the cancelled order; null while submitted.',
    ),
  }),
);
export type AfterSaleOrder = z.infer<typeof AfterSaleOrderSchema>;

export const AfterSaleListSchema = pageOf(AfterSaleOrderSchema);
export type AfterSaleList = Page<AfterSaleOrder>;

// ---------------------------------------------------------------------------------------------
// Operator calls (behind ADMIN_TOKEN; ADRs 050, 054, 056)

export const OPERATOR_ORDER_EVENTS = ['start_production', 'ship', 'deliver', 'refund'] as const;

export const OperatorEventRequestSchema = named(
  'OperatorEventRequest',
  z.object({
    event: z.enum(OPERATOR_ORDER_EVENTS, {
      error: () => 'The event must be start_production, ship, deliver or refund (a bank transfer is confirmed with admin/bank-transfer/confirm: it needs the amount received).',
    }),
    note: optionalText(MAX.text),
    tracking: z
      .array(z.object({ package: text(MAX.name).optional(), logisticsCompany: required(text(MAX.name)), trackNumber: required(text(MAX.id)) }))
      .max(MAX.list)
      .optional(),
  }),
);
export type OperatorEventRequest = z.infer<typeof OperatorEventRequestSchema>;

export const ConfirmTransferRequestSchema = named(
  'ConfirmTransferRequest',
  z.object({
    number: described(required(text(MAX.id)), 'The order (W…), additional cost (AC…) or balance reload (R…) the transfer pays.'),
    amount: described(z.union([text(MAX.id), z.number()]), 'US dollars received, e.g. "1234.50".'),
    note: optionalText(MAX.text),
  }),
);
export type ConfirmTransferRequest = z.infer<typeof ConfirmTransferRequestSchema>;

export const ConfirmTransferResponseSchema = z.object({
  kind: z.enum(['order', 'additional_cost', 'reload']),
  number: z.string(),
  status: status(),
  creditedCents: described(cents(), 'What was credited to the balance: beyond the amount due of an order, or the whole amount of a reload.'),
});
export type ConfirmTransferResponse = z.infer<typeof ConfirmTransferResponseSchema>;

export const UnreconciledAccountsSchema = z.object({
  unreconciled: z.array(z.object({ userId: z.string(), cachedCents: cents(), ledgerCents: cents() })),
});
