import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastParseOk, parseDecimal } from '#domain/geometry/decimal';

const parse = (s: string) => {
  const bytes = new TextEncoder().encode(s);
  return { value: parseDecimal(bytes, 0, bytes.length), ok: lastParseOk };
};

describe('parseDecimal', () => {
  it('agrees with Number on every way a double can be written', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 17 }), (x, digits) => {
        for (const s of [String(x), x.toExponential(), x.toPrecision(digits), x.toFixed(Math.min(digits, 20))]) {
          if (s.includes('e+') && s.length > 30) continue;
          expect(Object.is(parse(s).value, Number(s))).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('reads STL spellings: signs, leading dots, upper-case exponents', () => {
    expect(parse('+1.5E+02').value).toBe(150);
    expect(parse('.25').value).toBe(0.25);
    expect(parse('5.').value).toBe(5);
    expect(Object.is(parse('-0').value, -0)).toBe(true);
    expect(parse('-9.231440e-02').value).toBe(-0.0923144);
  });

  it('accepts NaN and infinity as numbers (they are caught later as non-finite)', () => {
    expect(parse('NaN')).toEqual({ value: Number.NaN, ok: true });
    expect(parse('-inf')).toEqual({ value: -Infinity, ok: true });
    expect(parse('Infinity').ok).toBe(true);
  });

  it('refuses what is not a number', () => {
    for (const s of ['', '-', 'e5', '1e', '1.2.3', 'vertex', '0x10', '1,5']) expect(parse(s).ok).toBe(false);
  });
});
