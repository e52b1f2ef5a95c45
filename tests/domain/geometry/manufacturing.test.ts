import { describe, expect, it } from 'vitest';
import { findingsForProcess } from '#domain/geometry/findings';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { withUnit } from '#domain/geometry/metrics';
import { binaryStl, box, concat, cup, nut, translated, withReversedFacets } from '../support/solids';

describe('the manufacturing checks in the file analysis', () => {
  it('finds the thin wall of a cup, locates it and states the thinnest wall', async () => {
    const report = await analyseCadFile(binaryStl(cup(20, 30, 0.6, 2, 64)));
    const thin = report.findings.find((f) => f.code === 'thin-wall');
    expect(thin?.severity).toBe('warning');
    expect(thin?.triangles.length).toBeGreaterThan(0);
    expect(thin?.fixHint).toMatch(/Thicken/);
    expect(report.metrics?.manufacturing?.minWallMm).toBeCloseTo(0.6, 2);
    expect(report.orderable).toBe(true);
  });

  it('measures supports in the best orientation: a cup upright needs none inside', async () => {
    const report = await analyseCadFile(binaryStl(cup(20, 30, 2, 2, 64)));
    const m = report.metrics?.manufacturing;
    expect(m).toBeDefined();
    expect(m!.supportVolumeMm3).toBeGreaterThanOrEqual(0);
    expect(m!.buildHeightMm).toBeGreaterThan(0);
    expect(m!.minWallMm).toBeCloseTo(2, 1);
    expect(report.findings.some((f) => f.code === 'thin-wall')).toBe(false);
  });

  it('a table (a slab on four legs) needs supports under its top, priced from the analysis', async () => {
    const top = translated(box(40, 40, 4), [0, 0, 20]);
    const legs = [[0, 0], [36, 0], [0, 36], [36, 36]].map(([x, y]) => translated(box(4, 4, 20), [x!, y!, 0]));
    const report = await analyseCadFile(binaryStl(concat(top, ...legs)), { manufacturing: {} });
    // Best orientation: upside down, the top on the plate and no support at all.
    expect(report.metrics?.manufacturing?.supportVolumeMm3).toBeLessThan(1);
  });

  it('repairs a cube with half its facets reversed: volume 1000 mm³ and an info finding', async () => {
    const report = await analyseCadFile(binaryStl(withReversedFacets(box(10, 10, 10), [0, 2, 4, 6, 8, 10])));
    expect(report.metrics?.volumeMm3).toBeCloseTo(1000, 3);
    expect(report.findings.find((f) => f.code === 'orientation-repaired')?.severity).toBe('info');
    expect(report.orderable).toBe(true);
  });

  it('does not measure an open mesh', async () => {
    const open = box(10, 10, 10).subarray(0, 10 * 9); // a face missing: too large a hole to fill
    const report = await analyseCadFile(binaryStl(new Float32Array(open)));
    expect(report.metrics?.manufacturing).toBeUndefined();
  });

  it('keeps the measures in millimetres when the units are changed', async () => {
    const report = await analyseCadFile(binaryStl(cup(20, 30, 0.6, 2, 64)));
    const inches = withUnit(report.metrics!, 'inch');
    expect(inches.manufacturing?.minWallMm).toBeCloseTo(0.6 * 25.4, 1);
    expect(inches.manufacturing!.supportVolumeMm3).toBeCloseTo(report.metrics!.manufacturing!.supportVolumeMm3 * 25.4 ** 3, -1);
  });

  it('shows supports to printing only and holes to machining only', () => {
    const findings = [{ code: 'overhang-supports' as const }, { code: 'deep-hole' as const }, { code: 'thin-wall' as const }];
    expect(findingsForProcess(findings, '3d-printing').map((f) => f.code)).toEqual(['overhang-supports', 'thin-wall']);
    expect(findingsForProcess(findings, 'cnc').map((f) => f.code)).toEqual(['deep-hole', 'thin-wall']);
    expect(findingsForProcess(findings, 'vacuum-casting').map((f) => f.code)).toEqual(['thin-wall']);
  });
});

