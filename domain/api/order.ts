/**
 * Contract of the checkout, order, agency-payment, additional-cost and after-sale calls of the
 * main API (`/api/<segment>/…`). The spec marks these "not shown"; ADRs 050–056 and docs/api.md say
 * how they were designed. Every order belongs to one account: another account's id answers 404
 * ("Can not found an order."), exactly as if it did not exist.
 */
import type { OrderEvent, OrderStatus } from '../orders/order-status.ts';
import type { CarrierId, Incoterm } from '../orders/shipping.ts';
import type { Page } from './paging.ts';
import type { PaymentMethod, PaymentSummary } from './payment.ts';

export type { OrderStatus, OrderEvent, Page };

export const ORDER_NOT_FOUND = 'Can not found an order.';

// ---------------------------------------------------------------------------------------------
// Checkout

/** `GET checkout/shipping-options` (public): the terms and the carriers to choose from. */
export interface ShippingOptions {
  incoterm: Incoterm;
  explanation: string;
  carriers: { id: CarrierId; name: string; accountLabel: string; transitDays: [number, number] }[];
}

/** `POST checkout/order`: an order from the caller's cart, priced again by the server. */
export interface CreateOrderRequest {
  /** Cart lines to order; all orderable lines of the cart when left out. */
  cartItemIds?: string[];
  /** An id from `account/address`. */
  shippingAddressId: string;
  /** An id from `account/billingAddress`. */
  billingAddressId: string;
  shipping: { incoterm?: Incoterm; carrier: CarrierId; carrierAccount: string };
  /** One coupon per order (the caller's own, active, unused promo code). */
  couponCode?: string | null;
  poNumber?: string | null;
  comment?: string | null;
  /** A comment per cart line id. */
  lineComments?: Record<string, string>;
  /** Entrust-order accounts only (spec section 6). */
  customerEmail?: string | null;
  platformOrderNumber?: string | null;
  customerNote?: string | null;
}

export interface Consignee {
  firstName: string;
  lastName: string;
  company: string | null;
  phoneCode: string;
  mobile: string;
  vatNumber: string | null;
  countryCode: string;
  countryName: string;
  state: string | null;
  city: string;
  postcode: string;
  addressLine1: string;
  addressLine2: string | null;
  addressLine3: string | null;
}

export interface BillingInfo {
  companyName: string | null;
  name: string;
  location: string;
}

/** One product of an order (spec section 3: name, material, model, quantity, unit price, total, comment, attachment). */
export interface OrderProduct {
  /** The product id (after-sale requests name it). */
  id: string;
  /** The part's name (its file name without the extension). */
  name: string;
  process: string;
  material: string;
  colour: string | null;
  /** The 3D model ordered: its file. */
  model: { fileId: string; fileName: string; projectId: string };
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  leadTimeDays: number;
  shipDate: string;
  comment: string | null;
  /** Where the model file can be downloaded (microservice API, the owner's token), while it is kept. */
  attachment: { name: string; path: string } | null;
  /** Human-readable options: tolerance, finishes, tier. */
  options: string[];
}

export interface OrderStatusChange {
  from: OrderStatus | null;
  to: OrderStatus;
  event: OrderEvent | 'create';
  actor: 'customer' | 'operator' | 'agency' | 'system';
  note: string | null;
  at: string;
}

export interface Tracking {
  id: string;
  /** e.g. "Package 1 of 2". */
  package: string;
  logisticsCompany: string;
  trackNumber: string;
  /** e.g. `collected`, `in_transit`, `delivered`. */
  trackState: string;
  updatedAt: string;
}

export interface OrderReview {
  /** 1–5 each. */
  stars: number;
  workmanship: number;
  product: number;
  service: number;
  logistics: number;
  comments: string | null;
  createdAt: string;
}

export interface OrderAmounts {
  subtotalCents: number;
  discountCents: number;
  /** Always 0: EXW, the buyer's carrier bills freight. */
  shippingCents: number;
  totalCents: number;
  currency: 'USD';
}

export interface OrderSummary {
  id: string;
  /** The order ID customers quote, e.g. `W25123456`. */
  number: string;
  poNumber: string | null;
  amountCents: number;
  currency: 'USD';
  status: OrderStatus;
  statusLabel: string;
  paymentMethod: PaymentMethod | null;
  consigneeName: string;
  productCount: number;
  createdAt: string;
}

