import type { BalanceTransaction, RechargeRecord } from '#domain/api/balance';
import type { PromoCode } from '#domain/api/account';
import type { Formatter } from '#lib/i18n/format';
import type { MessageKey, Translate } from '#lib/i18n/i18n';

/** How a ledger row's kind reads. */
export const TRANSACTION_KINDS: Record<BalanceTransaction['kind'], MessageKey> = {
  recharge: 'rewards.transaction.kind.recharge',
  payment: 'rewards.transaction.kind.payment',
  refund: 'rewards.transaction.kind.refund',
  adjustment: 'rewards.transaction.kind.adjustment',
};

/** How a reload's status reads (the badge's icon comes from the identifier). */
export const RECHARGE_STATUSES: Record<RechargeRecord['status'], { label: MessageKey; look: string }> = {
  pending: { label: 'rewards.recharge.status.pending', look: 'awaiting_transfer' },
  succeeded: { label: 'rewards.recharge.status.succeeded', look: 'completed' },
  failed: { label: 'rewards.recharge.status.failed', look: 'failed' },
};

/** `credit-card`, `bank-transfer` as the customer reads them; another method shows as stored. */
export function methodWords(method: string, t: Translate): string {
  if (method === 'credit-card' || method === 'card') return t('rewards.method.card');
  if (method === 'bank-transfer' || method === 'bank_transfer') return t('rewards.method.bankTransfer');
  if (method === 'balance') return t('rewards.method.balance');
  return method;
}

/** "10% off" or "$5.00 off". */
export function discountWords(code: Pick<PromoCode, 'percentOff' | 'amountOffCents'>, t: Translate, format: Formatter): string {
  if (code.percentOff !== null) return t('rewards.coupon.percentOff', { percent: code.percentOff });
  return t('rewards.coupon.amountOff', { amount: format.money(code.amountOffCents ?? 0) });
}

/** What a coupon is, in the catalogue's words for the codes the system issues; a promotion keeps its own description. */
export function couponDescription(code: PromoCode, t: Translate, format: Formatter): string {
  // A fixed-amount coupon is described by its amount (MONTHLY5 is $5.00 off, not "0% off"; issue 34 item 6).
  const what = discountWords(code, t, format);
  if (code.kind === 'referral') return t('rewards.coupon.referralDescription', { what });
  if (code.kind === 'monthly') return t('rewards.coupon.monthlyDescription', { what });
  return code.description;
}
