import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh, type Mesh } from '#domain/geometry/mesh';
import {
  analyseOverhangs,
  findBestOrientation,
  orientationFinding,
  overhangFinding,
  rotationToUp,
  type RotationMatrix,
} from '#domain/geometry/overhangs';
import { MeshRayCaster } from '#domain/geometry/ray-caster';
import { cup, rotationMatrix, shelf, subdividedCube, transformed, tShape, upsideDown, uvSphere, type Matrix3 } from '../support/solids';

/** Analysed first, as in use: supports are measured on the repaired, outward mesh. */
const prepared = (soup: Float32Array): Mesh => analyseMesh(createMesh(soup), { declaredUnit: 'mm' }).mesh;

/** The area of the regular n-gon of circumradius r. */
const polygonArea = (n: number, r: number) => (n / 2) * r * r * Math.sin((2 * Math.PI) / n);

describe('overhangs and support volume', () => {
  it('a T on its stem: the bar\'s undersides overhang by a known area, supported from the plate', () => {
    const result = analyseOverhangs(prepared(tShape(10, 20, 40, 10, 40)));
    // Two undersides of 15 × 40 mm, 20 mm above the plate.
    expect(result.overhangAreaMm2).toBeCloseTo(1200, 6);
    expect(result.projectedAreaMm2).toBeCloseTo(1200, 6);
    expect(result.supportVolumeMm3).toBeCloseTo(1200 * 20, 4);
    expect(result.supportOnPartAreaMm2).toBe(0);
    expect(result.buildHeightMm).toBeCloseTo(30, 9);
    expect(result.regions).toHaveLength(2);
    for (const region of result.regions) {
      expect(region.triangles).toHaveLength(2);
      expect(region.areaMm2).toBeCloseTo(600, 6);
      expect(region.supportVolumeMm3).toBeCloseTo(600 * 20, 4);
    }
    expect(result.coverage).toMatchObject({ complete: true, overhangTriangles: 4, measuredTriangles: 4, insideMaterial: 0 });
    expect(result.coverage.measuredAreaFraction).toBe(1);
  });

  it('a T upside down stands on its bar: nothing overhangs', () => {
    const result = analyseOverhangs(prepared(upsideDown(tShape())));
    expect(result.overhangAreaMm2).toBe(0);
    expect(result.supportVolumeMm3).toBe(0);
    expect(result.regions).toEqual([]);
  });

  it('a cube needs no support in any orientation, and stays as placed', () => {
    const mesh = prepared(subdividedCube(10, 3));
    expect(analyseOverhangs(mesh).supportVolumeMm3).toBe(0);
    const best = findBestOrientation(mesh);
    expect(best.candidates.every((c) => c.supportVolumeMm3 === 0)).toBe(true);
    expect(best.best.source).toBe('as-placed');
    expect(best.best.rotation).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(orientationFinding(best)).toBeNull();
    expect(overhangFinding(best.best)).toBeNull();
  });

  it('a sphere: the band below 45° overhangs, with the area and volume of the spherical cap', () => {
    // 96 rings: the 45° and 60° boundaries fall between rings of facets.
    const r = 20;
    const result = analyseOverhangs(prepared(uvSphere(r, 128, 96)));
    const s = Math.SQRT1_2;
    // The cap below z = −r sin 45°: area 2πr²(1 − s); the volume between it and the plate.
    const capArea = 2 * Math.PI * r * r * (1 - s);
    const rho2 = r * r * (1 - s * s);
    const capVolume = Math.PI * r * rho2 - ((2 * Math.PI) / 3) * r ** 3 * (1 - s ** 3);
    expect(Math.abs(result.overhangAreaMm2 / capArea - 1)).toBeLessThan(0.005);
    expect(Math.abs(result.supportVolumeMm3 / capVolume - 1)).toBeLessThan(0.005);
    expect(result.regions).toHaveLength(1);
    // A steeper process angle (60° from vertical) leaves a smaller cap.
    const steep = analyseOverhangs(prepared(uvSphere(r, 128, 96)), { selfSupportingAngleDeg: 60 });
    const capArea60 = 2 * Math.PI * r * r * (1 - Math.sin(Math.PI / 3));
    expect(Math.abs(steep.overhangAreaMm2 / capArea60 - 1)).toBeLessThan(0.005);
  });

  it('an upside-down cup needs its inside filled, and the best orientation turns it the right way up', () => {
    const segments = 64;
    const mesh = prepared(upsideDown(cup(20, 30, 2, 2, segments)));
    const asPlaced = analyseOverhangs(mesh);
    // The inside of the cup's bottom (radius 18) is now a ceiling 28 mm above the rim.
    const inner = polygonArea(segments, 18);
    // (float32 corners: the n-gon's area to 1e-7 of itself)
    expect(asPlaced.overhangAreaMm2).toBeCloseTo(inner, 3);
    expect(asPlaced.supportVolumeMm3).toBeCloseTo(inner * 28, 2);
    const best = findBestOrientation(mesh);
    expect(best.asPlaced.supportVolumeMm3).toBeCloseTo(inner * 28, 2);
    expect(best.best.supportVolumeMm3).toBe(0);
    expect(best.best.buildDirection).toEqual([0, 0, -1]);
    expect(best.best.rotation).toEqual([1, 0, 0, 0, -1, 0, 0, 0, -1]);
    // Lying on its side it would need support too.
    const sideways = best.candidates.filter((c) => c.buildDirection[2] === 0);
    expect(sideways.every((c) => c.supportVolumeMm3 > 0)).toBe(true);
    const finding = orientationFinding(best);
    expect(finding).toMatchObject({ code: 'print-orientation', severity: 'info' });
    expect(finding?.message).toContain('(0, 0, -1)');
    expect(finding?.triangles.length).toBe(asPlaced.regions[0]?.triangles.length);
  });

  it('puts the right flat face down on a tilted part: a T turned at random stands on its bar', () => {
    const turn = rotationMatrix([1, 2, 3], 0.8);
    const mesh = prepared(transformed(tShape(), turn, [3, -2, 7]));
    const result = findBestOrientation(mesh);
    expect(result.asPlaced.supportVolumeMm3).toBeGreaterThan(0);
    expect(result.best.source).toBe('flat-face');
    expect(result.best.supportVolumeMm3).toBe(0);
    // Upside down (the bar's top on the plate) is 30 mm high; on its side it would be 40.
    expect(result.best.buildHeightMm).toBeCloseTo(30, 4);
    // "Up" is the T's own −z, turned with the part.
    const up = [-turn[2], -turn[5], -turn[8]];
    result.best.buildDirection.forEach((v, i) => expect(v).toBeCloseTo(up[i]!, 4));
    // Turned by the reported rotation, the part needs no support as placed.
    const turned = analyseOverhangs(createMesh(transformed(mesh.positions, result.best.rotation as unknown as Matrix3)));
    expect(turned.supportVolumeMm3).toBe(0);
    expect(turned.buildHeightMm).toBeCloseTo(30, 4);
  });

  it('measures supports that stand on the part: a shelf over a base', () => {
    const result = analyseOverhangs(prepared(shelf(40)));
    // The shelf's underside beyond the column: 30 × 40 mm², 20 mm above the base's top.
    expect(result.overhangAreaMm2).toBeCloseTo(1200, 6);
    expect(result.supportVolumeMm3).toBeCloseTo(1200 * 20, 4);
    expect(result.supportOnPartAreaMm2).toBeCloseTo(1200, 6);
    expect(result.coverage.insideMaterial).toBe(0);
    // A cup standing upright has its bottom on the plate and its inside open: no support.
    expect(analyseOverhangs(prepared(cup(20, 30, 2, 2, 64))).supportVolumeMm3).toBe(0);
  });

  it('gives the same figures for a direction as for the mesh turned by the reported rotation', () => {
    const mesh = prepared(tShape());
    fc.assert(
      fc.property(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), ([x, y, z]) => {
        fc.pre(Math.hypot(x, y, z) > 0.1);
        const direct = analyseOverhangs(mesh, { buildDirection: [x, y, z] });
        const turned = analyseOverhangs(createMesh(transformed(mesh.positions, direct.rotation as unknown as Matrix3)));
        expect(turned.overhangAreaMm2).toBeCloseTo(direct.overhangAreaMm2, 2);
        expect(turned.supportVolumeMm3).toBeCloseTo(direct.supportVolumeMm3, 0);
        expect(Math.abs(turned.supportVolumeMm3 - direct.supportVolumeMm3)).toBeLessThanOrEqual(1e-4 * Math.max(1, direct.supportVolumeMm3));
        expect(turned.buildHeightMm).toBeCloseTo(direct.buildHeightMm, 3);
      }),
      { numRuns: 25, seed: 20 },
    );
  });

  it('turns any direction onto +Z with a proper rotation', () => {
    const apply = (m: RotationMatrix, v: readonly number[]) => [0, 1, 2].map((r) => m[r * 3]! * v[0]! + m[r * 3 + 1]! * v[1]! + m[r * 3 + 2]! * v[2]!);
    fc.assert(
      fc.property(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), ([x, y, z]) => {
        const length = Math.hypot(x, y, z);
        fc.pre(length > 1e-3);
        const d = [x / length, y / length, z / length] as const;
        const m = rotationToUp(d);
        const up = apply(m, d);
        expect(up[0]).toBeCloseTo(0, 9);
        expect(up[1]).toBeCloseTo(0, 9);
        expect(up[2]).toBeCloseTo(1, 9);
        const det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
        expect(det).toBeCloseTo(1, 9);
      }),
      { seed: 20 },
    );
    // Axis directions get exact matrices.
    expect(rotationToUp([1, 0, 0])).toEqual([0, 0, -1, 0, 1, 0, 1, 0, 0]);
  });

  it('samples large overhangs by area, states the coverage, and stays close to the full measure', () => {
    const mesh = prepared(uvSphere(20, 256, 128));
    const full = analyseOverhangs(mesh, { maxRays: 30_000 });
    const sampled = analyseOverhangs(mesh, { maxRays: 2_000 });
    expect(full.coverage.complete).toBe(true);
    expect(sampled.coverage.complete).toBe(false);
    expect(sampled.coverage.rays).toBeLessThanOrEqual(2_000);
    expect(sampled.coverage.measuredTriangles).toBeLessThan(sampled.coverage.overhangTriangles);
    expect(sampled.coverage.measuredAreaFraction).toBeGreaterThan(0);
    expect(sampled.coverage.measuredAreaFraction).toBeLessThan(1);
    // The area is exact (every facet is classified); the volume is an estimate.
    expect(sampled.overhangAreaMm2).toBe(full.overhangAreaMm2);
    expect(Math.abs(sampled.supportVolumeMm3 / full.supportVolumeMm3 - 1)).toBeLessThan(0.01);
    const finding = overhangFinding(sampled);
    expect(finding?.message).toMatch(/estimated from \d+ % of the overhang/);
  });

  it('spends spare rays on large facets: a coarse T over a step is measured exactly', () => {
    // One big sloped facet over flat ground: the centroid alone is exact, and so are more samples.
    const t = analyseOverhangs(prepared(tShape()), { maxRays: 400 });
    expect(t.coverage.rays).toBeGreaterThan(4);
    expect(t.supportVolumeMm3).toBeCloseTo(24000, 4);
  });

  it('reads lengths in the mesh unit (inches) and reports mm, mm² and mm³', () => {
    const inches = analyseOverhangs(createMesh(tShape(1, 2, 4, 1, 4)), { mmPerUnit: 25.4 });
    expect(inches.overhangAreaMm2).toBeCloseTo(3 * 4 * 25.4 ** 2, 6);
    expect(inches.supportVolumeMm3).toBeCloseTo(3 * 4 * 2 * 25.4 ** 3, 2);
    expect(inches.buildHeightMm).toBeCloseTo(3 * 25.4, 9);
  });

  it('uses the weld of the analysis when given, with the same regions', () => {
    const analysis = analyseMesh(createMesh(tShape()), { declaredUnit: 'mm' });
    const own = analyseOverhangs(analysis.mesh);
    const shared = analyseOverhangs(analysis.mesh, { weld: analysis.structure });
    expect(shared.regions.map((r) => [...r.triangles])).toEqual(own.regions.map((r) => [...r.triangles]));
  });

  it('shares a ray caster built once, and makes a located finding with area, volume and a fix hint', () => {
    const mesh = prepared(tShape());
    const caster = new MeshRayCaster(mesh.positions);
    const result = analyseOverhangs(mesh, { caster });
    expect(result.supportVolumeMm3).toBeCloseTo(24000, 4);
    const finding = overhangFinding(result);
    expect(finding).toMatchObject({ code: 'overhang-supports', severity: 'info', count: 4 });
    expect(finding?.message).toBe('12 cm² of the surface faces down more steeply than 45° from vertical and is printed on supports: about 24 cm³ of support material.');
    expect(finding?.fixHint).toMatch(/turn the part/);
    expect([...(finding?.triangles ?? [])].sort((a, b) => a - b)).toEqual(result.regions.flatMap((r) => [...r.triangles]).sort((a, b) => a - b));
  });

  it('refuses a zero build direction and an angle outside 0–90°', () => {
    const mesh = prepared(tShape());
    expect(() => analyseOverhangs(mesh, { buildDirection: [0, 0, 0] })).toThrow(RangeError);
    expect(() => analyseOverhangs(mesh, { selfSupportingAngleDeg: 120 })).toThrow(RangeError);
  });
});
