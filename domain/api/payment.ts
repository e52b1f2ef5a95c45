/**
 * Contract of the payment calls of the main API (`/api/<segment>/…`): paying an order, an
 * additional-cost order or a balance reload, by prepaid balance, card (USD only) or bank transfer.
 * ADRs 051 (idempotency), 052 (ledger), 053 (providers and sandbox cards), 054 (bank transfer).
 *
 * Every payment call requires an `Idempotency-Key` header (8–128 characters of letters, digits,
 * `-`, `_`, `.`, `:`): one key names one attempt. Sending the same key again (a double click, a
 * retry after a timeout) answers the stored answer of the first request and never charges twice;
 * the same key with a different body answers 422. Make a new key for a new attempt (for example
 * after a decline, or after reloading the balance).
 */
import type { BankAccount, BankCurrency } from './common.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const PAYMENT_METHODS = ['balance', 'card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec section 9: credit cards pay in USD only. */
export const CARD_CURRENCY = 'USD';

/** Spec section 9: the balance shown updates 5–10 minutes after a payment (bank transfers). */
export const BALANCE_UPDATE_MINUTES: [number, number] = [5, 10];

/**
 * Card details. With the sandbox provider (the default) send the test card itself; with a real
 * provider send the `paymentMethodId` its card form produced (card numbers never reach this server).
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

export interface PayRequest {
  method: PaymentMethod;
  /** For `card`: the card (sandbox) or the provider's payment method id. */
  card?: CardInput;
  paymentMethodId?: string;
  /** The currency the payer pays in. Cards: USD only (422 otherwise). Bank transfer: which account to show first. */
  currency?: BankCurrency;
}

export type PaymentStatus = 'succeeded' | 'declined' | 'pending' | 'cancelled' | 'refunded';

export interface PaymentSummary {
  id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  amountCents: number;
  currency: 'USD';
  /** `sandbox`, `stripe`, `balance` or `bank`. */
  provider: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Why a card was declined: `card_declined`, `insufficient_funds`, `expired_card`, ... */
  declineCode: string | null;
  message: string | null;
  /** `owner` (the account), `agency` (someone paying through an agency link) or `link` (additional-cost link). */
  via: 'owner' | 'agency' | 'link';
  createdAt: string;
}

export interface BankTransferInstructions {
  /** Put this in the transfer's reference so we can match it: the order number. */
  reference: string;
  amountCents: number;
  currency: 'USD';
  /** All five accounts (spec: USD, HKD, EUR, GBP, RMB), the one asked for first. */
  bankAccounts: BankAccount[];
  note: string;
}

/** The answer of every successful pay call (200). A bank transfer answers `awaiting_transfer` with instructions. */
export interface PayResponse {
  /** The order or additional-cost order as it is now. */
  subject: { kind: 'order' | 'additional_cost' | 'reload'; id: string; number: string; status: string };
  payment: PaymentSummary;
  /** The balance after a balance payment or a reload, else null. */
  balanceCents: number | null;
  bankTransfer: BankTransferInstructions | null;
  message: string;
}

/** 402: the card was declined (stored under the key; use a new key and another card). */
export interface CardDeclinedBody {
  message: string;
  code: 'card_declined';
  declineCode: string;
  payment: PaymentSummary;
}

/** 422: the balance is short of the amount (stored under the key; reload, then pay with a new key). */
export interface InsufficientBalanceBody {
  message: string;
  code: 'insufficient_balance';
  errors: { method: string[] };
  balanceCents: number;
  amountCents: number;
  shortfallCents: number;
  currency: 'USD';
}

/** `POST account/balance/reload` (Idempotency-Key required): whole USD ≥ 100, by card. */
export interface ReloadRequest {
  /** Whole US dollars, at least 100. */
  amount: number;
  card?: CardInput;
  paymentMethodId?: string;
  currency?: string;
}

export interface ReloadResponse extends PayResponse {
  rechargeId: string;
}
