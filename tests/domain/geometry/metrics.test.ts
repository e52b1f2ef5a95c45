import { describe, expect, it } from 'vitest';
import { CompensatedSum } from '#domain/geometry/compensated-sum';
import { analyseMesh, withUnit } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { importStl } from '#domain/geometry/stl';
import { stlModel } from '../support/fixtures';
import { concat, flipped, regularPrism, regularPrismVolume, subdividedCube, torus, translated, uvSphere } from '../support/solids';

const analyse = (soup: Float32Array, declared: 'mm' | null = 'mm') => analyseMesh(createMesh(soup), { declaredUnit: declared });

describe('volume and area against analytic solids', () => {
  it('is exact for a cube of 786 432 triangles far from the origin', () => {
    // Dyadic sizes: every corner is exact in float32, the exact volume is 64³ and area 6 × 64².
    const cube = translated(subdividedCube(64, 256), [65536, -32768, 98304]);
    const { metrics } = analyse(cube);
    expect(metrics.triangleCount).toBe(786_432);
    expect(metrics.volumeMm3).toBe(64 ** 3);
    expect(metrics.areaMm2).toBe(6 * 64 * 64);
    expect(metrics.watertight).toBe(true);
    expect(metrics.size).toEqual([64, 64, 64]);
  });

  it('needs the centring and compensation: naive summation from the origin drifts on the same cube', () => {
    const cube = translated(subdividedCube(64, 256), [65536, -32768, 98304]);
    let naive = 0;
    for (let i = 0; i < cube.length; i += 9) {
      const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from(cube.subarray(i, i + 9));
      naive += (ax! * (by! * cz! - bz! * cy!) - ay! * (bx! * cz! - bz! * cx!) + az! * (bx! * cy! - by! * cx!)) / 6;
    }
    expect(Math.abs(naive - 64 ** 3)).toBeGreaterThan(1e-6);
  });

  it('matches (n/2) r² sin(2π/n) h for a regular prism', () => {
    for (const n of [3, 17, 1000]) {
      const { metrics } = analyse(regularPrism(n, 12.5, 40));
      expect(metrics.volumeMm3 / regularPrismVolume(n, 12.5, 40)).toBeCloseTo(1, 6);
    }
  });

  it('converges to 4/3 π r³ and 4 π r² for a sphere', () => {
    const r = 25;
    const coarse = analyse(uvSphere(r, 32, 16)).metrics;
    const fine = analyse(uvSphere(r, 512, 256)).metrics;
    const volume = (4 / 3) * Math.PI * r ** 3;
    expect(Math.abs(fine.volumeMm3 - volume)).toBeLessThan(Math.abs(coarse.volumeMm3 - volume) / 100);
    expect(fine.volumeMm3 / volume).toBeCloseTo(1, 3);
    expect(fine.volumeMm3).toBeLessThan(volume); // an inscribed polyhedron
    expect(fine.areaMm2 / (4 * Math.PI * r * r)).toBeCloseTo(1, 3);
  });

  it('matches 2π² R r² for a torus, less the inscribed-polygon loss', () => {
    // Each n-gon of a circle keeps sin(2π/n)/(2π/n) ≈ 1 − (2π/n)²/6 of its area, so the
    // polyhedral torus keeps about the product of the two factors, to O(n⁻⁴).
    const [u, v] = [800, 400];
    const keep = (n: number) => 1 - (2 * Math.PI / n) ** 2 / 6;
    const { metrics } = analyse(torus(60, 20, u, v));
    expect(metrics.volumeMm3 / (2 * Math.PI ** 2 * 60 * 400)).toBeCloseTo(keep(u) * keep(v), 6);
    expect(metrics.shellCount).toBe(1);
    expect(metrics.watertight).toBe(true);
  });
});

