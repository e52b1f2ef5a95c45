/**
 * How orders are paid (spec section 9): the methods, the card currency and when the balance
 * shows a payment. Plain constants, shared by the checkout screens, the rules and the server.
 */

export const PAYMENT_METHODS = ['balance', 'card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a balance reload is paid: a card (credited at once) or a bank transfer (credited when it arrives). */
export const RELOAD_METHODS = ['card', 'bank_transfer'] as const satisfies readonly PaymentMethod[];
export type ReloadMethod = (typeof RELOAD_METHODS)[number];

/** Spec section 9: credit cards pay in USD only. */
export const CARD_CURRENCY = 'USD';

/** Spec section 9: the balance shown updates 5–10 minutes after a payment (bank transfers). */
export const BALANCE_UPDATE_MINUTES: [number, number] = [5, 10];

/** Spec section 9: bank accounts are offered in these currencies. */
export const BANK_ACCOUNT_CURRENCIES = ['USD', 'HKD', 'EUR', 'GBP', 'RMB'] as const;
export type BankCurrency = (typeof BANK_ACCOUNT_CURRENCIES)[number];

/** Spec section 9: reload and transaction history is visible for 2 years. */
export const HISTORY_VISIBLE_YEARS = 2;
