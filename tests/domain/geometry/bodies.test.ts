import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitParts } from '#domain/geometry/bodies';
import { symmetricEigen3 } from '#domain/geometry/eigen3';
import { importCad } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { OCCT_TEST_FILES, readBytes } from '../support/fixtures';
import { loadOcct } from '../support/occt-node';
import {
  bolt,
  box,
  concat,
  flipped,
  irregularTetrahedron,
  mirrored,
  nut,
  rotationMatrix,
  subdividedCube,
  transformed,
  translated,
  type Vec3,
} from '../support/solids';

const split = (soup: Float32Array) => splitParts(analyseMesh(createMesh(soup), { declaredUnit: 'mm' }));
const summary = (soup: Float32Array) => split(soup).parts.map((p) => p.count);

/** A random proper rotation and a position on a line, far enough apart that bodies never touch. */
const placement = fc.record({
  axis: fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true })),
  angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
  y: fc.double({ min: -20, max: 20, noNaN: true }),
  z: fc.double({ min: -20, max: 20, noNaN: true }),
});
type Placement = { axis: Vec3; angle: number; y: number; z: number };
const place = (solid: Float32Array, p: Placement, slot: number) => transformed(solid, rotationMatrix(p.axis, p.angle), [slot * 60, p.y, p.z]);

