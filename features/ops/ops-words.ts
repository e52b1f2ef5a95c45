import type { StaffAction } from '#domain/api/ops';
import type { AfterSaleOrder, OrderStatus } from '#domain/api/order';
import type { CustomerFlags } from '#domain/api/ops-customers';
import type { PaymentMethod, PaymentSummary } from '#domain/api/payment';
import type { StaffRole, StaffOrderEvent } from '#domain/rules/staff-rules';
import type { MessageKey, Translate } from '#lib/i18n/i18n';

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

/** A payment's status on the order page, in words. */
export const OPS_PAYMENT_STATUS_KEYS: Readonly<Record<PaymentSummary['status'], MessageKey>> = {
  succeeded: 'ops.payment.status.succeeded',
  declined: 'ops.payment.status.declined',
  pending: 'ops.payment.status.pending',
  cancelled: 'ops.payment.status.cancelled',
  refunded: 'ops.payment.status.refunded',
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
  cancel_refabrication: { button: 'ops.event.cancelRefabrication', title: 'ops.event.cancelRefabricationTitle', done: 'ops.event.cancelRefabricationDone' },
};

/** An after-sale claim's statuses in the staff's words (the audit's lines about a claim). */
export const CLAIM_STATUS_KEYS: Readonly<Record<AfterSaleOrder['status'], MessageKey>> = {
  submitted: 'opsQueues.claimStatus.submitted',
  accepted: 'opsQueues.claimStatus.accepted',
  rejected: 'opsQueues.claimStatus.rejected',
  completed: 'opsQueues.claimStatus.completed',
  cancelled: 'opsQueues.claimStatus.cancelled',
};

/** The audit's actions in words; an action not listed shows as recorded. */
export const ACTION_KEYS: Readonly<Record<string, MessageKey>> = {
  'order.start_production': 'ops.event.startProduction',
  'order.ship': 'ops.event.ship',
  'order.deliver': 'ops.event.deliver',
  'order.cancel': 'ops.event.cancel',
  'order.refund': 'ops.event.refund',
  'order.cancel_refabrication': 'ops.event.cancelRefabrication',
  'claim.approve': 'ops.audit.claimApprove',
  'claim.refuse': 'ops.audit.claimRefuse',
  'claim.cancel_refabrication': 'ops.audit.claimCancelRefabrication',
  'order.additional_cost': 'ops.audit.additionalCost',
  'transfer.confirm': 'ops.audit.transferConfirm',
  'customer.update': 'ops.audit.customerUpdate',
  'customer.balance_adjust': 'ops.audit.balanceAdjust',
};

/** The customer flags' labels (the customer page's form and its audit lines say them alike). */
export const FLAG_LABEL_KEYS: Readonly<Record<keyof CustomerFlags, MessageKey>> = {
  isRecharge: 'ops.customer.flag.isRecharge',
  isEntrustOrderAccount: 'ops.customer.flag.isEntrustOrderAccount',
  member: 'ops.customer.flag.member',
  isChannel: 'ops.customer.flag.isChannel',
};

/** The audit's fields in words; a field not listed shows as recorded. */
export const AUDIT_FIELD_KEYS: Readonly<Record<string, MessageKey>> = {
  ...FLAG_LABEL_KEYS,
  successManager: 'ops.audit.field.successManager',
  balanceCents: 'ops.audit.field.balanceCents',
  amountCents: 'ops.audit.field.amountCents',
  receivedCents: 'ops.audit.field.receivedCents',
  creditedCents: 'ops.audit.field.creditedCents',
  status: 'ops.audit.field.status',
  tracking: 'ops.audit.field.tracking',
  additionalCost: 'ops.audit.field.additionalCost',
  refabricationOrder: 'ops.audit.field.refabricationOrder',
};

/** What the words of an audit row need: the catalogue and the locale's money. */
export interface AuditWords {
  t: Translate;
  money: (cents: number) => string;
}

/**
 * The changes a staff action recorded, one line each, as the order's and the customer's console
 * pages show them: "Amount: $25.00" for a value that had none before (newly set), "Balance: from
 * $0.00 to $25.00" only where there was one (issue 38). Amounts (`…Cents`) as money, yes/no, an
 * order's status in the customer's words, a claim's status (an action `claim.…`) in the staff's.
 */
export function auditChanges(action: Pick<StaffAction, 'before' | 'after'> & { action?: string }, { t, money }: AuditWords): string[] {
  const statusKeys: Readonly<Record<string, MessageKey>> = action.action?.startsWith('claim.') ? CLAIM_STATUS_KEYS : OPS_STATUS_KEYS;
  const said = (key: string, v: unknown): string => {
    if (v === null || v === undefined) return t('ops.audit.none');
    if (typeof v === 'boolean') return v ? t('ops.audit.yes') : t('ops.audit.no');
    if (typeof v === 'number' && key.endsWith('Cents') && Number.isInteger(v)) return money(v);
    if (key === 'status' && typeof v === 'string' && Object.hasOwn(statusKeys, v)) return t(statusKeys[v] as MessageKey);
    if (Array.isArray(v)) return v.map((item) => said('', item)).join(', ');
    return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
  };
  const keys = [...new Set([...Object.keys(action.before ?? {}), ...Object.keys(action.after ?? {})])];
  return keys.map((key) => {
    const fieldKey = AUDIT_FIELD_KEYS[key];
    const field = fieldKey ? t(fieldKey) : key;
    const before = action.before?.[key];
    const after = action.after?.[key];
    if (before === null || before === undefined) return t('ops.audit.set', { field, value: said(key, after) });
    return t('ops.audit.change', { field, before: said(key, before), after: said(key, after) });
  });
}
