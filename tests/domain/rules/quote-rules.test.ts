import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toValidationResult } from '#domain/rules/quote-rule-engine';
import type { FinishSelection, PartConfiguration } from '#domain/rules/quote-configuration';
import { createQuoteConfigurationSuite, holeDepthMarginOk, validateQuoteConfiguration } from '#domain/rules/quote-rules';
import { configurationArbitrary } from '../support/arbitraries';

const nylon: PartConfiguration = { process: '3d-printing', materialId: 'mjf-pa12', colourId: 'black', quantity: 4, tier: 'standard', finishes: [] };
const errorsWith = (finishes: FinishSelection[], extra: Partial<PartConfiguration> = {}) =>
  validateQuoteConfiguration({ ...nylon, ...extra, finishes }).errors;

describe('quote rules', () => {
  it('accepts a complete configuration', () => {
    expect(validateQuoteConfiguration(nylon)).toEqual({ valid: true, errors: {}, warnings: {} });
  });

  it('asks for a colour, a whole quantity, a known process and material', () => {
    expect(errorsWith([], { colourId: null }).colour).toEqual(['Please choose a colour']);
    expect(errorsWith([], { colourId: '  ' }).colour).toEqual(['Please choose a colour']);
    expect(errorsWith([], { colourId: 'purple' }).colour).toEqual(['Nylon PA12 (MJF) is not offered in this colour']);
    for (const quantity of [0, -1, 2.5, Number.NaN]) expect(errorsWith([], { quantity }).quantity).toEqual(['Quantity must be a whole number of at least 1']);
    expect(errorsWith([], { quantity: 100_001 }).quantity?.[0]).toMatch(/contact us/);
    expect(errorsWith([], { process: 'welding' as never }).process).toEqual(['Please choose a manufacturing service']);
    expect(errorsWith([], { materialId: 'sla-standard-resin', process: 'cnc' }).material).toEqual(['Please choose a material']);
  });

  it('allows painting with 1 to 5 colours', () => {
    expect(errorsWith([{ kind: 'painting', colours: ['a', 'b', 'c', 'd', 'e'] }]).painting).toBeUndefined();
    expect(errorsWith([{ kind: 'painting', colours: ['a', 'b', 'c', 'd', 'e', 'f'] }]).painting).toEqual(['Painting: choose 1 to 5 colours per model']);
    expect(errorsWith([{ kind: 'painting', colours: [] }]).painting).toEqual(['Painting: choose 1 to 5 colours per model']);
    expect(errorsWith([{ kind: 'painting', colours: ['red', ''] }]).painting).toEqual(['Each colour needs a name or code (e.g. RAL 9005)']);
  });

  it('allows dyeing up to 3 colours solid or gradient, 1 for cream', () => {
    expect(errorsWith([{ kind: 'dyeing', style: 'gradient', colours: ['a', 'b', 'c'] }]).dyeing).toBeUndefined();
    expect(errorsWith([{ kind: 'dyeing', style: 'solid', colours: ['a', 'b', 'c', 'd'] }]).dyeing).toEqual(['Dyeing: up to 3 colours for solid or gradient, 1 for cream']);
    expect(errorsWith([{ kind: 'dyeing', style: 'cream', colours: ['a'] }]).dyeing).toBeUndefined();
    expect(errorsWith([{ kind: 'dyeing', style: 'cream', colours: ['a', 'b'] }]).dyeing).toEqual(['Dyeing: up to 3 colours for solid or gradient, 1 for cream']);
  });

  it('caps silkscreen colours at the configured 4', () => {
    expect(errorsWith([{ kind: 'silkscreen', colours: ['a', 'b', 'c', 'd'] }]).silkscreen).toBeUndefined();
    expect(errorsWith([{ kind: 'silkscreen', colours: ['a', 'b', 'c', 'd', 'e'] }]).silkscreen).toEqual(['Silkscreen: choose 1 to 4 colours']);
  });

  it('needs brass insert and Helicoil holes 1.5 mm deeper than the insert', () => {
    expect(holeDepthMarginOk({ count: 1, insertLengthMm: 3, holeDepthMm: 4.5 })).toBe(true);
    expect(holeDepthMarginOk({ count: 1, insertLengthMm: 3.1, holeDepthMm: 4.6 })).toBe(true); // 4.6 − 3.1 is 1.4999… in binary
    expect(holeDepthMarginOk({ count: 1, insertLengthMm: 3, holeDepthMm: 4.49 })).toBe(false);
    const errors = errorsWith([
      { kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 4, holeDepthMm: 6 }, { count: 1, insertLengthMm: 6, holeDepthMm: 7 }] },
      { kind: 'helicoil', inserts: [{ count: 4, insertLengthMm: 5, holeDepthMm: 6 }] },
    ]);
    expect(errors['brassInsert.1.depth']).toEqual(['Brass insert 2: the hole must be 1.5 mm deeper than the insert (at least 7.5 mm)']);
    expect(errors['brassInsert.0.depth']).toBeUndefined();
    expect(errors['helicoil.0.depth']).toEqual(['Helicoil: the hole must be 1.5 mm deeper than the insert (at least 6.5 mm)']);
    expect(errorsWith([{ kind: 'helicoil', inserts: [] }]).helicoil).toEqual(['Helicoil: add at least one insert']);
  });

  it('keeps hardness within Shore A 30 to 90 where it is chosen', () => {
    const rubber: PartConfiguration = { process: 'vacuum-casting', materialId: 'pu-rubber-like', colourId: 'black', quantity: 10, tier: 'standard', finishes: [] };
    expect(validateQuoteConfiguration(rubber).valid).toBe(true); // 70 by default
    expect(validateQuoteConfiguration({ ...rubber, hardnessShoreA: 30 }).valid).toBe(true);
    expect(validateQuoteConfiguration({ ...rubber, hardnessShoreA: 90 }).valid).toBe(true);
    expect(validateQuoteConfiguration({ ...rubber, hardnessShoreA: 29 }).errors.hardness).toEqual(['Hardness must be between Shore A 30 and 90']);
    expect(validateQuoteConfiguration({ ...rubber, hardnessShoreA: 91 }).valid).toBe(false);
    const rigid = validateQuoteConfiguration({ ...rubber, materialId: 'pu-abs-like', colourId: 'white', hardnessShoreA: 60 });
    expect(rigid.valid).toBe(true);
    expect(rigid.warnings.hardness?.[0]).toMatch(/fixed hardness/);
  });

  it('refuses finishes the material does not offer, and the same finish twice', () => {
    const fdm = { ...nylon, materialId: 'fdm-pla', colourId: 'red' };
    expect(validateQuoteConfiguration({ ...fdm, finishes: [{ kind: 'dyeing', style: 'solid', colours: ['red'] }] }).errors.dyeing).toEqual(['Dyeing is not offered for PLA (FDM)']);
    expect(errorsWith([{ kind: 'spray-paint' }, { kind: 'spray-paint' }]).sprayPaint).toEqual(['Choose spray paint once']);
    expect(errorsWith([{ kind: 'tapping', holes: 0 }]).tapping?.[0]).toMatch(/^Tapping: enter the number of holes/);
  });
});

