import { describe, expect, it } from 'vitest';
import { guessUnit, UNIT_CONFIRMATION_THRESHOLD } from '#domain/geometry/units';

describe('guessUnit', () => {
  it('reads typical part sizes as millimetres with confidence', () => {
    for (const side of [30, 100, 400]) {
      const guess = guessUnit(side);
      expect(guess.unit).toBe('mm');
      expect(guess.confidence).toBeGreaterThan(UNIT_CONFIRMATION_THRESHOLD);
    }
  });

  it('reads small numbers as inches', () => {
    for (const side of [0.5, 1, 2, 3]) expect(guessUnit(side).unit).toBe('inch');
  });

  it('is least sure in between, where both readings are plausible parts', () => {
    const confidences = [2, 5, 8, 12, 20, 50].map((s) => guessUnit(s).confidence);
    const least = Math.min(...confidences);
    expect(least).toBeLessThan(0.8);
    expect(guessUnit(8).reason).toContain('203 mm read as inches');
  });

  it('copes with an empty or degenerate model', () => {
    expect(guessUnit(0)).toMatchObject({ unit: 'mm', source: 'guess' });
    expect(guessUnit(Number.NaN).unit).toBe('mm');
  });
});
