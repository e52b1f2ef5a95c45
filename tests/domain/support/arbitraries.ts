/** fast-check generators for quote configurations, shared by the property tests. */
import fc from 'fast-check';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import type { FinishSelection, PartConfiguration } from '#domain/rules/quote-configuration';

const colourName = fc.constantFrom('red', 'RAL 9005', 'Pantone 286 C', 'white', '');
const insert = fc.record({
  count: fc.integer({ min: 0, max: 12 }),
  insertLengthMm: fc.constantFrom(3, 4, 4.5, 6, 8.1),
  holeDepthMm: fc.constantFrom(3, 4.5, 5.5, 6, 7.5, 9.6, 10),
});

export const finishArbitrary: fc.Arbitrary<FinishSelection> = fc.oneof(
  fc.record({ kind: fc.constant('painting' as const), colours: fc.array(colourName, { maxLength: 7 }) }),
  fc.record({ kind: fc.constant('dyeing' as const), style: fc.constantFrom('solid' as const, 'gradient' as const, 'cream' as const), colours: fc.array(colourName, { maxLength: 5 }) }),
  fc.record({ kind: fc.constant('silkscreen' as const), colours: fc.array(colourName, { maxLength: 6 }) }),
  fc.constant({ kind: 'special-treatment' as const }),
  fc.constant({ kind: 'spray-paint' as const }),
  fc.record({ kind: fc.constant('tapping' as const), holes: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('brass-insert' as const), inserts: fc.array(insert, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('helicoil' as const), inserts: fc.array(insert, { maxLength: 3 }) }),
);

const materials = CATALOGUE.processes.flatMap((p) => p.materials.map((m) => ({ process: p.slug, material: m })));

/** Configurations across every material, valid or not (unknown colours, bad counts, ...). */
export const configurationArbitrary: fc.Arbitrary<PartConfiguration> = fc
  .record({
    choice: fc.constantFrom(...materials),
    colour: fc.option(fc.constantFrom('white', 'black', 'raw-metal', 'clear', 'natural-grey', 'purple'), { nil: null }),
    quantity: fc.oneof(fc.integer({ min: 1, max: 2000 }), fc.constantFrom(0, -3, 1.5, Number.NaN)),
    tier: fc.constantFrom('economy' as const, 'standard' as const, 'express' as const),
    tolerance: fc.option(fc.constantFrom('standard' as const, 'fine' as const, 'precision' as const), { nil: undefined }),
    hardness: fc.option(fc.integer({ min: 10, max: 100 }), { nil: undefined }),
    finishes: fc.array(finishArbitrary, { maxLength: 4 }),
  })
  .map(({ choice, colour, quantity, tier, tolerance, hardness, finishes }) => ({
    process: choice.process,
    materialId: choice.material.id,
    colourId: colour,
    quantity,
    tier,
    ...(tolerance ? { toleranceId: tolerance } : {}),
    ...(hardness !== undefined ? { hardnessShoreA: hardness } : {}),
    finishes,
  }));