describe('shells, cavities and orientation', () => {
  it('counts separate bodies and locates all but the largest', () => {
    const big = subdividedCube(16, 4);
    const small = translated(subdividedCube(4, 1), [40, 0, 0]);
    const analysis = analyse(concat(big, small));
    expect(analysis.metrics.bodyCount).toBe(2);
    expect(analysis.metrics.volumeMm3).toBe(16 ** 3 + 4 ** 3);
    const finding = analysis.findings.find((f) => f.code === 'multiple-shells');
    expect(finding?.severity).toBe('warning');
    expect(finding?.triangles).toEqual(Array.from({ length: 12 }, (_, i) => big.length / 9 + i));
  });

  it('treats an inward-facing shell inside a body as a cavity, not a second part', () => {
    const outer = subdividedCube(16, 2);
    const hole = flipped(translated(subdividedCube(4, 1), [6, 6, 6]));
    const analysis = analyse(concat(outer, hole));
    expect(analysis.metrics.shellCount).toBe(2);
    expect(analysis.metrics.bodyCount).toBe(1);
    expect(analysis.metrics.cavityCount).toBe(1);
    expect(analysis.metrics.volumeMm3).toBe(16 ** 3 - 4 ** 3);
    expect(analysis.findings.map((f) => f.code)).not.toContain('multiple-shells');
  });

  it('turns an inside-out model outwards, and says how many facets it flipped', () => {
    const inside = flipped(subdividedCube(10, 2));
    const analysis = analyse(inside);
    expect(analysis.metrics.orientation).toBe('outward');
    expect(analysis.metrics.volumeMm3).toBe(1000);
    expect(analysis.flippedTriangleCount).toBe(48);
    const finding = analysis.findings.find((f) => f.code === 'orientation-repaired');
    expect(finding).toMatchObject({ severity: 'info', count: 48 });
    expect(analysis.findings.map((f) => f.code)).not.toContain('inverted-normals');
    expect(analysis.mesh.positions).toEqual(subdividedCube(10, 2));
  });

  it('turns a single flipped triangle back, and locates it', () => {
    const cube = subdividedCube(10, 2);
    const one = flipped(cube.slice(9 * 5, 9 * 6));
    cube.set(one, 9 * 5);
    const analysis = analyse(cube);
    expect(analysis.metrics.misorientedEdgeCount).toBe(0);
    expect(analysis.metrics.volumeMm3).toBe(1000);
    expect(analysis.findings.find((f) => f.code === 'inconsistent-orientation')).toBeUndefined();
    expect(analysis.findings.find((f) => f.code === 'orientation-repaired')?.triangles).toEqual([5]);
  });

  it('finds open edges around a removed square (too large to fill), and only there', () => {
    const cube = subdividedCube(10, 2);
    const holed = concat(cube.subarray(0, 9 * 6), cube.subarray(9 * 8));
    const analysis = analyse(holed);
    const open = analysis.findings.find((f) => f.code === 'open-edges');
    expect(analysis.metrics.openEdgeCount).toBe(4);
    expect(analysis.metrics.watertight).toBe(false);
    expect(open?.count).toBeGreaterThanOrEqual(2);
    expect(open?.count).toBeLessThanOrEqual(4);
    expect(open?.message).toMatch(/around 1 opening \(the largest 7\.1 mm across\)/);
  });

  it('tells apart two cubes that share an edge (ADR 285); finds non-manifold edges where a fin stands on one', () => {
    const a = subdividedCube(8, 1);
    const b = translated(subdividedCube(8, 1), [8, 8, 0]);
    const touching = analyse(concat(a, b));
    expect(touching.metrics.nonManifoldEdgeCount).toBe(0);
    expect(touching.metrics.bodyCount).toBe(2);
    expect(touching.findings.map((f) => f.code)).toContain('solids-separated');
    // A double-sided flap on the cube's edge (8, 0, 0)–(8, 8, 0) encloses nothing.
    const fin = new Float32Array([8, 0, 0, 8, 8, 0, 16, 4, 0, 8, 8, 0, 8, 0, 0, 16, 4, 0]);
    const finned = analyse(concat(a, fin));
    expect(finned.metrics.nonManifoldEdgeCount).toBeGreaterThan(0);
    expect(finned.findings.map((f) => f.code)).toContain('non-manifold-edges');
  });

  it('welds per body, so touching bodies of an assembly stay separate and manifold', () => {
    const a = subdividedCube(8, 1);
    const b = translated(subdividedCube(8, 1), [8, 8, 0]);
    const mesh = createMesh(concat(a, b), [
      { name: 'a', firstTriangle: 0, triangleCount: 12 },
      { name: 'b', firstTriangle: 12, triangleCount: 12 },
    ]);
    const { metrics } = analyseMesh(mesh, { declaredUnit: 'mm' });
    expect(metrics.nonManifoldEdgeCount).toBe(0);
    expect(metrics.bodyCount).toBe(2);
  });

  it('counts zero-area triangles', () => {
    const cube = subdividedCube(10, 1);
    const sliver = new Float32Array([0, 0, 0, 5, 0, 0, 10, 0, 0]);
    const analysis = analyse(concat(cube, sliver));
    expect(analysis.metrics.degenerateTriangleCount).toBe(1);
    expect(analysis.findings.find((f) => f.code === 'degenerate-triangles')?.triangles).toEqual([12]);
  });
});

