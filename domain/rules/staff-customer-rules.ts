/**
 * The staff console's customers and additional-cost orders (issue 38 items 3 and 6, ADRs 204–205):
 * the sentences the server answers with. Pure data, read by the server and the console.
 */
export const STAFF_CUSTOMER_MESSAGES = {
  notSuccessManager: 'Choose a staff member with the customer success manager role.',
  amount: 'The amount must be US dollars, e.g. 25 or -12.50, and not zero.',
  chargeAmount: 'The amount must be US dollars, at least 1.00, e.g. 45 or 45.50.',
  reasonRequired: 'Please give the reason the customer will read.',
  belowZero: 'The balance cannot go below zero.',
  nothingChanged: 'Change a flag or the success manager first.',
} as const;

/** The least and most an additional-cost order may ask, in cents (as `createAdditionalCost` checks). */
export const ADDITIONAL_COST_MIN_CENTS = 100;
export const ADDITIONAL_COST_MAX_CENTS = 100_000_000;

/** The account record's flags of spec section 3 that staff set, in the order the console shows them. */
export const CUSTOMER_FLAGS = ['isRecharge', 'isEntrustOrderAccount', 'member', 'isChannel'] as const;
export type CustomerFlag = (typeof CUSTOMER_FLAGS)[number];
