import { describe, expect, test } from 'vitest';
import { MAX_RELOAD_USD, MIN_RELOAD_USD, RELOAD_MESSAGES } from '#domain/rules/balance-rules';
import { reloadSuite } from '#domain/rules/balance-suites';

const errors = (amount: unknown) => reloadSuite.runStatic({ amount }).getErrors('amount');

describe('the reload amount (spec: minimum USD 100, whole numbers only)', () => {
  test('accepts whole dollars from the minimum to the maximum, typed or sent as numbers', () => {
    for (const amount of [MIN_RELOAD_USD, 250, '150', MAX_RELOAD_USD]) expect(errors(amount)).toEqual([]);
  });

  test('says what is wrong in plain words', () => {
    expect(errors(MIN_RELOAD_USD - 1)).toEqual([RELOAD_MESSAGES.minimum]);
    expect(errors(150.5)).toEqual([RELOAD_MESSAGES.whole]);
    expect(errors(MAX_RELOAD_USD + 1)).toEqual([RELOAD_MESSAGES.maximum]);
    expect(errors('')).toEqual([RELOAD_MESSAGES.whole]);
    expect(errors(undefined)).toEqual([RELOAD_MESSAGES.whole]);
    expect(RELOAD_MESSAGES.minimum).toBe('The minimum reload is USD 100.');
  });
});
