import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from '#ui/contrast';
import { colors, contrastPairs } from '#ui/tokens';

describe('WCAG contrast helper', () => {
  it('matches the known extremes', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1);
    // The WCAG reference grey: #767676 on white is the lightest grey passing 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('design tokens reach WCAG AA', () => {
  it.each(contrastPairs.map((p) => [p.name, p] as const))('%s', (_name, pair) => {
    expect(contrastRatio(pair.fg, pair.bg)).toBeGreaterThanOrEqual(pair.min);
  });

  it('covers the pairs the brief names', () => {
    const names = contrastPairs.map((p) => `${p.fg}/${p.bg}`);
    for (const fg of [colors.neutral[900], colors.neutral[600], colors.neutral[500]]) {
      expect(names).toContain(`${fg}/${colors.neutral[0]}`);
      expect(names).toContain(`${fg}/${colors.neutral[50]}`);
    }
    expect(names).toContain(`${colors.neutral[0]}/${colors.brand[600]}`);
    expect(names).toContain(`${colors.danger[700]}/${colors.neutral[0]}`);
  });
});
