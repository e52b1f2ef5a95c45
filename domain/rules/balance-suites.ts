import { enforce, test } from 'vest';
import { defineSuite } from './define-suite.ts';
import { MIN_RELOAD_USD } from './balance-limits.ts';
import { MAX_RELOAD_USD, MAX_TRANSFER_RELOAD_USD, RELOAD_MESSAGES } from './balance-rules.ts';

/**
 * The vest suites of balance-rules.ts (ADR 140): the same rules run by the server on every call and by
 * the client's forms, in a module of their own so that a page loads vest only when its form is on screen
 * (lib/forms/lazy-suite.ts). Server use: `suite.runStatic(data)`.
 */

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