describe('bodies and identical parts', () => {
  it('splits plate + 4 bolts + 2 nuts, at any rotation and position, into 3 parts: 1, 4 and 2', () => {
    fc.assert(
      fc.property(fc.array(placement, { minLength: 7, maxLength: 7 }), fc.integer({ min: 0, max: 6 }), (places, shift) => {
        // The plate first, then the bolts and nuts in a rotated order.
        const small = [bolt(), bolt(), bolt(), bolt(), nut(), nut()];
        const order = small.map((_, i) => (i + shift) % small.length);
        const soup = concat(translated(box(100, 60, 8), [0, -200, 0]), ...order.map((k, i) => place(small[k]!, places[i]!, i)));
        const result = split(soup);
        expect(result.bodies).toHaveLength(7);
        const byCount = Object.fromEntries(result.parts.map((p) => [Math.round(p.metrics.volumeMm3), p.count]));
        expect(result.parts).toHaveLength(3);
        expect(result.parts[0]?.count).toBe(1);
        expect(Object.values(byCount).sort()).toEqual([1, 2, 4]);
        const boltPart = result.parts.find((p) => p.count === 4)!;
        expect(boltPart.bodyIds).toHaveLength(4);
        expect(boltPart.metrics.volumeMm3).toBeCloseTo(analyseMesh(createMesh(bolt()), { declaredUnit: 'mm' }).metrics.volumeMm3, 3);
      }),
      { numRuns: 25 },
    );
  });

  it('keeps a bolt 1 % longer apart from the others', () => {
    const soup = concat(bolt(20), translated(bolt(20), [40, 0, 0]), translated(bolt(20.2), [80, 0, 0]));
    expect(summary(soup)).toEqual([2, 1]);
  });

  it('counts a mirror image as the same part only when the solid is symmetric', () => {
    const tetra = irregularTetrahedron();
    expect(summary(concat(tetra, translated(tetra, [20, 0, 0])))).toEqual([2]);
    expect(summary(concat(tetra, translated(mirrored(tetra), [20, 0, 0])))).toEqual([1, 1]);
    // A bolt is its own mirror image (turned half a segment), so its mirror copy is the same part.
    const turned = transformed(bolt(), rotationMatrix([1, 2, 3], 1));
    expect(summary(concat(bolt(), translated(mirrored(turned), [40, 0, 0])))).toEqual([2]);
  });

  it('recognises symmetric bodies turned by a symmetry and by any angle: cubes, nuts', () => {
    const cube = subdividedCube(8, 2);
    const turnedCube = transformed(cube, rotationMatrix([0.3, -0.5, 0.8], 2.1), [30, 0, 0]);
    expect(summary(concat(cube, turnedCube))).toEqual([2]);
    const turnedNut = transformed(nut(), rotationMatrix([1, 0, 0], Math.PI / 2), [30, 0, 0]);
    expect(summary(concat(nut(), turnedNut, translated(nut(5.5), [60, 0, 0])))).toEqual([2, 1]);
  });

  it('names the parts, keeps each body\'s triangles, and measures each part on its own', () => {
    const soup = concat(box(10, 20, 30), translated(bolt(), [50, 0, 0]), translated(bolt(), [100, 0, 0]));
    const result = split(soup);
    expect(result.parts.map((p) => p.name)).toEqual(['Body 1', 'Body 2']);
    expect(result.parts[0]?.metrics.volumeMm3).toBe(6000);
    expect(result.parts[0]?.metrics.size).toEqual([10, 20, 30]);
    expect(Array.from(result.parts[0]!.triangles)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(result.parts[1]?.mesh.triangleCount).toBe(bolt().length / 9);
    expect(result.parts[1]?.findings.map((f) => f.code)).not.toContain('multiple-shells');
  });

  it('reads every part in the whole file\'s unit (a nut alone would be guessed in inches)', () => {
    const soup = concat(box(120, 80, 10), translated(nut(0.8, 0.4, 0.6), [200, 0, 0]));
    const analysis = analyseMesh(createMesh(soup));
    expect(analysis.metrics.units.unit).toBe('mm');
    const parts = splitParts(analysis).parts;
    expect(parts.map((p) => p.metrics.units.unit)).toEqual(['mm', 'mm']);
  });

  it('treats a hollow as a sealed void of its body, not a second body', () => {
    const hollowCube = concat(subdividedCube(16, 2), flipped(translated(subdividedCube(4, 1), [6, 6, 6])));
    const result = split(hollowCube);
    expect(result.bodies).toHaveLength(1);
    expect(result.bodies[0]?.voidCount).toBe(1);
    expect(result.bodies[0]?.volume).toBeCloseTo(16 ** 3 - 4 ** 3, 9);
    const finding = result.parts[0]?.findings.find((f) => f.code === 'sealed-void');
    expect(finding?.fixHint).toBe('A sealed hollow inside the part traps resin or powder and cannot be machined: add a drain hole or make it solid.');
    expect(finding?.triangles).toEqual(Array.from({ length: 12 }, (_, i) => 48 + i));
  });

  it('makes a ball inside a hollow a body of its own, and groups hollow parts by their hollows', () => {
    const hollow = (at: Vec3) => translated(concat(subdividedCube(16, 2), flipped(translated(subdividedCube(4, 1), [6, 6, 6]))), at);
    const ball = translated(subdividedCube(2, 1), [7, 7, 7]);
    const result = split(concat(hollow([0, 0, 0]), ball, hollow([40, 0, 0])));
    expect(result.bodies.map((b) => b.voidCount)).toEqual([1, 0, 1]);
    expect(result.parts.map((p) => p.count)).toEqual([2, 1]);
  });

  it('gives one part, the file\'s own analysis, for a single body', () => {
    const analysis = analyseMesh(createMesh(bolt()), { declaredUnit: 'mm' });
    const result = splitParts(analysis);
    expect(result.parts).toHaveLength(1);
    expect(result.parts[0]?.metrics).toBe(analysis.metrics);
    expect(result.parts[0]?.bodyIds).toEqual([0]);
  });
});

describe('bodies of a STEP assembly (CAx-IF AS1: 18 solids)', () => {
  it('gives 5 parts: 8 nuts, 1 rod, 6 bolts, 2 L-brackets and 1 plate', async () => {
    const occt = await loadOcct();
    const imported = await importCad(readBytes(`${OCCT_TEST_FILES}/cax-if/as1-oc-214.stp`), { occt });
    const result = splitParts(analyseMesh(imported.mesh!, { declaredUnit: 'mm' }));
    expect(result.bodies).toHaveLength(18);
    expect(result.parts.map((p) => [p.name, p.count])).toEqual([
      ['as1 / rod-assembly / nut', 8],
      ['as1 / rod-assembly / rod', 1],
      ['as1 / l-bracket-assembly / bolt', 6],
      ['as1 / l-bracket-assembly / l-bracket', 2],
      ['as1 / plate', 1],
    ]);
  });
});

describe('symmetric 3 × 3 eigen decomposition', () => {
  it('diagonalises with orthonormal vectors, smallest value first', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 6, maxLength: 6 }), ([xx, yy, zz, xy, xz, yz]) => {
        const { values, vectors: v } = symmetricEigen3(xx!, yy!, zz!, xy!, xz!, yz!);
        const m = [xx!, xy!, xz!, xy!, yy!, yz!, xz!, yz!, zz!];
        const scale = Math.max(1, ...m.map(Math.abs));
        expect(values[0]).toBeLessThanOrEqual(values[1]);
        expect(values[1]).toBeLessThanOrEqual(values[2]);
        for (let k = 0; k < 3; k++) {
          const col = [v[k]!, v[3 + k]!, v[6 + k]!];
          for (let row = 0; row < 3; row++) {
            const mv = m[row * 3]! * col[0]! + m[row * 3 + 1]! * col[1]! + m[row * 3 + 2]! * col[2]!;
            expect(Math.abs(mv - values[k]! * col[row]!)).toBeLessThan(1e-9 * scale);
          }
          expect(Math.hypot(...col)).toBeCloseTo(1, 12);
        }
      }),
    );
  });
});
