import { enforce, test } from 'vest';
import { defineSuite } from './define-suite.ts';
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

/** A form's text ("150") or the API's number (150); anything else is not an amount. */
function amountOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return undefined;
}

/** `{ amount, method? }` in whole US dollars, from MIN_RELOAD_USD to MAX_RELOAD_USD by card (more by bank transfer). */
export const reloadSuite = defineSuite((data: Record<string, unknown>) => {
  const byTransfer = data.method === 'bank_transfer';
  const amount = amountOf(data.amount);
  test('amount', RELOAD_MESSAGES.whole, () => {
    enforce(amount !== undefined && Number.isInteger(amount)).isTruthy();
  });
  test('amount', RELOAD_MESSAGES.minimum, () => {
    enforce(amount !== undefined && amount >= MIN_RELOAD_USD).isTruthy();
  });
  test('amount', byTransfer ? RELOAD_MESSAGES.transferMaximum : RELOAD_MESSAGES.maximum, () => {
    enforce(amount !== undefined && amount <= (byTransfer ? MAX_TRANSFER_RELOAD_USD : MAX_RELOAD_USD)).isTruthy();
  });
});
