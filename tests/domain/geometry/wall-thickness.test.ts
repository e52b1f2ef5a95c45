import { describe, expect, it } from 'vitest';
import { importCad } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { formatWallMm, isThinnerThan, wallAllowanceMm } from '#domain/geometry/wall-allowance';
import { analyseWallThickness, bodiesOfFacets, thinWallFinding } from '#domain/geometry/wall-thickness';
import { corpusFile } from '../support/fixtures';
import { blockWithRib, concat, cup, extruded, sphereShell, subdividedCube, torus, translated } from '../support/solids';

/** Analysed first, as in use: the walls are measured on the repaired, outward mesh. */
const walls = (soup: Float32Array, minWallMm: number, maxRays?: number) =>
  analyseWallThickness(analyseMesh(createMesh(soup), { declaredUnit: 'mm' }).mesh, { minWallMm, maxRays });

describe('wall thickness', () => {
  it('finds the 0.6 mm side wall of a cup with a 2 mm bottom, as one region (both faces)', () => {
    const segments = 64;
    const soup = cup(20, 30, 0.6, 2, segments);
    const result = walls(soup, 1);
    // Between the flat facets of two n-gons the wall is w · cos(π/n) thick.
    expect(result.minThicknessMm).toBeCloseTo(0.6 * Math.cos(Math.PI / segments), 4);
    expect(result.thinRegions).toHaveLength(1);
    const region = result.thinRegions[0]!;
    // The outer and inner side walls: 2 triangles per segment each.
    expect(region.triangles.length).toBe(4 * segments);
    expect(region.areaMm2).toBeGreaterThan(2 * Math.PI * 19 * 28 * 0.95);
    expect(result.coverage).toMatchObject({ complete: true, measuredTriangles: soup.length / 9, unanswered: 0 });
    // The bottom is 2 mm: thin only for a stricter material.
    expect(walls(soup, 0.5).thinRegions).toEqual([]);
    const bottom = walls(soup, 2.5).thinRegions.flatMap((r) => Array.from(r.triangles));
    expect(bottom.length).toBeGreaterThan(4 * segments);
  });

  it('when the refinement budget runs out, sampled thin facets close together make one region, and far apart two', () => {
    // Two fine cups 200 mm apart, each a 0.6 mm side wall; 600 sampled rays and 200 more.
    const one = cup(20, 30, 0.6, 2, 128, 40);
    const mesh = analyseMesh(createMesh(concat(one, translated(one, [200, 0, 0]))), { declaredUnit: 'mm' }).mesh;
    const result = analyseWallThickness(mesh, { minWallMm: 1, maxRays: 600, maxRefineRays: 200 });
    expect(result.coverage).toMatchObject({ complete: false, regionsMeasuredWhole: false });
    expect(result.thinRegions).toHaveLength(2);
    const centreX = (r: (typeof result.thinRegions)[number]) => {
      const t = r.thinnestTriangle * 9;
      return ((mesh.positions[t] as number) + (mesh.positions[t + 3] as number) + (mesh.positions[t + 6] as number)) / 3;
    };
    expect(result.thinRegions.map(centreX).sort((a, b) => a - b).map((x) => Math.round(x / 100))).toEqual([0, 2]);
    for (const r of result.thinRegions) expect(r.minThicknessMm).toBeCloseTo(0.6, 1);
  });

  it('finds the thin rib of a block, and nothing when the rib is thick enough', () => {
    const result = walls(blockWithRib(0.8), 1);
    expect(result.minThicknessMm).toBeCloseTo(0.8, 5);
    expect(result.thinRegions).toHaveLength(1);
    expect(result.thinRegions[0]?.areaMm2).toBeCloseTo(2 * 10 * 40, 3);
    expect(walls(blockWithRib(3), 1).thinRegions).toEqual([]);
    expect(walls(blockWithRib(3), 1).minThicknessMm).toBeCloseTo(3, 5);
  });

  it('measures a hollow ball\'s shell, outer and inner surface in one region', () => {
    const result = walls(sphereShell(20, 18.5), 2);
    expect(result.minThicknessMm).toBeGreaterThan(1.5 * 0.97);
    expect(result.minThicknessMm).toBeLessThan(1.5 * 1.01);
    expect(result.thinRegions).toHaveLength(1);
    expect(result.thinRegions[0]?.triangles.length).toBe(sphereShell(20, 18.5).length / 9);
  });

  it('gives a solid cube its side as thickness, and no thin region', () => {
    const result = walls(subdividedCube(10, 3), 1);
    expect(result.minThicknessMm).toBeCloseTo(10, 5);
    expect(result.thinRegions).toEqual([]);
  });

  it('samples large meshes by area, states the coverage, and still measures a thin region whole', () => {
    // A fine torus (thick) beside a thin-walled cup: the sample alone covers a fraction of the facets.
    const soup = concat(torus(60, 20, 300, 150), translated(cup(20, 30, 0.6, 2, 64), [200, 0, 0]));
    const full = walls(soup, 1);
    const sampled = walls(soup, 1, 5000);
    expect(sampled.coverage.complete).toBe(false);
    expect(sampled.coverage.measuredTriangles).toBeLessThan(full.coverage.measuredTriangles);
    expect(sampled.coverage.measuredAreaFraction).toBeGreaterThan(0);
    expect(sampled.coverage.measuredAreaFraction).toBeLessThan(1);
    expect(sampled.thinRegions).toHaveLength(1);
    expect(Array.from(sampled.thinRegions[0]!.triangles)).toEqual(Array.from(full.thinRegions[0]!.triangles));
    expect(sampled.minThicknessMm).toBe(full.minThicknessMm);
  });

  it('reads lengths in the mesh unit (inches) and reports mm', () => {
    const inches = analyseWallThickness(createMesh(blockWithRib(0.8)), { minWallMm: 25, mmPerUnit: 25.4 });
    expect(inches.minThicknessMm).toBeCloseTo(0.8 * 25.4, 4);
    expect(inches.thinRegions).toHaveLength(1);
  });

  it('makes a located finding with the minimum and a fix hint', () => {
    const result = walls(cup(20, 30, 0.6, 2), 1);
    const finding = thinWallFinding(result, 1, 'error');
    expect(finding).toMatchObject({ code: 'thin-wall', severity: 'error' });
    expect(finding?.message).toBe('Walls are as thin as 0.6 mm in one region; this material needs at least 1 mm.');
    expect(finding?.fixHint).toMatch(/at least 1 mm/);
    expect(finding?.triangles.length).toBeGreaterThan(0);
    expect(thinWallFinding(walls(cup(20, 30, 2, 2), 1), 1)).toBeNull();
  });
});

