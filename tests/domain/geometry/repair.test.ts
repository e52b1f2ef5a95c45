import { describe, expect, it } from 'vitest';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { roundingTolerance, ulp32 } from '#domain/geometry/repair';
import { corpusFile } from '../support/fixtures';
import { asciiStl, binaryStl, subdividedCube, torus, translated, uvSphere } from '../support/solids';

/** The float32 next to x, `steps` units in the last place away. */
function nudge(x: number, steps: number): number {
  const f = new Float32Array([x]);
  const bits = new Int32Array(f.buffer);
  if (x === 0) return steps * 1.4e-45;
  bits[0] = (bits[0] as number) + (x > 0 ? steps : -steps);
  return f[0] as number;
}

/**
 * Every corner written by each facet on its own, as a CAD exporter does: the corners of facets
 * with an odd index moved by `steps` ulps (alternating axes), so that neighbouring facets disagree
 * in the last bits.
 */
function jittered(soup: Float32Array, steps: number): Float32Array {
  const out = soup.slice();
  for (let t = 1; t < out.length / 9; t += 2) {
    for (let k = 0; k < 3; k++) {
      const i = t * 9 + k * 3 + (t % 3);
      out[i] = nudge(out[i] as number, steps);
    }
  }
  return out;
}

describe('joining corners that differ by rounding (ADR 154)', () => {
  it('ties the tolerance to the precision of the part’s largest coordinate', () => {
    expect(ulp32(1)).toBe(2 ** -23);
    expect(ulp32(100)).toBe(2 ** -17);
    expect(roundingTolerance({ min: [-5, 0, 0], max: [100, 3, 4] })).toBe(4 * 2 ** -17);
  });

  it('closes a torus whose facets disagree in the last bits, says how many corners, and measures it as the exact one', () => {
    const exact = torus(40, 10, 120, 60);
    const soup = jittered(exact, 2);
    const reference = analyseMesh(createMesh(exact));
    const analysis = analyseMesh(createMesh(soup));
    expect(analysis.metrics.openEdgeCount).toBe(0);
    expect(analysis.metrics.watertight).toBe(true);
    expect(analysis.metrics.bodyCount).toBe(1);
    expect(analysis.metrics.vertexCount).toBe(reference.metrics.vertexCount);
    expect(analysis.metrics.volumeMm3).toBeCloseTo(reference.metrics.volumeMm3, 3);
    const joined = analysis.findings.find((f) => f.code === 'corners-joined');
    expect(joined?.severity).toBe('info');
    expect(joined?.message).toMatch(/^Joined \d+ corners that differed by less than 0\.0000\d+ mm/);
    expect(joined?.triangles.length).toBeGreaterThan(0);
    expect(analysis.findings.some((f) => f.code === 'open-edges')).toBe(false);
  });

  it('joins coordinates near zero that a text STL wrote as tiny numbers of either sign', () => {
    const cube = subdividedCube(10, 2, [-5, -5, -5]);
    // Re-centre on 0 exactly: the middle coordinates are 0, written as ±1e-15 by some facets.
    const noisy = cube.slice();
    for (let i = 0; i < noisy.length; i++) if (noisy[i] === 0 && (i / 9) % 2 >= 1) noisy[i] = (i % 2 === 0 ? 1 : -1) * 1.2e-15;
    const report = analyseCadFile(asciiStl(noisy));
    return report.then((r) => {
      expect(r.metrics?.watertight).toBe(true);
      expect(r.orderable).toBe(true);
      expect(r.findings.map((f) => f.code)).toContain('corners-joined');
    });
  });

  it('does not take a 0.001 mm step for rounding (it is a crack, closed and said as one)', async () => {
    const cube = subdividedCube(10, 1);
    const moved = cube.slice();
    // Move the top face's four corners up by 0.001 in the facets of the sides only.
    for (let t = 0; t < moved.length / 9; t++) {
      const z = [moved[t * 9 + 2], moved[t * 9 + 5], moved[t * 9 + 8]];
      if (z.every((v) => v === 10)) continue; // the top face itself
      for (let k = 0; k < 3; k++) if (moved[t * 9 + k * 3 + 2] === 10) moved[t * 9 + k * 3 + 2] = 10.001;
    }
    const report = await analyseCadFile(binaryStl(moved));
    expect(report.findings.some((f) => f.code === 'corners-joined')).toBe(false);
    expect(report.findings.find((f) => f.code === 'cracks-closed')?.message).toMatch(/^Closed a crack up to 0\.001 mm wide/);
  });

  it('never joins two bodies of a file welded apart', () => {
    const a = subdividedCube(4, 1);
    const b = translated(subdividedCube(4, 1), [4, 0, 0]);
    const soup = new Float32Array([...a, ...b.subarray(0, b.length - 9)]); // b misses a facet: open
    const mesh = createMesh(soup, [
      { name: 'a', firstTriangle: 0, triangleCount: 12 },
      { name: 'b', firstTriangle: 12, triangleCount: 11 },
    ]);
    const analysis = analyseMesh(mesh);
    expect(analysis.findings.some((f) => f.code === 'corners-joined')).toBe(false);
    expect(analysis.metrics.shellCount).toBe(2);
  });
});

