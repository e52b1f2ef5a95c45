import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import {
  concat,
  flipped,
  mobiusBand,
  regularPrism,
  rotationMatrix,
  subdividedCube,
  torus,
  transformed,
  translated,
  uvSphere,
  withReversedFacets,
} from '../support/solids';

const analyse = (soup: Float32Array) => analyseMesh(createMesh(soup), { declaredUnit: 'mm' });
const codes = (soup: Float32Array) => analyse(soup).findings.map((f) => f.code);

/** A 16 mm cube with a 4 mm cubic hollow in the middle (its inner surface faces into the hollow). */
const hollowCube = () => concat(subdividedCube(16, 2), flipped(translated(subdividedCube(4, 1), [6, 6, 6])));

describe('orientation repair', () => {
  it('repairs a cube with 6 of its 12 facets reversed: 1000 mm³ and "6 facets flipped"', () => {
    const cube = withReversedFacets(subdividedCube(10, 1), [0, 3, 4, 7, 9, 10]);
    expect(analyse(subdividedCube(10, 1)).metrics.volumeMm3).toBe(1000);
    const analysis = analyse(cube);
    expect(analysis.metrics.volumeMm3).toBe(1000);
    expect(analysis.metrics.areaMm2).toBe(600);
    expect(analysis.metrics.watertight).toBe(true);
    const finding = analysis.findings.find((f) => f.code === 'orientation-repaired');
    expect(finding?.severity).toBe('info');
    expect(finding?.message).toMatch(/^6 facets flipped/);
    expect(finding?.triangles).toEqual([0, 3, 4, 7, 9, 10]);
    expect(analysis.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('gives the preview the repaired mesh: the original facets, byte for byte', () => {
    const original = subdividedCube(10, 3);
    const analysis = analyse(withReversedFacets(original, [1, 2, 3, 50, 100]));
    expect(analysis.mesh.positions).toEqual(original);
    expect(analysis.flippedTriangleCount).toBe(5);
  });

  it('leaves a consistent mesh alone: the same array, no finding', () => {
    const soup = subdividedCube(10, 2);
    const analysis = analyse(soup);
    expect(analysis.mesh.positions).toBe(soup);
    expect(analysis.flippedTriangleCount).toBe(0);
    expect(analysis.findings).toEqual([]);
  });

  it('keeps a hollow facing into the hollow, and turns one that faces the wrong way', () => {
    const right = analyse(hollowCube());
    expect(right.flippedTriangleCount).toBe(0);
    expect(right.metrics.volumeMm3).toBe(16 ** 3 - 4 ** 3);
    // An exporter that wrote the hollow's surface facing outwards, like a second body.
    const wrong = concat(subdividedCube(16, 2), translated(subdividedCube(4, 1), [6, 6, 6]));
    const analysis = analyse(wrong);
    expect(analysis.flippedTriangleCount).toBe(12);
    expect(analysis.metrics.volumeMm3).toBe(16 ** 3 - 4 ** 3);
    expect(analysis.metrics.cavityCount).toBe(1);
    expect(analysis.mesh.positions).toEqual(hollowCube());
  });

  it('turns a ball inside a hollow outwards again (a shell inside two others is a body)', () => {
    const ball = translated(subdividedCube(2, 1), [7, 7, 7]);
    const analysis = analyse(concat(hollowCube(), flipped(ball)));
    expect(analysis.flippedTriangleCount).toBe(12);
    expect(analysis.metrics.volumeMm3).toBe(16 ** 3 - 4 ** 3 + 2 ** 3);
  });

  it('does not take a body in the hole of a ring, or one crossing its surface, for a hollow', () => {
    // Both cubes lie within the ring's bounding box; only the winding number tells them apart.
    const ring = torus(30, 10, 64, 32);
    const inTheHole = translated(subdividedCube(8, 1), [-4, -4, -4]);
    const crossing = translated(subdividedCube(16, 1), [22, -8, -8]); // its corners stick out of the tube
    expect(analyse(concat(ring, inTheHole)).flippedTriangleCount).toBe(0);
    expect(analyse(concat(ring, crossing)).flippedTriangleCount).toBe(0);
    // A cube wholly inside the tube is a hollow written the wrong way round.
    const inside = translated(subdividedCube(4, 1), [28, -2, -2]);
    expect(analyse(concat(ring, inside)).flippedTriangleCount).toBe(12);
  });

  it('repairs each shell of a file on its own', () => {
    const a = withReversedFacets(subdividedCube(4, 1), [2]);
    const b = flipped(translated(subdividedCube(4, 1), [10, 0, 0]));
    const analysis = analyse(concat(a, b));
    expect(analysis.flippedTriangleCount).toBe(13);
    expect(analysis.metrics.volumeMm3).toBe(128);
  });

  it('leaves a Möbius band as read, with an error on its edges', () => {
    const band = mobiusBand(20, 4, 40);
    const analysis = analyse(band);
    expect(analysis.flippedTriangleCount).toBe(0);
    expect(analysis.mesh.positions).toBe(band);
    const finding = analysis.findings.find((f) => f.code === 'inconsistent-orientation');
    expect(finding?.severity).toBe('error');
    expect(finding?.triangles.length).toBeGreaterThan(0);
    expect(finding?.message).toMatch(/cannot be oriented consistently/);
  });

  it('keeps non-manifold edges an error, located, while repairing what it can', () => {
    const a = withReversedFacets(subdividedCube(8, 1), [0]);
    // A double-sided flap on a's edge (8, 0, 0)–(8, 8, 0): no solid encloses it (ADR 285).
    const fin = new Float32Array([8, 0, 0, 8, 8, 0, 16, 4, 0, 8, 8, 0, 8, 0, 0, 16, 4, 0]);
    const analysis = analyse(concat(a, fin));
    const finding = analysis.findings.find((f) => f.code === 'non-manifold-edges');
    expect(finding?.severity).toBe('error');
    expect(finding?.triangles.length).toBeGreaterThan(0);
  });

  it('still reports open edges of a repaired surface', () => {
    const open = withReversedFacets(subdividedCube(10, 2).subarray(0, 9 * 40), [3, 4]);
    expect(codes(open)).toEqual(expect.arrayContaining(['open-edges', 'orientation-repaired']));
  });
});

/** Closed solids with outward facets, some of them several shells (a hollow, bodies side by side). */
const consistentSolid = fc.oneof(
  fc.record({ k: fc.integer({ min: 1, max: 6 }), side: fc.constantFrom(1, 2, 10, 64) }).map(({ k, side }) => subdividedCube(side, k)),
  fc.record({ n: fc.integer({ min: 3, max: 40 }), r: fc.double({ min: 0.5, max: 50, noNaN: true }) }).map(({ n, r }) => regularPrism(n, r, r / 2)),
  fc.record({ u: fc.integer({ min: 3, max: 30 }), v: fc.integer({ min: 3, max: 20 }) }).map(({ u, v }) => torus(30, 10, u, v)),
  fc.integer({ min: 3, max: 24 }).map((n) => uvSphere(7, n, Math.max(2, n >> 1))),
  fc.constant(0).map(hollowCube),
  fc.integer({ min: 2, max: 5 }).map((n) => concat(...Array.from({ length: n }, (_, i) => translated(subdividedCube(3, 2), [i * 5, 0, 0])))),
);

const rotation = fc.record({
  axis: fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.1, max: 1, noNaN: true })),
  angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
});

