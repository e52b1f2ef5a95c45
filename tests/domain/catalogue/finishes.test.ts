import { MAX_HOLES_PER_PART } from '#domain/catalogue/limits';
import { describe, expect, it } from 'vitest';
import { finishSelectionSchema, PartConfigurationSchema } from '#domain/api/quote';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { FINISH_KINDS, FINISHES, type Finish } from '#domain/catalogue/finishes';
import type { Catalogue, Material } from '#domain/catalogue/types';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { quotePart } from '#domain/pricing/quote-part';
import { defaultFinishSelection, describeFinish, type FinishSelection, type PartConfiguration } from '#domain/rules/quote-configuration';
import { validateQuoteConfiguration } from '#domain/rules/quote-rules';
import { subdividedCube } from '../support/solids';

const CUBE = analyseMesh(createMesh(subdividedCube(20, 2)), { declaredUnit: 'mm' }).metrics;
const MONDAY_MORNING = '2026-11-23T01:00:00Z';

/** A finish nobody has heard of, written once: its record. */
const LASER_MARKING: Finish = {
  kind: 'laser-marking',
  label: 'Laser marking',
  description: 'A logo or serial number marked by laser.',
  pricing: { setupCentsPerColour: 2000, centsPerColourPerPart: 90, centsPerCm2: 0.5 },
  leadDays: { days: 2, alongside: { finish: 'painting', days: 1 } },
  options: { shape: 'colours', maxColours: 2, countMessage: 'Laser marking: choose 1 or 2 colours' },
};

/** The catalogue with the record added, and offered on standard resin (what a material offers is its list). */
function withLaserMarking(): Catalogue {
  const processes = CATALOGUE.processes.map((p) => ({
    ...p,
    materials: p.materials.map((m): Material => (m.id === 'sla-standard-resin' ? { ...m, finishes: [...m.finishes, 'laser-marking' as never] } : m)),
  }));
  return { processes, finishes: { ...CATALOGUE.finishes, 'laser-marking': LASER_MARKING } };
}

const marked = (colours: string[]): PartConfiguration => ({
  process: '3d-printing',
  materialId: 'sla-standard-resin',
  colourId: 'white',
  quantity: 10,
  tier: 'standard',
  finishes: [{ kind: 'laser-marking', colours } as unknown as FinishSelection],
});