describe('an edge is no wall (ADR 280)', () => {
  /** Fan triangles of a convex outline, from its first corner. */
  const fan = (n: number) => Array.from({ length: n - 2 }, (_, i): [number, number, number] => [0, i + 1, i + 2]);

  it('a bar of 60° edges, its side cut in a sliver 0.001 mm from an edge, reads no thin wall', () => {
    // An equilateral bar, 10 mm sides, 20 long; its first side has a corner 0.001 mm from the edge
    // it starts at, so a strip of facets runs along that edge with its centroids a hair from it.
    const h = 5 * Math.sqrt(3);
    const soup = extruded([[0, 0], [0.001, 0], [10, 0], [5, h]], fan(4), 20);
    const result = walls(soup, 1);
    // Before: the strip's rays met the next side at once, a "wall" of 0.0005 · tan 60° mm.
    expect(result.thinRegions).toEqual([]);
    expect(result.minThicknessMm).toBeGreaterThan(1);
  });

  /** A bar whose section is a right triangle with an angle of `degrees` at the origin, its long side cut every 1 mm. */
  const knife = (degrees: number) => {
    const length = 20;
    const outline: [number, number][] = Array.from({ length: length + 1 }, (_, i) => [i, 0]);
    outline.push([length, length * Math.tan((degrees * Math.PI) / 180)]);
    return analyseMesh(createMesh(extruded(outline, fan(outline.length), 10)), { declaredUnit: 'mm' }).mesh;
  };

  it('a knife of 10° or 35° is thin from its edge as far as it is thinner than the minimum; one of 45° is an edge', () => {
    for (const degrees of [10, 35]) {
      const mesh = knife(degrees);
      const result = analyseWallThickness(mesh, { minWallMm: 1 });
      expect(result.thinRegions).toHaveLength(1);
      // The long side's facets under 1 mm of material (x < 1 / tan) are in the region, the first at its edge.
      const p = mesh.positions;
      const xs = Array.from(result.thinRegions[0]!.triangles, (t) => ((p[t * 9] as number) + (p[t * 9 + 3] as number) + (p[t * 9 + 6] as number)) / 3);
      expect(Math.min(...xs)).toBeLessThan(1);
      expect(result.minThicknessMm).toBeLessThan(0.7 * Math.tan((degrees * Math.PI) / 180));
    }
    // The thinner-than-1-mm strip of a 45° edge is 1 mm wide: its facets, 1 mm apart, read the edge.
    expect(analyseWallThickness(knife(45), { minWallMm: 1 }).thinRegions).toEqual([]);
  });

  it('the 3MF Consortium’s cube of gears reads its 1 mm walls, not its teeth’s edges', async () => {
    // Before: 0.00023 mm in 154 regions, every one a sliver along a tooth's edge.
    const { structure, mesh } = analyseMesh((await importCad(corpusFile('3mf/3mfc-cube_gears.3mf'))).mesh!, { declaredUnit: 'mm' });
    const result = analyseWallThickness(mesh, { minWallMm: 1, bodyOfFacet: bodiesOfFacets(structure) });
    expect(result.minThicknessMm).toBeGreaterThan(0.998);
    expect(result.thinRegions).toHaveLength(5);
  });
});