describe('orientation repair, properties', () => {
  it('changes nothing on an already consistent mesh (the same bytes)', () => {
    fc.assert(
      fc.property(consistentSolid, rotation, (solid, { axis, angle }) => {
        const soup = transformed(solid, rotationMatrix(axis, angle), [100, -50, 25]);
        const analysis = analyse(soup);
        expect(analysis.flippedTriangleCount).toBe(0);
        expect(analysis.mesh.positions).toBe(soup);
        expect(analysis.findings.map((f) => f.code)).not.toContain('orientation-repaired');
      }),
      { numRuns: 60 },
    );
  });

  it('undoes any set of reversed facets, byte for byte, with the same volume', () => {
    fc.assert(
      fc.property(consistentSolid, fc.array(fc.nat(), { maxLength: 200 }), (soup, picks) => {
        const triangles = soup.length / 9;
        const reversed = new Set(picks.map((p) => p % triangles));
        const analysis = analyse(withReversedFacets(soup, reversed));
        expect(analysis.mesh.positions).toEqual(soup);
        expect(analysis.flippedTriangleCount).toBe(reversed.size);
        expect(analysis.metrics.volumeMm3).toBe(analyse(soup).metrics.volumeMm3);
      }),
      { numRuns: 80 },
    );
  });
});
