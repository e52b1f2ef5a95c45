import { enforce, test } from 'vest';
import { defineSuite } from './define-suite.ts';

/** The smallest balance reload, in whole US dollars (spec sections 5 and 9). */
export const MIN_RELOAD_USD = 100;

export const RELOAD_MESSAGES = {
  minimum: 'Please enter at least USD 100.',
  whole: 'Please enter a whole number of dollars.',
} as const;

/** A balance reload amount: whole US dollars, at least MIN_RELOAD_USD. */
export const reloadAmountSuite = defineSuite((data: Record<string, unknown>) => {
  test('amount', RELOAD_MESSAGES.whole, () => {
    enforce(typeof data.amount === 'number' && Number.isInteger(data.amount)).isTruthy();
  });
  test('amount', RELOAD_MESSAGES.minimum, () => {
    enforce(typeof data.amount === 'number' && data.amount >= MIN_RELOAD_USD).isTruthy();
  });
});