describe('the walls of an assembly’s bodies (ADR 279)', () => {
  const measured = (soup: Float32Array) => {
    const analysis = analyseMesh(createMesh(soup), { declaredUnit: 'mm' });
    return analyseWallThickness(analysis.mesh, { minWallMm: 1, bodyOfFacet: bodiesOfFacets(analysis.structure) });
  };

  it('two parts that touch or overlap are no wall of either: each is measured through the other', () => {
    // Two 10 mm cubes, the second 0.001 mm into the first (an assembly's mates, as CAD writes them).
    const overlapping = concat(subdividedCube(10, 2), translated(subdividedCube(10, 2), [9.999, 0, 0]));
    expect(walls(overlapping, 1).minThicknessMm).toBeLessThan(0.01);
    const result = measured(overlapping);
    expect(result.minThicknessMm).toBeCloseTo(10, 3);
    expect(result.thinRegions).toEqual([]);
    // Face to face.
    expect(measured(concat(subdividedCube(10, 2), translated(subdividedCube(10, 2), [10, 0, 0]))).minThicknessMm).toBeCloseTo(10, 3);
  });

  it('a hollow’s surface is its body’s: the wall between them is measured', () => {
    const analysis = analyseMesh(createMesh(sphereShell(20, 18.5)), { declaredUnit: 'mm' });
    expect(bodiesOfFacets(analysis.structure)).toBeUndefined();
    const hollowAndBlock = concat(sphereShell(20, 18.5), translated(subdividedCube(10, 2), [30, 0, 0]));
    const result = measured(hollowAndBlock);
    expect(result.minThicknessMm).toBeGreaterThan(1.5 * 0.97);
    expect(result.minThicknessMm).toBeLessThan(1.5 * 1.01);
  });
});

describe('the walls of a tessellated CAD model (ADR 277)', () => {
  // A cup of 16 flat sides stands for a round one: its facets are chords of circles 20 and 19 mm
  // round, standing up to 20 (1 − cos(π/16)) ≈ 0.38 mm off them, and its 1 mm wall measures 0.98.
  const CHORD = 20 * (1 - Math.cos(Math.PI / 16));
  const tessellated = (wall: number) => ({ ...analyseMesh(createMesh(cup(20, 30, wall, 2, 16)), { declaredUnit: 'mm' }).mesh, chordToleranceMm: CHORD });

  it('a wall modelled at the minimum meets it; one plainly under it, or the same facets from a mesh file, do not', () => {
    const modelled = analyseWallThickness(tessellated(1), { minWallMm: 1 });
    expect(modelled.minThicknessMm).toBeCloseTo(Math.cos(Math.PI / 16), 4);
    expect(modelled.thinRegions).toEqual([]);
    expect(thinWallFinding(modelled, 1)).toBeNull();
    // The allowance is at most 5 % of the minimum, however coarse the tessellation: 0.9 mm is thin.
    expect(analyseWallThickness(tessellated(0.9), { minWallMm: 1 }).thinRegions).toHaveLength(1);
    // A mesh file's facets are the part: the same 0.98 mm is under 1 mm.
    expect(walls(cup(20, 30, 1, 2, 16), 1).thinRegions).toHaveLength(1);
  });

  it('the allowance is twice the chord tolerance, at most 5 % of the minimum, none for a mesh file', () => {
    expect(wallAllowanceMm(1, 0.006)).toBeCloseTo(0.012, 12);
    expect(wallAllowanceMm(1, 0.2)).toBeCloseTo(0.05, 12);
    expect(wallAllowanceMm(1.5)).toBe(0);
    expect(isThinnerThan(0.99, 1, 0.006)).toBe(false);
    expect(isThinnerThan(0.987, 1, 0.006)).toBe(true);
    expect(isThinnerThan(0.999, 1)).toBe(true);
  });

  it('says a wall under the minimum with the digits that show it', () => {
    expect(formatWallMm(0.6, 1)).toBe('0.6');
    expect(formatWallMm(0.9961, 1)).toBe('0.996');
    expect(formatWallMm(0.99961, 1)).toBe('0.9996');
    expect(formatWallMm(1.234, 1)).toBe('1.2');
    expect(formatWallMm(1.47, 1.5)).toBe('1.47');
  });
});

describe('wall thickness in a worker thread', () => {
  it('runs the ray hierarchy off the main thread, as the analysis pool does', async () => {
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(new URL('../support/wall-thickness-worker.mjs', import.meta.url));
    const answer = await new Promise<{ minThicknessMm: number; regions: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer.regions).toBe(1);
    expect(answer.minThicknessMm).toBeCloseTo(0.6 * Math.cos(Math.PI / 64), 4);
  });
});
