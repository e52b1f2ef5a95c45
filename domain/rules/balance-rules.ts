import { MIN_RELOAD_USD } from './balance-limits.ts';

/**
 * Prepaid balance rules (spec sections 5 and 9: "Reload amount: minimum USD 100, whole numbers
 * only"). One source for the client's reload form and the server's `POST account/balance/reload`.
 */

// The minimum lives apart from the suite, so that the route table can name it without loading the
// validation library (ADR 128).
export { MIN_RELOAD_USD } from './balance-limits.ts';
/** The largest reload by card; more goes by bank transfer. */
export const MAX_RELOAD_USD = 100_000;
/** The largest reload by bank transfer (a bound on what one request may ask, not a business limit). */
export const MAX_TRANSFER_RELOAD_USD = 10_000_000;

export const RELOAD_MESSAGES = {
  whole: 'Please enter a whole number of US dollars.',
  minimum: `The minimum reload is USD ${MIN_RELOAD_USD}.`,
  maximum: `The largest reload by card is USD ${MAX_RELOAD_USD.toLocaleString('en-US')}; please use a bank transfer for more.`,
  transferMaximum: `The largest reload by bank transfer is USD ${MAX_TRANSFER_RELOAD_USD.toLocaleString('en-US')}; please contact customer service for more.`,
} as const;
