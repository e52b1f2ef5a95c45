/** Vacuum casting: the silicone moulds a quantity needs and each mould's life in the resin (issue 36 item 5). */
import { describe, expect, it } from 'vitest';
import { findMaterial } from '#domain/catalogue/lookup';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { mouldsNeeded } from '#domain/pricing/casting-cost';
import { quotePart } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { subdividedCube } from '../support/solids';

const CUBE = analyseMesh(createMesh(subdividedCube(20, 2)), { declaredUnit: 'mm' }).metrics;
const MONDAY_MORNING = '2026-11-23T01:00:00Z';
const abs: PartConfiguration = { process: 'vacuum-casting', materialId: 'pu-abs-like', colourId: 'white', quantity: 1, tier: 'standard', finishes: [] };
const mouldLine = (configuration: PartConfiguration) => quotePart(CUBE, configuration, MONDAY_MORNING).price!.items.find((i) => i.id === 'silicone-mould')!;

describe('silicone moulds', () => {
  it('one mould per life of shots, started or not', () => {
    expect([1, 20, 21, 40, 41, 100].map((q) => mouldsNeeded(q, 20))).toEqual([1, 1, 2, 2, 3, 5]);
  });

  it('each resin says how many castings its mould gives', () => {
    const life = (id: string) => {
      const m = findMaterial('vacuum-casting', id)!;
      return m.pricing.kind === 'casting' ? m.pricing.mouldLifeShots : undefined;
    };
    expect(['pu-abs-like', 'pu-pp-like', 'pu-rubber-like', 'pu-clear', 'pu-high-temp'].map(life)).toEqual([20, 20, 25, 12, 15]);
  });

  it('why-this-price shows the moulds the quantity needs and each one’s life', () => {
    expect(mouldLine({ ...abs, quantity: 10 }).explanation).toMatch(/^1 silicone mould for 10 castings \(it gives about 20 in PU, ABS-like before it wears out\): \$[\d.,]+ a mould \(15 mm of silicone around the part\), shared by the run\.$/);
    expect(mouldLine({ ...abs, quantity: 50 }).explanation).toMatch(
      /^3 silicone moulds for 50 castings: each gives about 20 castings in PU, ABS-like before it wears out\. \$[\d.,]+ a mould \(15 mm of silicone around the part\); each casting carries 1\/20 of a mould \(2\.5 moulds' worth\), so a larger run never costs more a part\.$/,
    );
    expect(mouldLine({ ...abs, materialId: 'pu-clear', colourId: 'clear', quantity: 30 }).explanation).toMatch(/^3 silicone moulds for 30 castings: each gives about 12 castings in PU, clear \(PMMA-like\)/);
  });

  it('a shorter mould life costs more a part in a long run', () => {
    const clear = mouldLine({ ...abs, materialId: 'pu-clear', colourId: 'clear', quantity: 100 }).unitCents;
    const rigid = mouldLine({ ...abs, quantity: 100 }).unitCents;
    expect(clear).toBeGreaterThan(rigid * 1.5);
  });
});
