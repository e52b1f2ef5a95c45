import type { Kysely } from 'kysely';
import type { PaymentMethod, PayRequest } from '#domain/api/payment';
import type { Database } from '../db/schema.ts';

/** What a payment row names as its subject (`payment.subject_kind`). */
export type SubjectKind = 'order' | 'additional_cost' | 'reload';

/** How the payer came: the account itself, an agency link, or an additional cost's public link. */
export type Via = 'owner' | 'agency' | 'link';

/** Who moved a subject, as its history says it. */
export type PaymentActor = 'customer' | 'agency' | 'operator';

/** One thing to pay, as the module that owns it reads it: the amount due, in which currency, whose. */
export interface PayableSubject {
  kind: SubjectKind;
  id: string;
  /** What the customer and a bank transfer quote: `W…`, `AC…`, `R…`. */
  number: string;
  /** The account the payment is recorded for, and whose balance pays it. */
  userId: string;
  /** The subject's own status word (an order's lifecycle, a reload's `pending`…), read only by its owner. */
  status: string;
  amountCents: number;
  currency: string;
}

/** Who is paying, as the route knows them: a signed-in account (and the subject it names), or the holder of a link's token. */
export type Caller = { userId: string; subjectId?: string } | { token: string };

/** What a caller may pay: the subject (null: a new one, a reload), who holds the key, how they came. */
export interface Grant {
  subjectId: string | null;
  /** The paying account, when the caller is one (a reload's owner). */
  userId?: string;
  /** Whose idempotency keys these are: `user:<id>`, `agency:<link id>`, `additional-cost:<id>`. */
  scope: string;
  via: Via;
}

/** What the payment did: the money moved, a bank transfer is awaited, or the card was declined (or the balance short). */
export type PaymentOutcome = 'paid' | 'awaiting_transfer' | 'declined';

/** Money the settlement puts on the customer's balance (a reload; a transfer above the amount due). */
export interface BalanceCredit {
  amountCents: number;
  kind: 'recharge' | 'adjustment';
  description: string;
}

/**
 * The subject's part of the answer: its status now, its words (else the payment's own: "Paid …"),
 * the balance to show, what to credit, and fields of its own (a reload's id).
 */
export interface SettledAnswer {
  status: string;
  message?: string;
  balanceCents?: number | null;
  credit?: BalanceCredit | null;
  extra?: Record<string, unknown>;
}

/**
 * Something a customer pays (issue 37 item 1, ADR 180): orders, additional costs, agency links and
 * balance reloads implement it where they live, and `server/payments` knows nothing else of them.
 * It says who may pay (`authorise`), what is due (`open`, `findByNumber`), and what happens when
 * it is paid, declined or awaits a transfer (`settle`); refundable subjects add `refunds`. What
 * follows a payment elsewhere (status history, referral rewards, points) listens to the payment
 * events instead (`events.ts`).
 */
export interface Payable {
  readonly kind: SubjectKind;
  /** The subject in the customer's words: `order`, `additional cost`, `balance reload`. */
  readonly noun: string;
  /** Whether the prepaid balance may pay it (never a reload). */
  readonly balanceAllowed: boolean;
  /** What the bank-transfer note says happens once the transfer is confirmed. */
  readonly afterTransfer: string;

  /** Who may pay: the subject this caller may pay, their key scope and way in; 404/403/410 otherwise. */
  authorise(db: Kysely<Database>, caller: Caller): Promise<Grant>;
  /** The request's own rules beyond the payment rules (a reload's amount), checked before any claim. */
  check?(body: PayableRequest): void;
  /** What the idempotency key fingerprints, given the method and card parts of the request. */
  fingerprint(grant: Grant, body: PayableRequest, common: { method: PaymentMethod; currency: string | null; card: unknown; paymentMethodId: string | null }): unknown;
  /**
   * The subject this payment is for, held for `key` until the payment is recorded (409 when it
   * cannot be paid now or another payment holds it; a hold whose heartbeat is older than
   * `staleBefore` is free again). A reload is a new subject, held by nothing.
   */
  open(db: Kysely<Database>, grant: Grant, body: PayableRequest, hold: { key: string; method: PaymentMethod; at: string; staleBefore: string }): Promise<PayableSubject>;
  /** Renews the hold at the claim's heartbeat (ADR 152). */
  renewHold?(db: Kysely<Database>, subject: PayableSubject, key: string, at: string): Promise<void>;
  /** Gives the hold up: the payment failed before it was recorded. */
  releaseHold?(db: Kysely<Database>, subject: PayableSubject, key: string): Promise<void>;
  /** The provider's description and metadata for a card charge. */
  describeCharge(subject: PayableSubject): { description: string; metadata: Record<string, string> };
  /**
   * What happens when paid, declined or awaiting a transfer, inside the payment's transaction:
   * the subject moves (only while `key` holds it; null: an operator's confirmation of a transfer,
   * only while nothing holds it; 409 in its words when it changed meanwhile) and answers its part
   * of the reply. `amountCents`: what the payment brought.
   */
  settle(trx: Kysely<Database>, subject: PayableSubject, settlement: Settlement): Promise<SettledAnswer>;
  /** The subject a bank transfer's reference names, or undefined. */
  findByNumber(db: Kysely<Database>, number: string): Promise<PayableSubject | undefined>;
  /** Whether a transfer of `amountCents` can settle it now (409/422 in words); answers the amount the payment records. */
  acceptTransfer(subject: PayableSubject, amountCents: number): { paymentCents: number };
  /** Refundable subjects (orders): held while the money goes back, then settled as refunded. */
  readonly refunds?: Refundable;
}

export interface Settlement {
  outcome: PaymentOutcome;
  method: PaymentMethod;
  key: string | null;
  at: string;
  amountCents: number;
  paymentId: string;
}

/** A pay or reload request as the payments read it. */
export type PayableRequest = Pick<PayRequest, 'card' | 'paymentMethodId' | 'currency'> & { method: PaymentMethod; amount?: number | string };

/** A subject whose payments can be given back (ADR 052): orders. */
export interface Refundable {
  /** The subject by id; 404/409 in words when it cannot be refunded now. */
  open(db: Kysely<Database>, id: string): Promise<PayableSubject>;
  /** Marks it as being refunded (a mark a crash left before `staleBefore` is taken over); 409 when it changed. */
  hold(db: Kysely<Database>, subject: PayableSubject, at: string, staleBefore: string): Promise<void>;
  release(db: Kysely<Database>, subject: PayableSubject): Promise<void>;
  /** Inside the refund's transaction: the subject becomes refunded (409 when it changed meanwhile). */
  settle(trx: Kysely<Database>, subject: PayableSubject, at: string): Promise<{ from: string; to: string }>;
}