describe('walls after the price (ADR 145; holes and machining before it since ADR 177)', () => {
  const solids = [
    ['a thin-walled cup', () => cup(20, 30, 0.6, 2, 64)],
    ['a nut (a hole through it)', () => nut(8, 3, 6)],
  ] as const;

  it.each(solids)('%s: the first report has the supports, holes and machining and no walls; completed, it is the whole analysis', async (_name, solid) => {
    const bytes = binaryStl(solid());
    const whole = await analyseCadFile(bytes);
    const first = await analyseCadFile(bytes, { deferWallsAndHolesAbove: 0 });
    const m = first.metrics!.manufacturing!;
    expect(m).toMatchObject({ minWallMm: null, wallCoverage: 0 });
    // What the price needs is there, and exactly the whole analysis's.
    const w = whole.metrics!.manufacturing!;
    expect([m.supportVolumeMm3, m.buildHeightMm, m.overhangAreaMm2, m.buildDirection, m.holeCount, m.tappableHoles, m.machining]).toEqual([
      w.supportVolumeMm3,
      w.buildHeightMm,
      w.overhangAreaMm2,
      w.buildDirection,
      w.holeCount,
      w.tappableHoles,
      w.machining,
    ]);
    expect(first.findings.filter((f) => ['thin-wall', 'machining-thin-wall'].includes(f.code))).toEqual([]);
    expect(first.findings.filter((f) => ['small-hole', 'deep-hole', 'pocket', 'undercut'].includes(f.code))).toEqual(whole.findings.filter((f) => ['small-hole', 'deep-hole', 'pocket', 'undercut'].includes(f.code)));
    expect(first.orderable).toBe(whole.orderable);
    const completed = first.completeChecks!();
    expect(completed).toEqual({ metrics: whole.metrics, findings: whole.findings, orderable: whole.orderable });
    // Measured once: a second call answers the same record.
    expect(first.completeChecks!().metrics).toEqual(completed.metrics);
  });

  it('for a price of another service, holes and machining wait with the walls: the first answer is what printing needs (ADR 177)', async () => {
    const bytes = binaryStl(nut(8, 3, 6));
    const whole = await analyseCadFile(bytes);
    const printing = await analyseCadFile(bytes, { deferWallsAndHolesAbove: 0, manufacturing: { priceFor: '3d-printing' } });
    const m = printing.metrics!.manufacturing!;
    expect(m).toMatchObject({ minWallMm: null, wallCoverage: 0, holeCount: 0, tappableHoles: 0 });
    expect(m.machining).toBeUndefined();
    expect(printing.findings.filter((f) => ['small-hole', 'deep-hole', 'pocket', 'undercut'].includes(f.code))).toEqual([]);
    expect(m.supportVolumeMm3).toBe(whole.metrics!.manufacturing!.supportVolumeMm3);
    expect(printing.completeChecks!()).toEqual({ metrics: whole.metrics, findings: whole.findings, orderable: whole.orderable });
    const cnc = await analyseCadFile(bytes, { deferWallsAndHolesAbove: 0, manufacturing: { priceFor: 'cnc' } });
    expect(cnc.metrics!.manufacturing!.machining).toEqual(whole.metrics!.manufacturing!.machining);
    expect(cnc.metrics!.manufacturing!.holeCount).toBe(whole.metrics!.manufacturing!.holeCount);
  });

  it('the cup’s thin wall is what the completion adds', async () => {
    const cupDone = (await analyseCadFile(binaryStl(cup(20, 30, 0.6, 2, 64)), { deferWallsAndHolesAbove: 0 })).completeChecks!();
    expect(cupDone.findings.map((f) => f.code)).toContain('thin-wall');
    expect(cupDone.metrics.manufacturing?.minWallMm).toBeCloseTo(0.6, 2);
  });

  it('a mesh within the threshold, an open mesh and an unreadable file are answered whole', async () => {
    const small = await analyseCadFile(binaryStl(cup(20, 30, 0.6, 2, 64)), { deferWallsAndHolesAbove: 1_000_000 });
    expect(small.completeChecks).toBeUndefined();
    expect(small.findings.map((f) => f.code)).toContain('thin-wall');
    const open = box(10, 10, 10).slice(0, 9 * 10);
    expect((await analyseCadFile(binaryStl(open), { deferWallsAndHolesAbove: 0 })).completeChecks).toBeUndefined();
    expect((await analyseCadFile(new Uint8Array([1, 2, 3]), { deferWallsAndHolesAbove: 0 })).completeChecks).toBeUndefined();
  });
});
