import { createHash } from 'node:crypto';
import { cardDigits } from '#domain/rules/checkout-rules';
import { ProviderRequestError, type ChargeRequest, type ChargeResult, type PaymentProvider, type RefundRequest } from './provider.ts';

/** A refund of a charge the sandbox does not know: it was made before the server restarted. */
export const SANDBOX_UNKNOWN_CHARGE =
  'The sandbox card provider no longer knows this charge (it forgets its charges when the server restarts): refund it by hand and record it, or use a real provider.';

interface SandboxCard {
  brand: string;
  outcome: 'succeeded' | 'declined';
  declineCode?: string;
  message?: string;
  label: string;
}

/**
 * The sandbox's test cards (ADR 053, docs/api.md), the numbers card providers publish for their test
 * modes. Any future expiry and any 3- or 4-digit CVC. Any other number is declined, as a test mode
 * declines real cards.
 */
export const SANDBOX_CARDS: Readonly<Record<string, SandboxCard>> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeded', label: 'Success' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeded', label: 'Success (Mastercard)' },
  '4000000000000002': { brand: 'visa', outcome: 'declined', declineCode: 'card_declined', message: 'Your card was declined.', label: 'Declined' },
  '4000000000009995': {
    brand: 'visa',
    outcome: 'declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    label: 'Declined: insufficient funds',
  },
  '4000000000000069': { brand: 'visa', outcome: 'declined', declineCode: 'expired_card', message: 'Your card has expired.', label: 'Declined: expired card' },
  '4000000000000127': {
    brand: 'visa',
    outcome: 'declined',
    declineCode: 'incorrect_cvc',
    message: 'Your card’s security code is incorrect.',
    label: 'Declined: incorrect CVC',
  },
};

/** Test payment method ids, as a real provider's card form would give them. */
export const SANDBOX_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export interface SandboxCharge {
  id: string;
  amountCents: number;
  currency: string;
  last4: string;
  refundedCents: number;
  idempotencyKey: string;
}

/**
 * A local provider in test mode: charges live in memory (a restart forgets them, as test data may
 * be), the same idempotency key answers the same result, and refunds are idempotent by key.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly acceptsCardNumbers = true;
  private readonly byKey = new Map<string, ChargeResult>();
  private readonly refundsByKey = new Map<string, { refundId: string }>();
  readonly charges = new Map<string, SandboxCharge>();
  private sequence = 0;

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const known = this.byKey.get(request.idempotencyKey);
    if (known) return known;
    const number = request.source.kind === 'card' ? cardDigits(request.source.card.number) : (SANDBOX_PAYMENT_METHODS[request.source.id] ?? '');
    const card = SANDBOX_CARDS[number];
    const last4 = number.slice(-4) || null;
    // A provider's card fingerprint: the same number, the same value, without the number.
    const fingerprint = number ? createHash('sha256').update(`sandbox-card|${number}`).digest('base64url').slice(0, 16) : null;
    let result: ChargeResult;
    if (!card) {
      result = { status: 'declined', chargeId: null, declineCode: 'card_declined', message: 'Your card was declined. This is the sandbox: use a test card.', brand: null, last4, fingerprint };
    } else if (card.outcome === 'declined') {
      result = { status: 'declined', chargeId: null, declineCode: card.declineCode ?? 'card_declined', message: card.message ?? 'Your card was declined.', brand: card.brand, last4, fingerprint };
    } else {
      const id = `ch_sandbox_${++this.sequence}_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 10)}`;
      this.charges.set(id, { id, amountCents: request.amountCents, currency: request.currency, last4: number.slice(-4), refundedCents: 0, idempotencyKey: request.idempotencyKey });
      result = { status: 'succeeded', chargeId: id, brand: card.brand, last4, fingerprint };
    }
    this.byKey.set(request.idempotencyKey, result);
    return result;
  }

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    const known = this.refundsByKey.get(request.idempotencyKey);
    if (known) return known;
    const charge = this.charges.get(request.chargeId);
    // The sandbox forgets its charges when the server restarts (ADR 053): a clear refusal, not a 500.
    if (!charge) throw new ProviderRequestError(SANDBOX_UNKNOWN_CHARGE);
    if (charge.refundedCents + request.amountCents > charge.amountCents) throw new ProviderRequestError('The refund is larger than what is left of the card charge.');
    charge.refundedCents += request.amountCents;
    const result = { refundId: `re_sandbox_${++this.sequence}` };
    this.refundsByKey.set(request.idempotencyKey, result);
    return result;
  }
}
