import { Ray, Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { MeshRayCaster, type RayHit } from '#domain/geometry/ray-caster';
import { box, concat, cup, subdividedCube, torus, translated, uvSphere } from '../support/solids';

/**
 * The oracle: every facet through three.js's `Ray.intersectTriangle` (both sides), the hit's
 * distance as three-mesh-bvh measured it (`origin.distanceTo(point)`), the nearest kept, and the
 * side from `Triangle.getNormal`. No hierarchy: what the caster must answer, to the last bit.
 */
function bruteForce(positions: Float32Array, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): RayHit | null {
  const ray = new Ray(new Vector3(ox, oy, oz), new Vector3(dx, dy, dz));
  const a = new Vector3(), b = new Vector3(), c = new Vector3(), point = new Vector3(), normal = new Vector3();
  let best: RayHit | null = null;
  for (let t = 0; t < positions.length / 9; t++) {
    a.fromArray(positions, t * 9);
    b.fromArray(positions, t * 9 + 3);
    c.fromArray(positions, t * 9 + 6);
    if (!ray.intersectTriangle(a, b, c, false, point)) continue;
    const distance = ray.origin.distanceTo(point);
    if (best && distance >= best.distance) continue;
    Triangle.getNormal(a, b, c, normal);
    best = { distance, triangle: t, entering: normal.dot(ray.direction) < 0 };
  }
  return best;
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function unit(x: number, y: number, z: number): [number, number, number] {
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
}

/** Rays from points on random facets (just outside, along any direction), and rays straight down through the part. */
function raysThrough(positions: Float32Array, count: number, seed: number): number[][] {
  const next = random(seed);
  const n = positions.length / 9;
  const rays: number[][] = [];
  for (let k = 0; k < count; k++) {
    const i = Math.floor(next() * n) * 9;
    const u = next() * 0.5, v = next() * 0.5;
    const p = [0, 1, 2].map((a) => positions[i + a]! + u * (positions[i + 3 + a]! - positions[i + a]!) + v * (positions[i + 6 + a]! - positions[i + a]!));
    const [dx, dy, dz] = unit(next() * 2 - 1, next() * 2 - 1, next() * 2 - 1);
    rays.push([p[0]! - dx * 1e-3, p[1]! - dy * 1e-3, p[2]! - dz * 1e-3, dx, dy, dz]);
    rays.push([p[0]!, p[1]!, p[2]! + 1000, 0, 0, -1]);
  }
  return rays;
}

function expectSameAsThree(positions: Float32Array, rays: number[][]) {
  const caster = new MeshRayCaster(positions);
  let hits = 0;
  for (const r of rays) {
    const [ox, oy, oz, dx, dy, dz] = r as [number, number, number, number, number, number];
    const got = caster.castFirst(ox, oy, oz, dx, dy, dz);
    const want = bruteForce(positions, ox, oy, oz, dx, dy, dz);
    expect(got === null, `ray ${r.join(' ')}`).toBe(want === null);
    if (!got || !want) continue;
    hits++;
    expect(got.distance, `ray ${r.join(' ')}`).toBe(want.distance);
    // Facets met at exactly the same distance (through an edge) may be named either way.
    if (got.triangle !== want.triangle) expect(bruteForceAt(positions, got.triangle, r)).toBe(want.distance);
    else expect(got.entering).toBe(want.entering);
  }
  return hits;
}

/** The distance at which the ray meets one facet, by three.js. */
function bruteForceAt(positions: Float32Array, triangle: number, r: number[]): number | null {
  const one = positions.slice(triangle * 9, triangle * 9 + 9);
  return bruteForce(one, r[0]!, r[1]!, r[2]!, r[3]!, r[4]!, r[5]!)?.distance ?? null;
}

describe('the ray hierarchy', () => {
  it('meets the same facet at the same distance as three.js on a torus, from any direction', () => {
    const mesh = torus(30, 10, 64, 32);
    expect(expectSameAsThree(mesh, raysThrough(mesh, 400, 1))).toBeGreaterThan(500);
  });

  it('agrees on a cup (rays from inside the wall leave it) and a sphere', () => {
    const mesh = concat(cup(20, 30, 2, 2), translated(uvSphere(8, 24, 12), [60, 0, 10]));
    expect(expectSameAsThree(mesh, raysThrough(mesh, 400, 2))).toBeGreaterThan(500);
  });

  it('agrees on rays along the grid of a subdivided cube, through its edges and corners', () => {
    const mesh = subdividedCube(10, 8);
    const rays: number[][] = [];
    for (let i = 0; i <= 8; i++) {
      for (let j = 0; j <= 8; j++) {
        const x = (i * 10) / 8, y = (j * 10) / 8;
        rays.push([x, y, 50, 0, 0, -1], [x, y, -50, 0, 0, 1], [-50, x, y, 1, 0, 0], [x, 5, 5, 0, 0, -1]);
      }
    }
    expect(expectSameAsThree(mesh, rays)).toBeGreaterThan(200);
  });

  it('names the facet and the side: entering from outside, leaving from inside', () => {
    const caster = new MeshRayCaster(box(10, 10, 10));
    const down = caster.castFirst(5, 5, 20, 0, 0, -1);
    expect(down).toMatchObject({ distance: 10, entering: true });
    const up = caster.castFirst(5, 5, 5, 0, 0, 1);
    expect(up).toMatchObject({ distance: 5, entering: false });
    expect(caster.diagonal).toBeCloseTo(Math.sqrt(300), 12);
  });

  it('answers null for a miss, a zero direction and an empty mesh', () => {
    const caster = new MeshRayCaster(box(10, 10, 10));
    expect(caster.castFirst(50, 50, 50, 0, 0, 1)).toBeNull();
    expect(caster.castFirst(5, 5, 20, 0, 0, 0)).toBeNull();
    const empty = new MeshRayCaster(new Float32Array(0));
    expect(empty.castFirst(0, 0, 0, 0, 0, 1)).toBeNull();
    expect(empty.diagonal).toBe(0);
  });

  it('splits runs of facets with the same centre, and parts far apart, without losing any', () => {
    // 40 copies of one facet (one grid cell: split by count) and a far cluster (deep splits).
    const copies = concat(...Array.from({ length: 40 }, () => new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])));
    const far = translated(torus(3, 1, 16, 8), [1e5, 0, 0]);
    const mesh = concat(copies, far, box(1, 1, 1));
    const rays = [[0.25, 0.25, 5, 0, 0, -1], [1e5 + 3, 0, 10, 0, 0, -1], [0.5, 0.5, -5, 0, 0, 1], ...raysThrough(far, 50, 3)];
    expect(expectSameAsThree(mesh, rays)).toBeGreaterThan(50);
  });
});
