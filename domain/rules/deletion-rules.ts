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
