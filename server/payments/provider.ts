import type { CardInput } from '#domain/api/payment';

/**
 * A card payment provider (ADR 053). The sandbox (default) behaves like a provider's test mode;
 * `stripe` talks to a Stripe-compatible REST API. Both take our idempotency key, so a retried
 * charge after a crash or a lost answer is the same charge at the provider too.
 */
export type CardSource = { kind: 'card'; card: CardInput } | { kind: 'payment_method'; id: string };

export interface ChargeRequest {
  amountCents: number;
  currency: 'USD';
  source: CardSource;
  /** Passed to the provider as its Idempotency-Key. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * `fingerprint`: the provider's mark of the card itself (Stripe's `card.fingerprint`): the same card
 * gives the same value on every account, so two accounts of one person can be recognised (ADR 151).
 */
export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; brand: string | null; last4: string | null; fingerprint?: string | null }
  | { status: 'declined'; chargeId: string | null; declineCode: string; message: string; brand: string | null; last4: string | null; fingerprint?: string | null };

export interface RefundRequest {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** Stored on each payment: `sandbox`, `stripe`. */
  readonly name: string;
  /** The sandbox takes test card numbers; a real provider only its card form's payment method id. */
  readonly acceptsCardNumbers: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** The provider could not be reached or failed: nothing is known to be charged; retry with the same key. */
export class ProviderUnavailableError extends Error {}

/** The provider refused the request itself (not a decline): a 422 for the client. */
export class ProviderRequestError extends Error {}