/** The facets whose centroid lies past x = cut, moved by dx along x: a crack dx wide at x = cut. */
function crackedAlongX(soup: Float32Array, cut: number, dx: number): Float32Array {
  const out = soup.slice();
  for (let t = 0; t < out.length / 9; t++) {
    const centroid = ((out[t * 9] as number) + (out[t * 9 + 3] as number) + (out[t * 9 + 6] as number)) / 3;
    if (centroid <= cut) continue;
    for (let k = 0; k < 3; k++) out[t * 9 + k * 3] = (out[t * 9 + k * 3] as number) + dx;
  }
  return out;
}

describe('T-junctions: edges cut at more points on one side than the other (ADR 276)', () => {
  /** A 10 mm cube whose sides are cut 2 × 2 and whose top is two facets: the sides' top edges have a corner midway, the top's none. */
  const tJunctionCube = () => {
    const cube = subdividedCube(10, 2);
    const top = new Float32Array([0, 0, 10, 10, 0, 10, 10, 10, 10, 0, 0, 10, 10, 10, 10, 0, 10, 10]);
    return new Float32Array([...cube.subarray(0, 40 * 9), ...top]);
  };

  it('splits the top facets at the sides’ corners: watertight, the cube’s volume, said as the exporting program’s T-junctions', async () => {
    const report = await analyseCadFile(binaryStl(tJunctionCube()));
    expect(report.metrics?.watertight).toBe(true);
    expect(report.metrics?.volumeMm3).toBeCloseTo(1000, 6);
    expect(report.mesh?.triangleCount).toBe(46); // each top facet in three pieces
    expect(report.orderable).toBe(true);
    const closed = report.findings.find((f) => f.code === 'cracks-closed');
    expect(closed?.message).toBe(
      "Closed the surface along 12 open edges where the facets on either side were cut at different points (the exporting program's T-junctions), by splitting 2 facets there (highlighted); the price is for the repaired part.",
    );
    expect(closed?.triangles.length).toBe(6);
    expect(report.findings.map((f) => f.code)).not.toContain('open-edges');
  });

  it('splits a facet beside a hole: the cube missing one top facet has the other split, and its 14 mm hole stays open', async () => {
    const report = await analyseCadFile(binaryStl(tJunctionCube().subarray(0, 41 * 9)));
    expect(report.findings.find((f) => f.code === 'cracks-closed')?.message).toMatch(/^Closed the surface along 6 open edges .* by splitting 1 facet there/);
    expect(report.findings.find((f) => f.code === 'open-edges')?.message).toMatch(/around 1 opening \(the largest 14 mm across\)/);
    expect(report.orderable).toBe(false);
    // Only where every piece meets an edge across: the Stanford bunny's scan holes have corners near
    // other edges of the same hole, and nothing is split there (metrics.test.ts holds its 69,451 facets).
  });

  it('closes trimesh’s SolidWorks featuretype.3MF (a boss’s outline cut at 10 points on its wall, 4 on its top) to its independent volume', async () => {
    const report = await analyseCadFile(corpusFile('3mf/trimesh-featuretype.3MF'), { manufacturing: false });
    expect(report.metrics?.watertight).toBe(true);
    expect(report.orderable).toBe(true);
    // reference.json: 190,680.36 mm³ by the divergence theorem over the facets as written (18 open edges).
    expect(report.metrics?.volumeMm3).toBeCloseTo(190_680.36, 1);
    expect(report.findings.find((f) => f.code === 'cracks-closed')?.message).toMatch(/^Closed the surface along 18 open edges .* by splitting 5 facets there/);
  });
});

