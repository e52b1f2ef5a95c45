/** Pricing rules that are policy rather than cost: the minimum order and the price-break table. */

/** A quote line is never charged less than this, in cents (USD 30). */
export const MINIMUM_ORDER_CENTS = 3000;

/** Quantities shown in the price-break table (the chosen quantity is added when missing). */
export const PRICE_BREAK_QUANTITIES: readonly number[] = [1, 5, 10, 25, 50, 100, 250, 500, 1000];
