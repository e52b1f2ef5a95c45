import { describe, expect, it } from 'vitest';
import { analyseTopology } from '#domain/geometry/topology';
import { weldBodies, weldVertices } from '#domain/geometry/weld';
import { concat, subdividedCube, torus, translated } from '../support/solids';

describe('welding', () => {
  it('gives shared corners one id, compared by exact bits with -0 equal to 0', () => {
    const soup = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, -0, 0, -0, 0, 1, 0, 0, 0, 1]);
    const { vertexIds, vertexCount } = weldVertices(soup);
    expect(Array.from(vertexIds)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(vertexCount).toBe(4);
  });

  it('never merges corners that are merely close', () => {
    const soup = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-7, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(weldVertices(soup).vertexCount).toBe(4);
  });

  it('grows its table when every corner is distinct', () => {
    const soup = Float32Array.from({ length: 20_000 * 9 }, (_, i) => i * 0.5);
    const { vertexCount, vertexIds } = weldVertices(soup);
    expect(vertexCount).toBe(60_000);
    expect(vertexIds.every((id, i) => id === i)).toBe(true);
  });

  it('finds u × v vertices on a torus, through cache evictions', () => {
    const { vertexCount, vertexIds } = weldVertices(torus(50, 10, 300, 200));
    expect(vertexCount).toBe(300 * 200);
    expect(vertexIds.reduce((a, b) => Math.max(a, b), 0)).toBe(300 * 200 - 1);
  });

  it('welds bodies apart when given their ranges', () => {
    const a = subdividedCube(4, 1);
    const b = translated(subdividedCube(4, 1), [4, 0, 0]); // shares a face with a
    const together = weldVertices(concat(a, b));
    const apart = weldBodies(concat(a, b), 24, [
      { firstTriangle: 0, triangleCount: 12 },
      { firstTriangle: 12, triangleCount: 12 },
    ]);
    expect(together.vertexCount).toBe(12);
    expect(apart.vertexCount).toBe(16);
    expect(analyseTopology(apart.vertexIds, apart.vertexCount, 24).shellCount).toBe(2);
  });

  it('falls back to one weld when ranges do not cover the mesh', () => {
    const soup = concat(subdividedCube(4, 1), translated(subdividedCube(4, 1), [4, 0, 0]));
    expect(weldBodies(soup, 24, [{ firstTriangle: 0, triangleCount: 10 }]).vertexCount).toBe(12);
  });
});

describe('edge census', () => {
  it('sorts high-valence fans correctly (a cone with 5000 sides)', () => {
    const n = 5000;
    const soup = new Float32Array(n * 2 * 9);
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      const b = (2 * Math.PI * ((i + 1) % n)) / n;
      const p = [Math.cos(a), Math.sin(a), 0];
      const q = [Math.cos(b), Math.sin(b), 0];
      soup.set([0, 0, 1, ...p, ...q], i * 18);
      soup.set([0, 0, 0, ...q, ...p], i * 18 + 9);
    }
    const { vertexIds, vertexCount } = weldVertices(soup);
    const topology = analyseTopology(vertexIds, vertexCount, 2 * n);
    expect(topology.openEdgeCount).toBe(0);
    expect(topology.nonManifoldEdgeCount).toBe(0);
    expect(topology.misorientedEdgeCount).toBe(0);
    expect(topology.shellCount).toBe(1);
  });
});