export interface Order extends Omit<OrderSummary, 'amountCents'> {
  amounts: OrderAmounts;
  coupon: { code: string; discountCents: number } | null;
  paidAt: string | null;
  consignee: Consignee;
  billing: BillingInfo;
  shipping: { incoterm: Incoterm; carrier: CarrierId; carrierName: string; carrierAccount: string; explanation: string };
  comment: string | null;
  entrust: { customerEmail: string | null; platformOrderNumber: string | null; customerNote: string | null } | null;
  products: OrderProduct[];
  /** The latest ship date of the products (`YYYY-MM-DD`). */
  shipDate: string;
  statusHistory: OrderStatusChange[];
  payments: PaymentSummary[];
  tracking: Tracking[];
  review: OrderReview | null;
  /** What the buyer can do now (from domain/orders/order-status.ts). */
  actions: { pay: boolean; cancel: boolean; review: boolean; afterSale: boolean; agencyLink: boolean };
}

/** `POST checkout/order` answers 201 with the order, and what changed since the cart was priced. */
export interface CreateOrderResponse {
  order: Order;
  /** e.g. a line whose price moved when priced again at order time. */
  notices: string[];
}

/** `GET order/list?page&pageSize&status=paid,shipped`. */
export type OrderList = Page<OrderSummary>;

/** `POST order/{id}/review`. */
export interface ReviewRequest {
  stars: number;
  workmanship: number;
  product: number;
  service: number;
  logistics: number;
  comments?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Agency payment (ADR 055)

/** `POST order/{id}/agency-link`: a link for someone without an account to pay exactly this order. */
export interface AgencyLink {
  token: string;
  /** The page of spec route /checkout/agency-payment with the token. */
  url: string;
  expiresAt: string;
}

/** `GET agency/{token}` (public): what the payer sees; no addresses, no account details. */
export interface AgencySummary {
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  amountCents: number;
  currency: 'USD';
  company: string | null;
  products: { name: string; material: string; quantity: number; totalCents: number }[];
  payable: boolean;
  expiresAt: string;
  /** Cards and bank transfer only: an agency payer has no balance here. */
  methods: PaymentMethod[];
}

// ---------------------------------------------------------------------------------------------
// Additional-cost orders (ADR 056)

export type AdditionalCostStatus = 'pending_payment' | 'awaiting_transfer' | 'paid' | 'cancelled';

export interface AdditionalCost {
  id: string;
  /** e.g. `AC25123456`. */
  number: string;
  /** The order it adds to, if any. */
  orderNumber: string | null;
  description: string;
  amountCents: number;
  currency: 'USD';
  status: AdditionalCostStatus;
  statusLabel: string;
  paymentMethod: PaymentMethod | null;
  createdAt: string;
  paidAt: string | null;
}

/** Operator: `POST admin/additional-cost`. */
export interface CreateAdditionalCostRequest {
  customerEmail: string;
  amountCents: number;
  description: string;
  orderNumber?: string | null;
}

export interface AdditionalCostCreated extends AdditionalCost {
  /** The public payment page token (spec route /additional-cost/payment); shown only this once. */
  token: string;
  url: string;
}

/** `GET additional-cost/payment/{token}` (public). */
export interface AdditionalCostPublic {
  number: string;
  description: string;
  amountCents: number;
  currency: 'USD';
  status: AdditionalCostStatus;
  statusLabel: string;
  orderNumber: string | null;
  methods: PaymentMethod[];
}

// ---------------------------------------------------------------------------------------------
// After-sale orders (ADR 057)

/** `POST order/after-sale` (spec section 5 rules; domain/rules/after-sale-rules.ts). */
export interface AfterSaleRequest {
  /** The customer's own order number (their PO or platform order number). */
  orderNumber: string;
  /** Our order number (`W…`) of the order the products came from. */
  wedoOrderNumber: string;
  /** Products to refabricate: the product id and how many. */
  items: { productId: string; quantity: number }[];
  reason?: string | null;
}

export interface AfterSaleOrder {
  id: string;
  /** e.g. `AS25123456`. */
  number: string;
  orderNumber: string;
  wedoOrderNumber: string;
  status: 'submitted' | 'accepted' | 'rejected' | 'completed';
  reason: string | null;
  items: { productId: string; name: string; originalQuantity: number; quantity: number }[];
  createdAt: string;
}

export type AfterSaleList = Page<AfterSaleOrder>;
