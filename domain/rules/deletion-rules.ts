/**
 * The retention dialog before an account is deleted (spec section 5: "Retention dialog requires an
 * option, and a reason when Other is chosen"). Same rule and words as the quote's retention dialog;
 * the options are why someone leaves the marketplace rather than a quote.
 */
export const DELETION_OPTIONS = [
  'I no longer need parts made',
  'The prices are too high',
  'The lead times are too long',
  'I had a problem with an order',
  'I have another account',
  'Other',
] as const;

export type DeletionOption = (typeof DELETION_OPTIONS)[number];

/** The longest reason kept with a deletion request. */
export const DELETION_REASON_MAX = 2000;

/**
 * A prepaid balance at deletion (issue 32 item 10, ADR 150): it is given up with the account, and
 * the customer confirms that for the amount shown before the deletion email is sent. `balance` is
 * the amount in words (formatUsd).
 */
export const DELETION_BALANCE_MESSAGES = {
  forfeit: (balance: string) =>
    `Your balance of ${balance} is given up when your account is deleted, and cannot be refunded afterwards. To keep it, spend it on an order or ask us for a refund through Contact us before you delete your account.`,
  confirmRequired: (balance: string) =>
    `Your balance of ${balance} is given up when your account is deleted, and cannot be refunded afterwards. Confirm that you give it up, or spend it or ask us for a refund through Contact us first.`,
  changed: (balance: string) => `Your balance is now ${balance}; please confirm again that you give it up.`,
  changedSinceRequest: (balance: string) =>
    `Your balance has changed to ${balance} since you asked to delete your account; please ask again from your profile so that you can confirm it.`,
} as const;
