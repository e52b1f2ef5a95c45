/**
 * Contract of the payment calls of the main API (`/api/<segment>/…`): paying an order, an
 * additional-cost order or a balance reload, by prepaid balance, card (USD only) or bank transfer.
 * ADRs 051 (idempotency), 052 (ledger), 053 (providers and sandbox cards), 054 (bank transfer), 060.
 *
 * Every payment call requires an `Idempotency-Key` header (8–128 characters of letters, digits,
 * `-`, `_`, `.`, `:`; `IDEMPOTENCY_HEADER` in bases.ts): one key names one attempt. Sending the
 * same key again (a double click, a retry after a timeout) answers the stored answer of the first
 * request and never charges twice; the same key with a different body answers 422. Make a new key
 * for a new attempt (for example after a decline, or after reloading the balance).
 */
import { z } from 'zod';
import { PAYMENT_METHODS, RELOAD_METHODS, type PaymentMethod } from '../orders/payments.ts';
import { CHECKOUT_MESSAGES } from '../rules/checkout-rules.ts';
import { MIN_RELOAD_USD } from '../rules/balance-limits.ts';
import { BANK_ACCOUNT_CURRENCIES } from '../orders/payments.ts';
import { BankAccountSchema } from './common.ts';
import { MAX, described, id, instant, named, required, text } from './fields.ts';

export type { PaymentMethod };

/** The method, as the payment rules name it: a missing or unknown one gets the rule's message. */
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: () => CHECKOUT_MESSAGES.paymentMethodRequired });

/**
 * Card details. With the sandbox provider (the default) send the test card itself; with a real
 * provider send the `paymentMethodId` its card form produced (card numbers never reach this server).
 */
export const CardInputSchema = named(
  'CardInput',
  z.object({
    number: described(required(text(MAX.id)), 'Sandbox test card, e.g. 4242 4242 4242 4242.'),
    expMonth: z.int().default(0),
    expYear: z.int().default(0),
    cvc: required(text(MAX.id)),
    name: text(MAX.name).optional(),
  }),
);
export type CardInput = z.infer<typeof CardInputSchema>;

export const PayRequestSchema = named(
  'PayRequest',
  z.object({
    method: PaymentMethodSchema,
    card: CardInputSchema.optional(),
    paymentMethodId: described(id(), 'From a real provider’s card form (or sandbox pm_card_visa, pm_card_chargeDeclined, …).').optional(),
    currency: described(z.enum(BANK_ACCOUNT_CURRENCIES), 'The currency the payer pays in. Cards: USD only (422 otherwise). Bank transfer: which account to show first.').optional(),
  }),
);
export type PayRequest = z.infer<typeof PayRequestSchema>;

export const PAYMENT_STATUSES = ['succeeded', 'declined', 'pending', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PaymentSummarySchema = named(
  'PaymentSummary',
  z.object({
    id: z.string(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    amountCents: z.int(),
    currency: z.literal('USD'),
    provider: described(z.string(), '`sandbox`, `stripe`, `balance` or `bank`.'),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    declineCode: described(z.string().nullable(), 'Why a card was declined: card_declined, insufficient_funds, expired_card, …'),
    message: z.string().nullable(),
    via: described(z.enum(['owner', 'agency', 'link']), '`owner` (the account), `agency` (someone paying through an agency link) or `link` (additional-cost link).'),
    createdAt: instant(),
  }),
);
export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;

export const BankTransferInstructionsSchema = named(
  'BankTransferInstructions',
  z.object({
    reference: described(z.string(), 'Put this in the transfer’s reference so we can match it: the order number.'),
    amountCents: z.int(),
    currency: z.literal('USD'),
    bankAccounts: described(z.array(BankAccountSchema), 'All five accounts (spec: USD, HKD, EUR, GBP, RMB), the one asked for first.'),
    note: z.string(),
  }),
);
export type BankTransferInstructions = z.infer<typeof BankTransferInstructionsSchema>;

const payResponseFields = {
  /** The order or additional-cost order as it is now. */
  subject: z.object({ kind: z.enum(['order', 'additional_cost', 'reload']), id: z.string(), number: z.string(), status: z.string() }),
  payment: PaymentSummarySchema,
  balanceCents: described(z.int().nullable(), 'The balance after a balance payment or a reload, else null.'),
  bankTransfer: BankTransferInstructionsSchema.nullable(),
  message: z.string(),
};

/** The answer of every successful pay call (200). A bank transfer answers `awaiting_transfer` with instructions. */
export const PayResponseSchema = named('PayResponse', z.object(payResponseFields));
export type PayResponse = z.infer<typeof PayResponseSchema>;

/** 402: the card was declined (stored under the key; use a new key and another card). */
export const CardDeclinedBodySchema = named(
  'CardDeclined',
  z.object({ message: z.string(), code: z.literal('card_declined'), declineCode: z.string(), payment: PaymentSummarySchema }),
);
export type CardDeclinedBody = z.infer<typeof CardDeclinedBodySchema>;

/** 422: the balance is short of the amount (stored under the key; reload, then pay with a new key). */
export const InsufficientBalanceBodySchema = named(
  'InsufficientBalance',
  z.object({
    message: z.string(),
    code: z.literal('insufficient_balance'),
    errors: z.object({ method: z.array(z.string()) }),
    balanceCents: z.int(),
    amountCents: z.int(),
    shortfallCents: z.int(),
    currency: z.literal('USD'),
  }),
);
export type InsufficientBalanceBody = z.infer<typeof InsufficientBalanceBodySchema>;


/** `POST account/balance/reload` (Idempotency-Key required): whole USD from MIN_RELOAD_USD, by card or bank transfer. */
export const ReloadRequestSchema = named(
  'ReloadRequest',
  z.object({
    amount: described(z.union([z.number(), text(MAX.id)]).default(''), `Whole US dollars, at least MIN_RELOAD_USD (${MIN_RELOAD_USD}); checked by the reload rules.`),
    method: described(z.enum(RELOAD_METHODS, { error: () => CHECKOUT_MESSAGES.paymentMethodRequired }).default('card'), 'Card (USD, credited at once) or bank transfer (credited when an operator confirms it).'),
    card: CardInputSchema.optional(),
    paymentMethodId: id().optional(),
    currency: z.enum(BANK_ACCOUNT_CURRENCIES).optional(),
  }),
);
export type ReloadRequest = z.infer<typeof ReloadRequestSchema>;

export const ReloadResponseSchema = named('ReloadResponse', z.object({ ...payResponseFields, rechargeId: z.string() }));
export type ReloadResponse = z.infer<typeof ReloadResponseSchema>;
