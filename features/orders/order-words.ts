import type { AdditionalCostStatus, OrderStatus } from '#domain/api/order';
import type { PaymentMethod } from '#domain/api/payment';
import type { MessageKey } from '#lib/i18n/i18n';

/** Each order status in the catalogue's words (the status badge picks its look by the identifier). */
export const ORDER_STATUS_KEYS: Readonly<Record<OrderStatus, MessageKey>> = {
  pending_payment: 'orders.status.pendingPayment',
  awaiting_transfer: 'orders.status.awaitingTransfer',
  paid: 'orders.status.paid',
  in_production: 'orders.status.inProduction',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
};

export const ADDITIONAL_COST_STATUS_KEYS: Readonly<Record<AdditionalCostStatus, MessageKey>> = {
  pending_payment: 'orders.status.pendingPayment',
  awaiting_transfer: 'orders.status.awaitingTransfer',
  paid: 'orders.status.paid',
  cancelled: 'orders.status.cancelled',
};

/** The statuses of an additional cost, in the order of their record above (the API's own list is a schema the browser does not load). */
export const ADDITIONAL_COST_STATUSES = Object.keys(ADDITIONAL_COST_STATUS_KEYS) as AdditionalCostStatus[];

export const PAYMENT_METHOD_KEYS: Readonly<Record<PaymentMethod, MessageKey>> = {
  balance: 'orders.method.balance',
  card: 'orders.method.card',
  bank_transfer: 'orders.method.bankTransfer',
};