describe('a finish is one catalogue record', () => {
  it('a made-up finish added in one place is priced, timed, validated, read by the API and described', () => {
    const catalogue = withLaserMarking();
    const quote = quotePart(CUBE, marked(['black']), MONDAY_MORNING, { catalogue });
    const item = quote.price!.items.find((i) => i.id === 'finish-laser-marking')!;
    // Per part: 1 colour at 90 ¢ + 24 cm² at 0.5 ¢; per line: one 20 $ stencil over 10 parts.
    expect(item.unitCents).toBe(Math.round(90 + 24 * 0.5 + 2000 / 10));
    expect(item.label).toBe('Laser marking');
    expect(quote.leadTime!.items.find((i) => i.id === 'laser-marking')?.workingDays).toBe(2);
    const withPainting = { ...marked(['black']), finishes: [...marked(['black']).finishes, { kind: 'painting', colours: ['red'] } as FinishSelection] };
    expect(quotePart(CUBE, withPainting, MONDAY_MORNING, { catalogue }).leadTime!.items.find((i) => i.id === 'laser-marking')?.workingDays).toBe(1);

    expect(validateQuoteConfiguration(marked(['black']), catalogue).valid).toBe(true);
    expect(validateQuoteConfiguration(marked(['a', 'b', 'c']), catalogue).errors.laserMarking).toEqual(['Laser marking: choose 1 or 2 colours']);
    expect(validateQuoteConfiguration(marked([]), catalogue).errors.laserMarking).toEqual(['Laser marking: choose 1 or 2 colours']);
    // Without the record, the finish is not offered.
    expect(validateQuoteConfiguration(marked(['black'])).valid).toBe(false);

    const schema = finishSelectionSchema(catalogue.finishes);
    expect(schema.safeParse({ kind: 'laser-marking', colours: ['black'] }).success).toBe(true);
    expect(schema.safeParse({ kind: 'laser-marking', holes: 3 }).success).toBe(false);
    expect(finishSelectionSchema(CATALOGUE.finishes).safeParse({ kind: 'laser-marking', colours: ['black'] }).success).toBe(false);

    expect(defaultFinishSelection(LASER_MARKING)).toEqual({ kind: 'laser-marking', colours: [] });
    expect(describeFinish({ kind: 'laser-marking', colours: ['black'] }, catalogue)).toBe('Laser marking: black');
  });

  it('keeps every catalogue finish coherent: a record per kind, offered kinds known, each shape read by the API', () => {
    for (const kind of FINISH_KINDS) expect(FINISHES[kind].kind).toBe(kind);
    const offered = new Set(CATALOGUE.processes.flatMap((p) => p.materials.flatMap((m) => m.finishes)));
    for (const kind of offered) expect(CATALOGUE.finishes[kind]).toBeDefined();
    for (const kind of FINISH_KINDS) {
      const selection = defaultFinishSelection(FINISHES[kind]);
      const configuration = { process: '3d-printing', materialId: 'sla-standard-resin', colourId: null, quantity: 1, tier: 'standard', finishes: [selection] };
      expect(PartConfigurationSchema.safeParse(configuration).success, kind).toBe(true);
      expect(describeFinish(selection)).toContain(FINISHES[kind].label);
    }
  });

  it('starts tapping and inserts from the holes the analysis found at a tap drill size, within their limits', () => {
    expect(defaultFinishSelection(FINISHES.tapping, { holes: 6 })).toEqual({ kind: 'tapping', holes: 6 });
    expect(defaultFinishSelection(FINISHES.tapping, { holes: 0 })).toEqual({ kind: 'tapping', holes: 1 });
    expect(defaultFinishSelection(FINISHES.tapping)).toEqual({ kind: 'tapping', holes: 1 });
    expect(defaultFinishSelection(FINISHES.tapping, { holes: 10_000 })).toEqual({ kind: 'tapping', holes: MAX_HOLES_PER_PART });
    expect(defaultFinishSelection(FINISHES['brass-insert'], { holes: 4 })).toMatchObject({ kind: 'brass-insert', inserts: [{ count: 4 }] });
    expect(describeFinish(defaultFinishSelection(FINISHES.tapping, { holes: 6 }))).toBe('Tapping: 6 holes');
  });

  it('prices the finishes of the catalogue as ADR 010 states', () => {
    const part = (finishes: FinishSelection[]): PartConfiguration => ({ ...marked([]), materialId: 'mjf-pa12', colourId: 'black', quantity: 1, finishes });
    const unit = (finish: FinishSelection) => quotePart(CUBE, part([finish]), MONDAY_MORNING).price!.items.find((i) => i.id === `finish-${finish.kind}`)!.unitCents;
    expect(unit({ kind: 'painting', colours: ['red', 'blue'] })).toBe(2 * 800 + 24 * 2);
    expect(unit({ kind: 'dyeing', style: 'solid', colours: ['red', 'blue'] })).toBe(300 + 150);
    expect(unit({ kind: 'dyeing', style: 'gradient', colours: ['red', 'blue'] })).toBe(Math.round((300 + 150) * 1.5));
    expect(unit({ kind: 'silkscreen', colours: ['red'] })).toBe(150 + 3000);
    expect(unit({ kind: 'special-treatment' })).toBe(500);
    expect(unit({ kind: 'spray-paint' })).toBe(300 + 24);
    expect(unit({ kind: 'tapping', holes: 4 })).toBe(600);
    expect(unit({ kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 4, holeDepthMm: 6 }, { count: 1, insertLengthMm: 4, holeDepthMm: 6 }] })).toBe(600);
  });
});