describe('closing cracks and filling small holes, said aloud (ADR 155)', () => {
  it('closes a 0.0001 mm crack through a cube: one body, watertight, orderable, the repair located', async () => {
    const report = await analyseCadFile(binaryStl(crackedAlongX(subdividedCube(16, 4), 8, 0.0001)));
    const codes = report.findings.map((f) => f.code);
    expect(codes).toContain('cracks-closed');
    expect(codes).not.toContain('multiple-shells');
    expect(codes).not.toContain('open-edges');
    expect(report.metrics?.watertight).toBe(true);
    expect(report.metrics?.bodyCount).toBe(1);
    expect(report.metrics?.volumeMm3).toBeCloseTo(16 ** 3, 0);
    expect(report.orderable).toBe(true);
    const crack = report.findings.find((f) => f.code === 'cracks-closed');
    expect(crack?.severity).toBe('warning');
    expect(crack?.message).toMatch(/^Closed a crack up to 0\.0001 mm wide by joining \d+ open edges .*the price is for the repaired part\.$/);
    expect(crack?.triangles.length).toBeGreaterThan(0);
  });

  it('leaves a 0.05 mm crack open, says how far apart its edges are, and calls the cube one body', async () => {
    const report = await analyseCadFile(binaryStl(crackedAlongX(subdividedCube(16, 4), 8, 0.05)));
    const codes = report.findings.map((f) => f.code);
    expect(codes).not.toContain('cracks-closed');
    expect(codes).not.toContain('multiple-shells');
    expect(report.metrics?.bodyCount).toBe(1);
    const open = report.findings.find((f) => f.code === 'open-edges');
    expect(open?.severity).toBe('error');
    expect(open?.message).toMatch(/facing open edges are 0\.05 mm apart, wider than the cracks we close/);
    expect(report.orderable).toBe(false);
  });

  it('still calls two separate open pieces two bodies', async () => {
    const a = subdividedCube(4, 1);
    const b = translated(subdividedCube(4, 1), [40, 0, 0]);
    const report = await analyseCadFile(binaryStl(new Float32Array([...a.subarray(9), ...b.subarray(9)])));
    expect(report.metrics?.bodyCount).toBe(2);
    expect(report.findings.map((f) => f.code)).toContain('multiple-shells');
  });

  it('fills a missing facet (a three-edge hole of any size) and measures the whole cube', async () => {
    const cube = subdividedCube(10, 1);
    const report = await analyseCadFile(binaryStl(cube.subarray(9)));
    const filled = report.findings.find((f) => f.code === 'holes-filled');
    expect(filled?.message).toMatch(/^Filled a flat hole 14 mm across with 1 triangle \(highlighted\); the price is for the repaired part\.$/);
    expect(filled?.triangles).toEqual([11]);
    expect(report.metrics?.watertight).toBe(true);
    expect(report.metrics?.volumeMm3).toBeCloseTo(1000, 6);
    expect(report.mesh?.triangleCount).toBe(12);
    expect(report.findings.some((f) => f.code === 'orientation-repaired')).toBe(false);
  });

  it('fills a small flat hole of many corners (a sphere without its pole fan), not a large one', async () => {
    const sphere = uvSphere(50, 64, 400);
    const small = await analyseCadFile(binaryStl(sphere.subarray(64 * 9)), { manufacturing: false });
    const filled = small.findings.find((f) => f.code === 'holes-filled');
    expect(filled?.message).toMatch(/^Filled a flat hole 0\.79 mm across with 62 triangles/);
    expect(small.metrics?.watertight).toBe(true);
    expect(small.findings.some((f) => f.code === 'orientation-repaired')).toBe(false);
    const coarse = uvSphere(50, 64, 40); // its pole ring is 7.8 mm across: above 1 mm
    const large = await analyseCadFile(binaryStl(coarse.subarray(64 * 9)), { manufacturing: false });
    expect(large.findings.some((f) => f.code === 'holes-filled')).toBe(false);
    expect(large.findings.find((f) => f.code === 'open-edges')?.message).toMatch(/around 1 opening \(the largest 7\.8 mm across\)/);
  });
});