describe('the vest suite over the same rules', () => {
  it('agrees with the quote engine on any configuration', () => {
    fc.assert(
      fc.property(configurationArbitrary, (config) => {
        const suite = createQuoteConfigurationSuite();
        expect(toValidationResult(suite.run(config))).toEqual(validateQuoteConfiguration(config));
      }),
      { numRuns: 150 },
    );
  });

  it('validates one field at a time for the form', () => {
    const suite = createQuoteConfigurationSuite();
    const result = suite.only('colour').run({ ...nylon, colourId: null, quantity: 0 });
    expect(result.getErrors('colour')).toEqual(['Please choose a colour']);
    expect(result.isTested('quantity')).toBe(false);
    const full = suite.run({ ...nylon, colourId: null, quantity: 0 });
    expect(full.getErrors('quantity')).toEqual(['Quantity must be a whole number of at least 1']);
    expect(full.isValid()).toBe(false);
  });

  it('validates one section of the form through vest groups', () => {
    const suite = createQuoteConfigurationSuite();
    const config: PartConfiguration = { ...nylon, colourId: null, finishes: [{ kind: 'painting', colours: [] }] };
    const finishesOnly = suite.focus({ onlyGroup: 'finishes' }).run(config);
    expect(finishesOnly.getErrors()).toEqual({ painting: ['Painting: choose 1 to 5 colours per model'] });
    expect(finishesOnly.hasErrorsByGroup('finishes')).toBe(true);
    expect(suite.run(config).hasErrorsByGroup('part', 'colour')).toBe(true);
  });
});
