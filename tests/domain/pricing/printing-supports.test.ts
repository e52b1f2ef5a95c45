import { describe, expect, it } from 'vitest';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import { analyseMesh, type PartMetrics } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { quotePart } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { subdividedCube } from '../support/solids';

const CUBE = analyseMesh(createMesh(subdividedCube(20, 2)), { declaredUnit: 'mm' }).metrics;
const MONDAY_MORNING = '2026-11-23T01:00:00Z';
const fdm: PartConfiguration = { process: '3d-printing', materialId: 'fdm-pla', colourId: 'white', quantity: 50, tier: 'standard', finishes: [] };
const sls: PartConfiguration = { ...fdm, materialId: 'sls-pa12' };

function withSupports(metrics: PartMetrics, supportVolumeMm3: number, buildHeightMm = 20): PartMetrics {
  return {
    ...metrics,
    manufacturing: { minWallMm: 20, wallCoverage: 1, buildDirection: [0, 0, 1], overhangAreaMm2: 400, supportVolumeMm3, buildHeightMm, holeCount: 0, tappableHoles: 0 },
  };
}

function technology(id: 'fdm' | 'sls') {
  const process = findProcess('3d-printing')!;
  if (process.pricing.kind !== 'printing') throw new Error('catalogue');
  return process.pricing.technologies[id];
}

