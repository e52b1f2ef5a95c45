/** The retention dialog (spec section 5): an option is required, and a reason when Other is chosen. */
export const DETAIN_OPTIONS = [
  'The price is too high',
  'The lead time is too long',
  'The material or finish I need is missing',
  'I am just comparing prices',
  'Other',
] as const;

export const DETAIN_MESSAGES = {
  optionRequired: 'Please choose an option.',
  reasonRequired: 'Please tell us the reason.',
} as const;