describe('units and fit', () => {
  it('guesses millimetres for a 40 mm part and inches for a 1.5-unit part', () => {
    const mm = analyse(subdividedCube(40, 1), null).metrics.units;
    const inch = analyse(subdividedCube(1.5, 1), null).metrics.units;
    expect([mm.unit, mm.source]).toEqual(['mm', 'guess']);
    expect(mm.confidence).toBeGreaterThan(0.9);
    expect(inch.unit).toBe('inch');
    expect(inch.confidence).toBeGreaterThan(0.5);
  });

  it('asks to confirm when unsure, and not when the file declared its units', () => {
    const unsure = analyse(subdividedCube(6, 1), null);
    expect(unsure.findings.map((f) => f.code)).toContain('units-uncertain');
    expect(analyse(subdividedCube(6, 1), 'mm').findings.map((f) => f.code)).not.toContain('units-uncertain');
  });

  it('rescales every length when the user picks the other unit', () => {
    const guessed = analyse(subdividedCube(2, 1), null).metrics;
    expect(guessed.units.unit).toBe('inch');
    expect(guessed.volumeMm3).toBeCloseTo(8 * 25.4 ** 3, 6);
    const mm = withUnit(guessed, 'mm');
    expect([mm.units.unit, mm.units.source, mm.units.confidence]).toEqual(['mm', 'user', 1]);
    expect(mm.volumeMm3).toBeCloseTo(8, 9);
    expect(mm.areaMm2).toBeCloseTo(24, 9);
    expect(mm.size).toEqual([2, 2, 2]);
    expect(withUnit(mm, 'inch').volumeMm3).toBeCloseTo(guessed.volumeMm3, 6);
  });

  it('checks the build volume in every axis-aligned orientation', () => {
    // 700 × 100 × 100 mm fits CNC (800 × 500 × 400) only; printing and casting are smaller.
    const bar = new Float32Array(subdividedCube(1, 1).map((v, i) => v * (i % 3 === 0 ? 700 : 100)));
    const { metrics, findings } = analyse(bar);
    expect(metrics.fits).toEqual({ '3d-printing': false, cnc: true, 'vacuum-casting': true });
    expect(findings.map((f) => f.code)).not.toContain('too-large');
    const huge = analyse(subdividedCube(1024, 1));
    expect(huge.findings.find((f) => f.code === 'too-large')?.severity).toBe('error');
  });

  it('flags a part thinner than any process can make', () => {
    const foil = new Float32Array(subdividedCube(1, 1).map((v, i) => v * (i % 3 === 2 ? 0.2 : 40)));
    expect(analyse(foil).findings.map((f) => f.code)).toEqual(['too-small']);
    const sheet = new Float32Array(subdividedCube(1, 1).map((v, i) => v * (i % 3 === 2 ? 2 : 40)));
    expect(analyse(sheet).findings).toEqual([]);
  });
});

describe('real meshes', () => {
  it('gives the same metrics for the bunny in ASCII and binary, and finds its holes', () => {
    const ascii = analyseMesh(importStl(stlModel('objects/bunny.ascii.stl')).mesh!);
    const binary = analyseMesh(importStl(stlModel('objects/bunny.bin.stl')).mesh!);
    expect(ascii.metrics).toEqual(binary.metrics);
    expect(binary.metrics.triangleCount).toBe(69_451);
    expect(binary.metrics.openEdgeCount).toBeGreaterThan(0);
    expect(binary.findings.find((f) => f.code === 'open-edges')?.triangles.length).toBeGreaterThan(0);
  });

  it('finds the gearwheel watertight, one body, mm', () => {
    const { metrics, findings } = analyseMesh(importStl(stlModel('objects/gearwheel.bin.stl')).mesh!);
    expect(metrics.watertight).toBe(true);
    expect(metrics.bodyCount).toBe(1);
    expect(metrics.units.unit).toBe('mm');
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(metrics.volumeMm3).toBeGreaterThan(0);
    expect(metrics.volumeMm3).toBeLessThan(metrics.size[0] * metrics.size[1] * metrics.size[2]);
  });
});

describe('compensated summation', () => {
  it('keeps what plain summation loses', () => {
    const sum = new CompensatedSum();
    let plain = 0;
    const terms = [1e16, 1, -1e16, 1, 1e-3];
    for (const t of terms) {
      sum.add(t);
      plain += t;
    }
    expect(sum.value).toBe(2.001);
    expect(plain).not.toBe(2.001);
  });
});