describe('supports in the printing price', () => {
  it('prints the technology’s share of the measured support columns: material and time', () => {
    const tech = technology('fdm');
    const pla = findMaterial('3d-printing', 'fdm-pla')!;
    const centsPerGram = pla.pricing.kind === 'printing' ? pla.pricing.centsPerGram : NaN;
    const quote = quotePart(withSupports(CUBE, 10_000), fdm, MONDAY_MORNING);
    const item = (id: string) => quote.price!.items.find((i) => i.id === id)!;
    const printed = 8 + tech.supportFactor * 10; // cm³: the part and its share of 10 cm³ of columns
    expect(item('material').unitCents).toBe(Math.round(printed * pla.densityGPerCm3 * centsPerGram));
    expect(item('machine-time').unitCents).toBe(Math.round((printed / tech.depositionRateCm3PerHour + 20 / tech.verticalSpeedMmPerHour) * tech.machineCentsPerHour));
    // "Why this price" names the supports and where they come from.
    expect(item('material').explanation).toMatch(/support 1\.5: 15 % of the 10 cm³ of support columns under 4 cm² of overhangs/);
  });

  it('costs more with more support, and nothing more without any', () => {
    const none = quotePart(withSupports(CUBE, 0), fdm, MONDAY_MORNING).unitPriceCents!;
    const some = quotePart(withSupports(CUBE, 5_000), fdm, MONDAY_MORNING).unitPriceCents!;
    const more = quotePart(withSupports(CUBE, 50_000), fdm, MONDAY_MORNING).unitPriceCents!;
    expect(none).toBeLessThan(some);
    expect(some).toBeLessThan(more);
    expect(quotePart(withSupports(CUBE, 0), fdm, MONDAY_MORNING).price!.items.find((i) => i.id === 'material')!.explanation).not.toMatch(/support/);
  });

  it('builds in the orientation that needs the least support: its height sets the layer time', () => {
    const low = quotePart(withSupports(CUBE, 1_000, 20), fdm, MONDAY_MORNING).unitPriceCents!;
    const tall = quotePart(withSupports(CUBE, 1_000, 60), fdm, MONDAY_MORNING).unitPriceCents!;
    expect(tall).toBeGreaterThan(low);
  });

  it('a powder process prints no supports, whatever was measured', () => {
    expect(quotePart(withSupports(CUBE, 50_000), sls, MONDAY_MORNING).unitPriceCents).toBe(quotePart(withSupports(CUBE, 0), sls, MONDAY_MORNING).unitPriceCents);
  });

  it('without a measure (an open mesh, an older file) the empty bounding box stands in, as before', () => {
    const quote = quotePart(CUBE, fdm, MONDAY_MORNING);
    expect(quote.price!.items.find((i) => i.id === 'material')!.explanation).not.toMatch(/support/);
  });

  it('a wall thinner than the material allows is a warning naming the material, and the part keeps its price', () => {
    const thin = { ...withSupports(CUBE, 0), manufacturing: { ...withSupports(CUBE, 0).manufacturing!, minWallMm: 0.7 } };
    const print = quotePart(thin, fdm, MONDAY_MORNING);
    const finding = print.findings.find((f) => f.code === 'thin-wall');
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toMatch(/needs at least 1 mm/);
    expect(print.unitPriceCents).not.toBeNull();
    const cnc = quotePart(thin, { process: 'cnc', materialId: findProcess('cnc')!.materials[0]!.id, colourId: null, quantity: 1, tier: 'standard', finishes: [] } as unknown as PartConfiguration, MONDAY_MORNING);
    expect(cnc.findings.find((f) => f.code === 'thin-wall')?.severity).toBe('warning');
    // A resin that makes 0.5 mm walls has nothing to say.
    expect(quotePart(thin, { ...fdm, materialId: 'sla-standard-resin' }, MONDAY_MORNING).findings.some((f) => f.code === 'thin-wall')).toBe(false);
  });

  it('a wall just under the minimum is said with the digits that show it (0.996 mm, not 1 mm)', () => {
    const nearly = { ...withSupports(CUBE, 0), manufacturing: { ...withSupports(CUBE, 0).manufacturing!, minWallMm: 0.9961 } };
    expect(quotePart(nearly, fdm, MONDAY_MORNING).findings.find((f) => f.code === 'thin-wall')?.message).toBe('Walls are as thin as 0.996 mm; PLA (FDM) needs at least 1 mm.');
  });

  it('a STEP model’s wall within its tessellation’s allowance meets the minimum; one plainly under it does not (ADR 277)', () => {
    const step = (minWallMm: number) => ({ ...withSupports(CUBE, 0), manufacturing: { ...withSupports(CUBE, 0).manufacturing!, minWallMm, chordToleranceMm: 0.006 } });
    const thinWall = (metrics: PartMetrics) => quotePart(metrics, fdm, MONDAY_MORNING).findings.find((f) => f.code === 'thin-wall');
    // Modelled at 1 mm, measured 0.995 on facets cut within 0.006 mm of its faces.
    expect(thinWall(step(0.995))).toBeUndefined();
    expect(quotePart(step(0.995), fdm, MONDAY_MORNING).findings.find((f) => f.code === 'wall-thickness-summary')?.message).toBe(
      "Wall thickness: the thinnest wall measured is 0.99 mm (all of the surface measured), which meets the 1 mm PLA (FDM) needs: the facets it was measured on stand up to 0.006 mm off the model's curved faces.",
    );
    expect(thinWall(step(0.97))?.message).toBe('Walls are as thin as 0.97 mm; PLA (FDM) needs at least 1 mm.');
    // The same figure from a mesh file (no tolerance: its facets are the part) is under the minimum.
    const mesh = { ...withSupports(CUBE, 0), manufacturing: { ...withSupports(CUBE, 0).manufacturing!, minWallMm: 0.995 } };
    expect(thinWall(mesh)?.message).toBe('Walls are as thin as 0.99 mm; PLA (FDM) needs at least 1 mm.');
  });

  it('a solid whose faces never face each other across it (a pyramid) says it has no wall to measure; walls still to come say nothing (ADR 280)', () => {
    const noWall = (wallCoverage: number) => ({ ...withSupports(CUBE, 0), manufacturing: { ...withSupports(CUBE, 0).manufacturing!, minWallMm: null, wallCoverage } });
    const summary = (metrics: PartMetrics) => quotePart(metrics, fdm, MONDAY_MORNING).findings.find((f) => f.code === 'wall-thickness-summary')?.message;
    expect(summary(noWall(1))).toBe('Wall thickness: no wall to measure: no two faces of the part face each other across it, so its thinnest parts are its edges and corners.');
    expect(summary(noWall(0))).toBeUndefined();
    expect(quotePart(noWall(1), fdm, MONDAY_MORNING).findings.some((f) => f.code === 'thin-wall')).toBe(false);
  });
});
