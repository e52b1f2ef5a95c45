import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import { analyseMesh, withUnit, type PartMetrics } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { MINIMUM_ORDER_CENTS } from '#domain/pricing/pricing-policy';
import { BLOCKED_NOTE, EXW_NOTE, quotePart } from '#domain/pricing/quote-part';
import { configurationForProcess, defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { configurationArbitrary, finishArbitrary } from '../support/arbitraries';
import { subdividedCube, torus } from '../support/solids';
import { createFinding } from '#domain/geometry/findings';

const metricsOf = (soup: Float32Array): PartMetrics => analyseMesh(createMesh(soup), { declaredUnit: 'mm' }).metrics;
const CUBE_20 = metricsOf(subdividedCube(20, 2));
const TORUS = metricsOf(torus(30, 10, 64, 32));
const MONDAY_MORNING = '2026-11-23T01:00:00Z'; // 09:00 in Shanghai, before the cut-off

const sla: PartConfiguration = {
  process: '3d-printing',
  materialId: 'sla-standard-resin',
  colourId: 'white',
  quantity: 1,
  tier: 'standard',
  finishes: [],
};

describe('quotePart', () => {
  it('prices SLA from volume, support, machine time and set-up, per the catalogue', () => {
    const process = findProcess('3d-printing')!;
    const tech = process.pricing.kind === 'printing' ? process.pricing.technologies.sla : undefined;
    const resin = findMaterial('3d-printing', 'sla-standard-resin')!;
    const centsPerGram = resin.pricing.kind === 'printing' ? resin.pricing.centsPerGram : NaN;
    // A solid 20 mm cube fills its bounding box: no support. 8 cm³, 20 mm high.
    const quote = quotePart(CUBE_20, { ...sla, quantity: 10 }, MONDAY_MORNING);
    const unit = (id: string) => quote.price!.items.find((i) => i.id === id)?.unitCents;
    expect(unit('material')).toBe(Math.round(8 * resin.densityGPerCm3 * centsPerGram));
    expect(unit('machine-time')).toBe(Math.round((8 / tech!.depositionRateCm3PerHour + 20 / tech!.verticalSpeedMmPerHour) * tech!.machineCentsPerHour));
    expect(unit('build-space')).toBe(Math.round(8 * tech!.boxCentsPerCm3));
    expect(unit('setup')).toBe(Math.round(tech!.setupCents / 10));
    expect(quote.unitPriceCents).toBe(quote.price!.items.reduce((s, i) => s + i.unitCents, 0));
    expect(quote.totalCents).toBe(quote.unitPriceCents! * 10);
    for (const item of quote.price!.items) {
      expect(Number.isInteger(item.unitCents)).toBe(true);
      expect(item.explanation.length).toBeGreaterThan(10);
    }
  });

  it('charges the minimum order on a single small part', () => {
    const quote = quotePart(CUBE_20, sla, MONDAY_MORNING);
    expect(quote.totalCents).toBe(MINIMUM_ORDER_CENTS);
    expect(quote.price!.items.at(-1)?.id).toBe('minimum-order');
  });

  it('prices CNC from stock, machining (slower for tighter tolerances), programming and set-up', () => {
    const base: PartConfiguration = { process: 'cnc', materialId: 'aluminium-6061', colourId: 'raw-metal', quantity: 5, tier: 'standard', finishes: [] };
    const standard = quotePart(TORUS, base, MONDAY_MORNING);
    const precise = quotePart(TORUS, { ...base, toleranceId: 'precision' }, MONDAY_MORNING);
    const machining = (q: typeof standard) => q.price!.items.find((i) => i.id === 'machining')!;
    expect(standard.price!.items.map((i) => i.id)).toEqual(['stock', 'machining', 'programming', 'setup', 'quantity-discount']);
    expect(machining(precise).unitCents / machining(standard).unitCents).toBeCloseTo(1.7, 2);
    expect(machining(standard).certainty).toBe('may-change');
    expect(standard.certainty.final).toBe(false);
    expect(standard.certainty.notes.some((n) => n.startsWith('Machining time:'))).toBe(true);
  });

  it('prices casting with a master, shared moulds and per-part resin', () => {
    const casting: PartConfiguration = { process: 'vacuum-casting', materialId: 'pu-rubber-like', colourId: 'black', quantity: 20, tier: 'standard', hardnessShoreA: 70, finishes: [] };
    const at = (quantity: number) => quotePart(TORUS, { ...casting, quantity }, MONDAY_MORNING);
    const mould = (quantity: number) => at(quantity).price!.items.find((i) => i.id === 'silicone-mould')!.unitCents;
    expect(at(20).price!.items.map((i) => i.id)).toEqual(['master-model', 'silicone-mould', 'resin', 'casting-labour']);
    // One mould serves 25 rubber-like castings (its life in that resin); from the 26th on, each part carries a 25th of a mould.
    expect(mould(26)).toBe(mould(25));
    expect(Math.abs(mould(10) - 2 * mould(20))).toBeLessThanOrEqual(1); // each rounded to the cent
    expect(at(26).unitPriceCents).toBeLessThanOrEqual(at(25).unitPriceCents!);
    expect(at(20).validation.valid).toBe(true);
  });

  it('adds finishes as priced items and lead days', () => {
    const painted = quotePart(CUBE_20, { ...sla, quantity: 10, finishes: [{ kind: 'painting', colours: ['red', 'blue'] }] }, MONDAY_MORNING);
    const plain = quotePart(CUBE_20, { ...sla, quantity: 10 }, MONDAY_MORNING);
    expect(painted.price!.items.map((i) => i.id)).toContain('finish-painting');
    expect(painted.unitPriceCents!).toBeGreaterThan(plain.unitPriceCents!);
    expect(painted.leadTime!.totalWorkingDays).toBe(plain.leadTime!.totalWorkingDays + 8);
  });

  it('orders tiers: express dearer and sooner than standard, economy cheaper and later', () => {
    const [economy, standard, express] = (['economy', 'standard', 'express'] as const).map((tier) => quotePart(TORUS, { ...sla, quantity: 20, tier }, MONDAY_MORNING));
    expect(economy!.unitPriceCents!).toBeLessThan(standard!.unitPriceCents!);
    expect(express!.unitPriceCents!).toBeGreaterThan(standard!.unitPriceCents!);
    expect(express!.shipDate! < standard!.shipDate!).toBe(true);
    expect(economy!.shipDate! > standard!.shipDate!).toBe(true);
  });

  it('includes the chosen quantity in the price-break table, matching the price', () => {
    const quote = quotePart(TORUS, { ...sla, quantity: 37 }, MONDAY_MORNING);
    const row = quote.priceBreaks.find((r) => r.quantity === 37);
    expect(row).toMatchObject({ unitPriceCents: quote.unitPriceCents, totalCents: quote.totalCents });
    expect(quote.priceBreaks.map((r) => r.quantity)).toEqual([1, 5, 10, 25, 37, 50, 100, 250, 500, 1000]);
  });

  it('says where the part does not fit the chosen material, and blocks ordering', () => {
    const bar = metricsOf(new Float32Array(subdividedCube(1, 1).map((v, i) => v * (i % 3 === 0 ? 700 : 100))));
    const cnc = quotePart(bar, { process: 'cnc', materialId: 'pom', colourId: 'white', quantity: 1, tier: 'standard', finishes: [] }, MONDAY_MORNING);
    const printed = quotePart(bar, { ...sla, colourId: 'grey' }, MONDAY_MORNING);
    expect(cnc.findings).toEqual([]);
    expect(cnc.orderable).toBe(true);
    expect(printed.findings.map((f) => f.code)).toEqual(['too-large']);
    expect(printed.orderable).toBe(false);
    const sheet = metricsOf(new Float32Array(subdividedCube(1, 1).map((v, i) => v * (i % 3 === 2 ? 0.3 : 30))));
    expect(quotePart(sheet, sla, MONDAY_MORNING).findings.map((f) => f.code)).toEqual(['too-small']);
  });

  it('is honest about guessed units, open meshes and shipping', () => {
    const guessed = analyseMesh(createMesh(subdividedCube(2, 1))).metrics;
    const quote = quotePart(guessed, sla, MONDAY_MORNING);
    expect(quote.certainty.final).toBe(false);
    expect(quote.certainty.notes[0]).toMatch(/read as inches/);
    expect(quote.price!.items.find((i) => i.id === 'material')?.certainty).toBe('may-change');
    const confirmed = quotePart(withUnit(guessed, 'inch'), sla, MONDAY_MORNING);
    expect(confirmed.certainty.final).toBe(true);
    expect(confirmed.certainty.notes).toEqual([EXW_NOTE]);
    const open = metricsOf(subdividedCube(20, 2).subarray(18)); // a square missing: too large to fill (ADR 155)
    expect(quotePart(open, sla, MONDAY_MORNING).certainty.notes.some((n) => /not watertight/.test(n))).toBe(true);
  });

  it('blocks ordering on error findings of the file', () => {
    const finding = { code: 'open-edges' as const, severity: 'error' as const, message: 'holes', fixHint: 'close', triangles: [], count: 1 };
    expect(quotePart(CUBE_20, sla, MONDAY_MORNING, { geometryFindings: [finding] }).orderable).toBe(false);
    expect(quotePart(CUBE_20, sla, MONDAY_MORNING).orderable).toBe(true);
  });

  it('explains instead of pricing what cannot be priced', () => {
    const quote = quotePart(CUBE_20, { ...sla, materialId: 'unobtainium', quantity: 0, colourId: null }, MONDAY_MORNING);
    expect(quote.price).toBeNull();
    expect(quote.shipDate).toBeNull();
    expect(quote.orderable).toBe(false);
    expect(quote.validation.errors).toEqual({
      material: ['Please choose a material'],
      colour: ['Please choose a colour'],
      quantity: ['Quantity must be a whole number of at least 1'],
    });
  });

  it('is deterministic and plain data (it crosses worker and network boundaries)', () => {
    const config: PartConfiguration = { ...sla, quantity: 12, finishes: [{ kind: 'silkscreen', colours: ['black'] }] };
    const a = quotePart(TORUS, config, MONDAY_MORNING);
    const b = quotePart(TORUS, structuredClone(config), new Date(MONDAY_MORNING));
    expect(b).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  describe('properties', () => {
    const dates = fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true });

    it('a larger quantity never raises the unit price', () => {
      fc.assert(
        fc.property(configurationArbitrary, fc.integer({ min: 1, max: 500 }), fc.constantFrom(CUBE_20, TORUS), (config, more, metrics) => {
          const q = Number.isInteger(config.quantity) && config.quantity >= 1 ? config.quantity : 1;
          const small = quotePart(metrics, { ...config, quantity: q }, MONDAY_MORNING);
          const large = quotePart(metrics, { ...config, quantity: q + more }, MONDAY_MORNING);
          if (small.unitPriceCents === null) return;
          expect(large.unitPriceCents!).toBeLessThanOrEqual(small.unitPriceCents);
        }),
        { numRuns: 400 },
      );
    });

    it('adding a finish never shortens the lead time, and ships on a weekday', () => {
      fc.assert(
        fc.property(configurationArbitrary, finishArbitrary, dates, (config, extra, orderedAt) => {
          // A finish is chosen once per part (the rules refuse a second one). With three silkscreens,
          // painting would take each from 3 days to 1 and the total down by 2: not a configuration.
          const kinds = [...config.finishes, extra].map((f) => f.kind);
          fc.pre(new Set(kinds).size === kinds.length);
          const before = quotePart(TORUS, { ...config, quantity: 3 }, orderedAt);
          const after = quotePart(TORUS, { ...config, quantity: 3, finishes: [...config.finishes, extra] }, orderedAt);
          expect(after.leadTime!.totalWorkingDays).toBeGreaterThanOrEqual(before.leadTime!.totalWorkingDays);
          expect(after.shipDate! >= before.shipDate!).toBe(true);
          const weekday = new Date(`${after.shipDate}T12:00:00Z`).getUTCDay();
          expect([1, 2, 3, 4, 5]).toContain(weekday);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('no price for what cannot be made', () => {
    it('gives a part with a blocking finding no price and no date, and says why and what to do', () => {
      // An open mesh (a square missing: too large a hole to fill, ADR 155): the file's own error.
      const mesh = subdividedCube(20, 2);
      const open = analyseMesh(createMesh(mesh.subarray(0, mesh.length - 18)), { declaredUnit: 'mm' });
      const quote = quotePart(open.metrics, sla, MONDAY_MORNING, { geometryFindings: open.findings });
      expect(quote.price).toBeNull();
      expect(quote.unitPriceCents).toBeNull();
      expect(quote.totalCents).toBeNull();
      expect(quote.shipDate).toBeNull();
      expect(quote.priceBreaks).toEqual([]);
      expect(quote.orderable).toBe(false);
      expect(quote.blocking.map((f) => f.code)).toEqual(['open-edges']);
      expect(quote.blocking[0]!.fixHint).toMatch(/watertight/);
      expect(quote.certainty.notes[0]).toBe(BLOCKED_NOTE);
    });

    it('blocks a 2 m part for its material, once, in the material\'s words', () => {
      const big = withUnit(CUBE_20, 'mm');
      const huge = { ...big, size: [2000, 2000, 2000] as const, volumeMm3: 8e9, areaMm2: 2.4e7 };
      const fileLevel = createFinding('too-large', 'At 2000 × 2000 × 2000 mm the part is larger than any of our machines.');
      const quote = quotePart(huge, sla, MONDAY_MORNING, { geometryFindings: [fileLevel] });
      expect(quote.unitPriceCents).toBeNull();
      expect(quote.blocking).toHaveLength(1);
      expect(quote.blocking[0]!.message).toMatch(/Standard resin/);
    });

    it('prices a part whose only findings are warnings, and blocks none of it', () => {
      const warning = createFinding('units-uncertain', 'Units guessed.');
      const quote = quotePart(CUBE_20, sla, MONDAY_MORNING, { geometryFindings: [warning] });
      expect(quote.unitPriceCents).toBeGreaterThan(0);
      expect(quote.blocking).toEqual([]);
    });

    it('prices before the colour is chosen; the colour is asked for before ordering', () => {
      const quote = quotePart(CUBE_20, defaultConfiguration('3d-printing'), MONDAY_MORNING);
      expect(quote.unitPriceCents).toBeGreaterThan(0);
      expect(quote.orderable).toBe(false);
      expect(quote.validation.errors.colour).toEqual(['Please choose a colour']);
    });
  });

  describe('a process change', () => {
    it('replaces a configuration of another process with the new process\'s defaults, keeping quantity, tier and what still applies', () => {
      const printed: PartConfiguration = { ...sla, quantity: 12, tier: 'express', finishes: [{ kind: 'painting', colours: ['red'] }, { kind: 'dyeing', style: 'solid', colours: ['red'] }] };
      const cnc = configurationForProcess(printed, 'cnc');
      expect(cnc).toMatchObject({ process: 'cnc', materialId: 'aluminium-6061', quantity: 12, tier: 'express', colourId: 'raw-metal', toleranceId: 'standard' });
      expect(cnc.finishes).toEqual([{ kind: 'painting', colours: ['red'] }]);
      expect(configurationForProcess(cnc, 'cnc')).toBe(cnc);
      expect(configurationForProcess(null, 'vacuum-casting')).toEqual(defaultConfiguration('vacuum-casting'));
      for (const process of ['3d-printing', 'cnc', 'vacuum-casting'] as const) {
        expect(quotePart(TORUS, configurationForProcess(printed, process), MONDAY_MORNING).process).toBe(process);
      }
    });
  });
});
