import type { OrderStatus } from '#domain/api/order';
import type { PaymentMethod } from '#domain/api/payment';
import type { StaffRole, StaffOrderEvent } from '#domain/rules/staff-rules';
import type { MessageKey } from '#lib/i18n/i18n';

/** The order statuses in the catalogue's words (the customer's pages use the same keys). */
export const OPS_STATUS_KEYS: Readonly<Record<OrderStatus, MessageKey>> = {
  pending_payment: 'orders.status.pendingPayment',
  awaiting_transfer: 'orders.status.awaitingTransfer',
  paid: 'orders.status.paid',
  in_production: 'orders.status.inProduction',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  cancelled: 'orders.status.cancelled',
};

export const OPS_METHOD_KEYS: Readonly<Record<PaymentMethod, MessageKey>> = {
  balance: 'orders.method.balance',
  card: 'orders.method.card',
  bank_transfer: 'orders.method.bankTransfer',
};

export const ROLE_KEYS: Readonly<Record<StaffRole, MessageKey>> = {
  admin: 'ops.role.admin',
  operator: 'ops.role.operator',
  success_manager: 'ops.role.successManager',
};

/** Each move's button, its dialog's title and what the page announces once it is done. */
export const EVENT_KEYS: Readonly<Record<StaffOrderEvent, { button: MessageKey; title: MessageKey; done: MessageKey }>> = {
  start_production: { button: 'ops.event.startProduction', title: 'ops.event.startProductionTitle', done: 'ops.event.startProductionDone' },
  ship: { button: 'ops.event.ship', title: 'ops.event.shipTitle', done: 'ops.event.shipDone' },
  deliver: { button: 'ops.event.deliver', title: 'ops.event.deliverTitle', done: 'ops.event.deliverDone' },
  cancel: { button: 'ops.event.cancel', title: 'ops.event.cancelTitle', done: 'ops.event.cancelDone' },
  refund: { button: 'ops.event.refund', title: 'ops.event.refundTitle', done: 'ops.event.refundDone' },
};

/** The audit's actions in words; an action not listed shows as recorded. */
export const ACTION_KEYS: Readonly<Record<string, MessageKey>> = {
  'order.start_production': 'ops.event.startProduction',
  'order.ship': 'ops.event.ship',
  'order.deliver': 'ops.event.deliver',
  'order.cancel': 'ops.event.cancel',
  'order.refund': 'ops.event.refund',
  'order.additional_cost': 'ops.audit.additionalCost',
  'transfer.confirm': 'ops.audit.transferConfirm',
  'customer.update': 'ops.audit.customerUpdate',
  'customer.balance_adjust': 'ops.audit.balanceAdjust',
};
