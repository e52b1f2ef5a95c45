import type { CardInput, PaymentMethod } from '#domain/api/payment';
import type { Formatter } from '#lib/i18n/format';
import type { MessageKey, Translate } from '#lib/i18n/i18n';
import type { CheckoutPaymentSnapshot, PaymentMessages } from '#machines/checkout-payment-machine';

/** The payment machine's words for failures the server did not explain, from the catalogue (spec section 8). */
export function paymentMessages(t: (key: MessageKey) => string): PaymentMessages {
  return {
    declined: t('checkout.pay.declined'),
    insufficientBalance: t('checkout.pay.insufficientBalance'),
    timeout: t('error.timeout'),
    network: t('error.network'),
    unknown: t('error.unknown'),
    generic: t('error.generic'),
  };
}

/** "your balance", "card ending 4242", "bank transfer": how a method reads inside a sentence. */
export function methodPhrase(method: PaymentMethod, card: CardInput | null | undefined, t: Translate): string {
  if (method === 'card' && card) return t('checkout.pay.methodPhrase', { method: 'cardEnding', last4: card.number.replace(/\D/g, '').slice(-4) });
  return t('checkout.pay.methodPhrase', { method, last4: '' });
}

/**
 * One sentence for the polite live region: where the payment stands now. While the customer is
 * still choosing, nothing: the amount due is the panel's title, said once, not twice.
 */
export function paymentStatusText(s: CheckoutPaymentSnapshot, t: Translate, format: Formatter): string {
  const { amountCents, method, card, failure, result } = s.context;
  const amount = format.money(amountCents);
  if (s.matches('paying')) return t('checkout.pay.status.paying', { amount });
  if (s.matches('succeeded')) return result?.message || t('checkout.pay.status.received', { amount });
  if (s.matches('awaitingTransfer')) return t('checkout.pay.status.awaitingTransfer', { amount });
  if (s.matches('failed') && failure) {
    if (failure.kind === 'insufficient_balance') return t('checkout.pay.status.short', { message: failure.message, shortfall: format.money(failure.shortfallCents) });
    return failure.message;
  }
  if (s.matches('confirming') && method) return t('checkout.pay.status.ready', { amount, method: methodPhrase(method, card, t) });
  return '';
}
