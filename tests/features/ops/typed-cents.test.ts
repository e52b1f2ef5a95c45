import { describe, expect, test } from 'vitest';
import { typedCents } from '#features/ops/components/ops-transfers';

describe('the amount received as typed from a bank statement', () => {
  test('dollars with or without cents, grouping and a dollar sign, to cents; anything else is no amount', () => {
    expect(typedCents('1234.50')).toBe(123_450);
    expect(typedCents('$1,234.5')).toBe(123_450);
    expect(typedCents(' 30 ')).toBe(3_000);
    expect(typedCents('0.07')).toBe(7);
    for (const wrong of ['', 'abc', '12.345', '-5', '1.2.3']) expect(typedCents(wrong), wrong).toBeNull();
  });
});
