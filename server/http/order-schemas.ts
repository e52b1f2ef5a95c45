import { ORDER_EVENTS, ORDER_STATUSES } from '#domain/orders/order-status';
import { CARRIERS } from '#domain/orders/shipping';
import { PAYMENT_METHODS } from '#domain/api/payment';
import { BANK_ACCOUNT_CURRENCIES } from '#domain/api/common';
import { MAX_RELOAD_USD, MIN_RELOAD_USD } from '#domain/rules/balance-rules';
import { s } from './json-schema.ts';

/** JSON Schemas of domain/api/order.ts and payment.ts for the OpenAPI document (ADR 024). */
const str = s.string();
const optStr = s.nullable(s.string());
const int = s.integer();
const cents = s.integer({ description: 'US cents' });
const status = s.enum(ORDER_STATUSES);
const method = s.enum(PAYMENT_METHODS);

const card = s.object({ number: s.string({ description: 'Sandbox test card, e.g. 4242 4242 4242 4242' }), expMonth: int, expYear: int, cvc: str, 'name?': str });

const paymentSummary = s.object({
  id: str,
  method,
  status: s.enum(['succeeded', 'declined', 'pending', 'cancelled', 'refunded']),
  amountCents: cents,
  currency: s.enum(['USD']),
  provider: str,
  cardBrand: optStr,
  cardLast4: optStr,
  declineCode: optStr,
  message: optStr,
  via: s.enum(['owner', 'agency', 'link']),
  createdAt: str,
});

const bankAccount = s.object({ currency: str, bankName: str, accountName: str, accountNumber: str, swift: str, address: str });

const orderSummaryProps = {
  id: str,
  number: s.string({ description: 'The order ID, e.g. W25123456' }),
  poNumber: optStr,
  currency: s.enum(['USD']),
  status,
  statusLabel: str,
  paymentMethod: s.nullable(method),
  consigneeName: str,
  productCount: int,
  createdAt: str,
};

