import { describe, expect, it } from 'vitest';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { analyseMesh } from '#domain/geometry/metrics';
import { createMesh } from '#domain/geometry/mesh';
import { binaryStl, box, concat, rotationMatrix, transformed, translated } from '../support/solids';

/** Read as millimetres (these test parts are small enough to be guessed as inches). */
const MM = { declaredUnit: 'mm' } as const;
const analyse = (soup: Float32Array) => analyseMesh(createMesh(soup), MM);
const codes = (a: ReturnType<typeof analyse>) => a.findings.map((f) => f.code);

describe('solids that touch along edges are told apart (ADR 285)', () => {
  it('two cubes sharing an edge: two closed bodies, each its own volume', () => {
    const a = analyse(concat(box(10, 10, 10), translated(box(10, 10, 10), [10, 10, 0])));
    expect(codes(a)).not.toContain('non-manifold-edges');
    expect(codes(a)).toContain('solids-separated');
    expect(a.findings.find((f) => f.code === 'solids-separated')?.message).toContain('touch along 1 edge');
    expect(a.metrics.watertight).toBe(true);
    expect(a.metrics.bodyCount).toBe(2);
    expect(a.metrics.volumeMm3).toBeCloseTo(2000, 6);
  });

  it('two plates stacked face to face (a printer bed and its sheet): two bodies, not one with a wall of nothing', async () => {
    const stacked = concat(box(40, 30, 5), translated(box(40, 30, 3), [0, 0, 5]));
    const a = analyse(stacked);
    expect(codes(a)).not.toContain('non-manifold-edges');
    expect(a.metrics.watertight).toBe(true);
    expect(a.metrics.bodyCount).toBe(2);
    expect(a.metrics.volumeMm3).toBeCloseTo(40 * 30 * 8, 6);
    // Each plate's walls within it (ADR 279): 3 mm at the thinnest, not the 0 mm between them.
    const report = await analyseCadFile(binaryStl(stacked), { manufacturing: { priceFor: '3d-printing' } });
    expect(report.orderable).toBe(true);
    expect(report.metrics?.manufacturing?.minWallMm).toBeCloseTo(3, 3);
  });

  it('tells faces in one plane apart when the float32 coordinates of a turned part round them a little', () => {
    // Turned about a slanted axis, the plates' shared plane is no longer exact: its faces' angles
    // around an edge differ by float32 rounding (PrusaSlicer's Sovol SV06 bed: 92 such edges).
    const turned = transformed(concat(box(40, 30, 5), translated(box(40, 30, 3), [0, 0, 5])), rotationMatrix([1, 2, 3], 0.7), [100, 50, 20]);
    const a = analyse(turned);
    expect(codes(a)).not.toContain('non-manifold-edges');
    expect(a.metrics.bodyCount).toBe(2);
    expect(a.metrics.volumeMm3).toBeCloseTo(40 * 30 * 8, 1);
  });

  it('leaves a fin (a double-sided flap on an edge) non-manifold: no solid encloses it', () => {
    const fin = new Float32Array([10, 0, 0, 10, 10, 0, 20, 5, 0, 10, 10, 0, 10, 0, 0, 20, 5, 0]);
    const a = analyse(concat(box(10, 10, 10), fin));
    expect(codes(a)).toContain('non-manifold-edges');
    expect(codes(a)).not.toContain('solids-separated');
  });
});
