import { createHash } from 'node:crypto';
import type { PayRequest } from '#domain/api/payment';
import { CARD_CURRENCY } from '#domain/orders/payments';
import { cardDigits } from '#domain/rules/checkout-rules';
import { HttpError } from '../errors.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import { ProviderRequestError, ProviderUnavailableError, type CardSource, type ChargeResult, type PaymentProvider } from './provider.ts';

/** What a pay or reload body says about the card. */
export type CardFields = Pick<PayRequest, 'card' | 'paymentMethodId'>;

/** The card fields of a request, without the number: what the request fingerprint keeps. */
export function cardFingerprint(body: CardFields): unknown {
  return body.card ? { last4: cardDigits(body.card.number).slice(-4), expMonth: body.card.expMonth, expYear: body.card.expYear } : null;
}

/** The card to charge (the payment rules made sure there is one). */
export function cardSource(body: CardFields): CardSource {
  const paymentMethodId = body.paymentMethodId?.trim();
  if (paymentMethodId) return { kind: 'payment_method', id: paymentMethodId };
  const card = body.card as NonNullable<CardFields['card']>;
  return { kind: 'card', card: { number: cardDigits(card.number), expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc, ...(card.name ? { name: card.name } : {}) } };
}

/** The provider's idempotency key: ours, scoped, hashed to a fixed length. */
export function providerKey(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\n${key}`).digest('hex');
}

/** One card charge; the provider's failures in the customer's words (503: retry with the same key). */
export async function chargeCard(
  provider: PaymentProvider,
  request: { amountCents: number; source: CardSource; idempotencyKey: string; description: string; metadata: Record<string, string> },
): Promise<ChargeResult> {
  try {
    return await provider.charge({ ...request, currency: CARD_CURRENCY });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new HttpError(503, PAYMENT_MESSAGES.providerDown);
    if (error instanceof ProviderRequestError) throw new HttpError(422, error.message, { card: [error.message] });
    throw error;
  }
}