export const orderSchemas = {
  ShippingOptions: s.object({
    incoterm: s.enum(['EXW']),
    explanation: str,
    carriers: s.array(s.object({ id: s.enum(CARRIERS.map((c) => c.id)), name: str, accountLabel: str, transitDays: s.array(int) })),
  }),
  CreateOrderRequest: s.object({
    'cartItemIds?': s.array(str, { description: 'All orderable cart lines when left out' }),
    shippingAddressId: str,
    billingAddressId: str,
    shipping: s.object({ 'incoterm?': s.enum(['EXW']), carrier: s.enum(CARRIERS.map((c) => c.id)), carrierAccount: str }),
    'couponCode?': optStr,
    'poNumber?': optStr,
    'comment?': optStr,
    'lineComments?': s.object({}, { additionalProperties: str, description: 'cart item id → comment' }),
    'customerEmail?': s.nullable(s.string({ description: 'Entrust-order accounts only' })),
    'platformOrderNumber?': s.nullable(s.string({ description: 'Entrust-order accounts only' })),
    'customerNote?': s.nullable(s.string({ description: 'Entrust-order accounts only' })),
  }),
  OrderSummary: s.object({ ...orderSummaryProps, amountCents: cents }),
  Order: s.object({
    ...orderSummaryProps,
    amounts: s.object({ subtotalCents: cents, discountCents: cents, shippingCents: cents, totalCents: cents, currency: str }),
    coupon: s.nullable(s.object({ code: str, discountCents: cents })),
    paidAt: optStr,
    consignee: s.object({}, { additionalProperties: true, description: 'The shipping address as it was at checkout' }),
    billing: s.object({ companyName: optStr, name: str, location: str }),
    shipping: s.object({ incoterm: s.enum(['EXW']), carrier: str, carrierName: str, carrierAccount: str, explanation: str }),
    comment: optStr,
    entrust: s.nullable(s.object({ customerEmail: optStr, platformOrderNumber: optStr, customerNote: optStr })),
    products: s.array(
      s.object({
        id: str,
        name: str,
        process: str,
        material: str,
        colour: optStr,
        model: s.object({ fileId: str, fileName: str, projectId: str }),
        quantity: int,
        unitPriceCents: cents,
        totalCents: cents,
        leadTimeDays: int,
        shipDate: str,
        comment: optStr,
        attachment: s.nullable(s.object({ name: str, path: s.string({ description: 'Below the microservice API base' }) })),
        options: s.array(str),
      }),
    ),
    shipDate: str,
    statusHistory: s.array(s.object({ from: s.nullable(status), to: status, event: str, actor: str, note: optStr, at: str })),
    payments: s.array(paymentSummary),
    tracking: s.array(s.object({ id: str, package: str, logisticsCompany: str, trackNumber: str, trackState: str, updatedAt: str })),
    review: s.nullable(s.object({ stars: int, workmanship: int, product: int, service: int, logistics: int, comments: optStr, createdAt: str })),
    actions: s.object({ pay: s.boolean(), cancel: s.boolean(), review: s.boolean(), afterSale: s.boolean(), agencyLink: s.boolean() }),
  }),
  PayRequest: s.object({
    method,
    'card?': card,
    'paymentMethodId?': s.string({ description: 'From a real provider’s card form (or sandbox pm_card_visa, pm_card_chargeDeclined, …)' }),
    'currency?': s.enum(BANK_ACCOUNT_CURRENCIES),
  }),
  PayResponse: s.object({
    subject: s.object({ kind: s.enum(['order', 'additional_cost', 'reload']), id: str, number: str, status: str }),
    payment: paymentSummary,
    balanceCents: s.nullable(cents),
    bankTransfer: s.nullable(s.object({ reference: str, amountCents: cents, currency: str, bankAccounts: s.array(bankAccount), note: str })),
    message: str,
    'rechargeId?': str,
  }),
  ReloadRequest: s.object({ amount: s.integer({ minimum: MIN_RELOAD_USD, maximum: MAX_RELOAD_USD, description: 'Whole US dollars' }), 'card?': card, 'paymentMethodId?': str }),
  ReviewRequest: s.object({
    stars: s.integer({ minimum: 1, maximum: 5 }),
    workmanship: s.integer({ minimum: 1, maximum: 5 }),
    product: s.integer({ minimum: 1, maximum: 5 }),
    service: s.integer({ minimum: 1, maximum: 5 }),
    logistics: s.integer({ minimum: 1, maximum: 5 }),
    'comments?': optStr,
  }),
  AgencyLink: s.object({ token: str, url: str, expiresAt: str }),
  AgencySummary: s.object({
    orderNumber: str,
    status,
    statusLabel: str,
    amountCents: cents,
    currency: str,
    company: optStr,
    products: s.array(s.object({ name: str, material: str, quantity: int, totalCents: cents })),
    payable: s.boolean(),
    expiresAt: str,
    methods: s.array(method),
  }),
  AdditionalCost: s.object({
    id: str,
    number: str,
    orderNumber: optStr,
    description: str,
    amountCents: cents,
    currency: str,
    status: s.enum(['pending_payment', 'awaiting_transfer', 'paid', 'cancelled']),
    statusLabel: str,
    paymentMethod: s.nullable(method),
    createdAt: str,
    paidAt: optStr,
  }),
  AdditionalCostPublic: s.object({
    number: str,
    description: str,
    amountCents: cents,
    currency: str,
    status: str,
    statusLabel: str,
    orderNumber: optStr,
    methods: s.array(method),
  }),
  AfterSaleRequest: s.object({
    orderNumber: s.string({ description: 'Your own order number (PO or platform order number)' }),
    wedoOrderNumber: s.string({ description: 'Our order number, W…' }),
    items: s.array(s.object({ productId: str, quantity: s.integer({ minimum: 1 }) }), { minItems: 1 }),
    'reason?': optStr,
  }),
  AfterSaleOrder: s.object({
    id: str,
    number: str,
    orderNumber: str,
    wedoOrderNumber: str,
    status: str,
    reason: optStr,
    items: s.array(s.object({ productId: str, name: str, originalQuantity: int, quantity: int })),
    createdAt: str,
  }),
  OperatorEvent: s.object({
    event: s.enum(ORDER_EVENTS.filter((e) => e !== 'pay' && e !== 'choose_bank_transfer' && e !== 'cancel' && e !== 'confirm_transfer')),
    'note?': optStr,
    'tracking?': s.array(s.object({ 'package?': str, logisticsCompany: str, trackNumber: str })),
  }),
};
