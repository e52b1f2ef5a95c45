import { createTailwindMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { TW_MERGE_CONFIG } from '#ui/tw-merge-config';
import { twMerge } from '#ui/tv';
import { fullConfig, usedClasses } from '../../scripts/tw-merge-config.ts';

/**
 * ADR 138: `ui/tw-merge-config.ts` is tailwind-merge's default config with our tokens, pruned to the
 * class groups the browser's code uses. It must merge our classes exactly as the full config would.
 */
describe('the pruned class-merge config', () => {
  const full = fullConfig();
  const classes = usedClasses(full);

  it('knows every class group the code uses (else run: node --import tsx scripts/tw-merge-config.ts)', () => {
    const missing = [...new Set(classes.values())].filter((group) => !(group in TW_MERGE_CONFIG.classGroups));
    expect(missing).toEqual([]);
    // The code's classes are found at all: a broken scan would make the next test pass on nothing.
    expect(classes.size).toBeGreaterThan(300);
    expect(classes.get('text-body')).toBe('font-size');
    expect(classes.get('px-gutter')).toBe('px');
  });

  it('merges every pair of the classes in use as the full config does', () => {
    const mergeFull = createTailwindMerge(() => full);
    const list = [...classes.keys()];
    const differences: string[] = [];
    for (const a of list) {
      for (const b of list) {
        const pair = `${a} ${b}`;
        const expected = mergeFull(pair);
        if (twMerge(pair) !== expected) differences.push(`${pair} → ${twMerge(pair)}, full config: ${expected}`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    // Every pair of 300+ classes, twice: about 2 s on a quiet machine, past Vitest's 5 s on a loaded one.
  }, 120_000);

  it('lets the later class of a kind win, the earlier of another kind stay', () => {
    expect(twMerge('px-4 py-2 text-body', 'px-2 text-caption')).toBe('py-2 px-2 text-caption');
    expect(twMerge('rounded-control hover:bg-brand-700', 'rounded-none hover:bg-neutral-100')).toBe('rounded-none hover:bg-neutral-100');
  });
});
