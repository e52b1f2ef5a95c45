/**
 * Repairs of a welded mesh that are safe to make and are said aloud (ADR 154). The exact weld
 * (weld.ts) joins corners whose coordinates are bit-for-bit equal; real exporters write the same
 * corner of neighbouring facets with coordinates that differ in their last bits, which leaves a
 * closed part with open edges. After the exact weld, and only when edges are open:
 *
 * 1. **Rounding** (`joinNearCorners`): corners at the ends of open edges that lie within a few units
 *    in the last place (ulps) of the part's largest coordinate are joined. That is the precision of
 *    a float32 coordinate of this part, far below any manufacturable feature (about 0.00003 mm for a
 *    100 mm part), so no real gap is hidden.
 *
 * Joined corners take one position (the first corner's), so the repaired mesh welds exactly as it
 * was repaired, and a part split from it needs no repair again.
 */
import { TriangleList } from './findings';
import type { BoundingBox } from './part-metrics';
import { openHalfEdges } from './topology';
import type { TriangleRange } from './weld';

/** Corners at the ends of open edges within this many ulps of the part's largest coordinate are joined. */
export const JOIN_ULPS = 4;

/** A weld: the vertex id of each corner and how many vertices. */
export interface WeldIds {
  readonly vertexIds: Uint32Array;
  readonly vertexCount: number;
}

export interface CornerJoin extends WeldIds {
  /** The positions with every joined corner moved onto its vertex's first corner (a new array). */
  readonly positions: Float32Array;
  /** How many vertices were joined into others (the vertex count went down by this much). */
  readonly joined: number;
  /** The tolerance used, in the file's units. */
  readonly tolerance: number;
  /** The largest distance between two joined corners (largest coordinate difference), file units. */
  readonly largestGap: number;
  /** Triangles with a joined corner. */
  readonly triangles: TriangleList;
}

/** One unit in the last place of a float32 of magnitude `x` (x > 0). */
export function ulp32(x: number): number {
  return 2 ** (Math.floor(Math.log2(x)) - 23);
}

/** The rounding tolerance of a part: JOIN_ULPS ulps of its largest coordinate (0 for an empty box). */
export function roundingTolerance(box: BoundingBox): number {
  const largest = Math.max(...box.min.map(Math.abs), ...box.max.map(Math.abs));
  return largest > 0 && Number.isFinite(largest) ? JOIN_ULPS * ulp32(largest) : 0;
}

/**
 * Joins the corners at the ends of open edges that lie within `roundingTolerance(box)` of each
 * other (every coordinate), within one body of the file when bodies were welded apart. Returns
 * null when nothing was joined.
 */
export function joinNearCorners(positions: Float32Array, triangleCount: number, weld: WeldIds, bodies: readonly TriangleRange[], box: BoundingBox): CornerJoin | null {
  const tolerance = roundingTolerance(box);
  if (!(tolerance > 0)) return null;
  const candidates = boundaryVertices(weld, triangleCount);
  if (candidates.length < 2) return null;
  const points = vertexPoints(positions, weld, candidates);
  const group = vertexGroups(weld, bodies, triangleCount);
  const unions = new VertexUnion(weld.vertexCount);
  const largestGap = joinWithin(points, candidates, tolerance, group, unions);
  if (unions.joined === 0) return null;
  return { ...applyUnion(positions, triangleCount, weld, unions), tolerance, largestGap };
}

/** The vertices at the ends of open edges, in increasing order. */
function boundaryVertices(weld: WeldIds, triangleCount: number): Int32Array {
  const open = openHalfEdges(weld.vertexIds, weld.vertexCount, triangleCount);
  const on = new Uint8Array(weld.vertexCount);
  for (const h of open) {
    on[weld.vertexIds[h] as number] = 1;
    on[weld.vertexIds[h % 3 === 2 ? h - 2 : h + 1] as number] = 1;
  }
  let count = 0;
  for (let v = 0; v < on.length; v++) count += on[v] as number;
  const list = new Int32Array(count);
  let k = 0;
  for (let v = 0; v < on.length; v++) if (on[v] === 1) list[k++] = v;
  return list;
}

/** x y z of each listed vertex (its first corner), in list order. */
function vertexPoints(positions: Float32Array, weld: WeldIds, vertices: Int32Array): Float64Array {
  const slot = new Int32Array(weld.vertexCount).fill(-1);
  vertices.forEach((v, i) => (slot[v] = i));
  const points = new Float64Array(vertices.length * 3);
  const seen = new Uint8Array(vertices.length);
  const { vertexIds } = weld;
  for (let c = 0; c < vertexIds.length; c++) {
    const i = slot[vertexIds[c] as number] as number;
    if (i < 0 || seen[i] === 1) continue;
    seen[i] = 1;
    points[i * 3] = positions[c * 3] as number;
    points[i * 3 + 1] = positions[c * 3 + 1] as number;
    points[i * 3 + 2] = positions[c * 3 + 2] as number;
  }
  return points;
}

/**
 * The file's body of each vertex when bodies were welded apart (weldBodies numbers them body by
 * body); null for one body.
 */
function vertexGroups(weld: WeldIds, bodies: readonly TriangleRange[], triangleCount: number): Int32Array | null {
  if (bodies.length <= 1) return null;
  let next = 0;
  for (const body of bodies) {
    if (body.firstTriangle !== next) return null;
    next += body.triangleCount;
  }
  if (next !== triangleCount) return null;
  const group = new Int32Array(weld.vertexCount);
  bodies.forEach((body, index) => {
    const end = (body.firstTriangle + body.triangleCount) * 3;
    for (let c = body.firstTriangle * 3; c < end; c++) group[weld.vertexIds[c] as number] = index;
  });
  return group;
}

/** Union-find over vertex ids; the root of a set is its smallest id. */
export class VertexUnion {
  readonly parent: Int32Array;
  joined = 0;

  constructor(vertexCount: number) {
    this.parent = new Int32Array(vertexCount);
    for (let v = 0; v < vertexCount; v++) this.parent[v] = v;
  }

  find(v: number): number {
    let x = v;
    while (this.parent[x] !== x) {
      const grand = this.parent[this.parent[x] as number] as number;
      this.parent[x] = grand;
      x = grand;
    }
    return x;
  }

  /** Joins the sets of a and b; true when they were apart. */
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    if (ra < rb) this.parent[rb] = ra;
    else this.parent[ra] = rb;
    this.joined++;
    return true;
  }
}

/**
 * Joins every two listed points within `tolerance` on every axis (and in the same group).
 * Returns the largest coordinate difference of a joined pair.
 */
function joinWithin(points: Float64Array, vertices: Int32Array, tolerance: number, group: Int32Array | null, unions: VertexUnion): number {
  let largest = 0;
  forEachNearPair(points, tolerance, (i, j, gap) => {
    const vi = vertices[i] as number, vj = vertices[j] as number;
    if (group && group[vi] !== group[vj]) return;
    if (unions.union(vi, vj)) largest = Math.max(largest, gap);
  });
  return largest;
}

/** A direction with no simple ratio between its components (the plastic number's powers). */
const SWEEP = [1, 0.7548776662466927, 0.5698402909980532] as const;
/** Most later points a point is compared with in the sweep (a guard against a degenerate projection). */
const SWEEP_WINDOW = 64;

/**
 * Calls `visit(i, j, gap)` for pairs of points (x y z triples) no farther apart than `radius` on
 * any axis, `gap` being their largest coordinate difference. The points are projected on one
 * direction, bucketed by `radius` (two points within it land at most two buckets apart), radix
 * sorted by bucket, and swept in that order: sequential passes over typed arrays, where a hash grid's
 * 27 cell lookups a point wait on main memory (ten times slower at a million points). Each point is
 * compared with at most SWEEP_WINDOW points after it, so a projection that piles points up cannot
 * take quadratic time; such a pile (not met on real parts) may leave a pair unvisited.
 */
export function forEachNearPair(points: Float64Array, radius: number, visit: (i: number, j: number, gap: number) => void): void {
  const n = Math.floor(points.length / 3);
  if (n < 2 || !(radius > 0)) return;
  const width = radius * (SWEEP[0] + SWEEP[1] + SWEEP[2]);
  let min = Infinity;
  const along = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = (points[i * 3] as number) * SWEEP[0] + (points[i * 3 + 1] as number) * SWEEP[1] + (points[i * 3 + 2] as number) * SWEEP[2];
    along[i] = s;
    if (s < min) min = s;
  }
  const keys = new Int32Array(n);
  let maxKey = 0;
  for (let i = 0; i < n; i++) {
    const key = Math.min(0x3fffffff, Math.floor(((along[i] as number) - min) / width));
    keys[i] = key;
    if (key > maxKey) maxKey = key;
  }
  const order = radixOrder(keys, maxKey);
  // Gathered in sweep order, so the inner loop reads memory in sequence.
  const sx = new Float64Array(n), sy = new Float64Array(n), sz = new Float64Array(n), sk = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const i = order[a] as number;
    sx[a] = points[i * 3] as number;
    sy[a] = points[i * 3 + 1] as number;
    sz[a] = points[i * 3 + 2] as number;
    sk[a] = keys[i] as number;
  }
  for (let a = 0; a < n; a++) {
    const last = (sk[a] as number) + 2;
    const x = sx[a] as number, y = sy[a] as number, z = sz[a] as number;
    const end = Math.min(n, a + 1 + SWEEP_WINDOW);
    for (let b = a + 1; b < end && (sk[b] as number) <= last; b++) {
      const gap = Math.max(Math.abs(x - (sx[b] as number)), Math.abs(y - (sy[b] as number)), Math.abs(z - (sz[b] as number)));
      if (gap <= radius) visit(order[a] as number, order[b] as number, gap);
    }
  }
}

/** The indices of `keys` in increasing key order (stable): a least-significant-digit radix sort, 12 bits a pass. */
function radixOrder(keys: Int32Array, maxKey: number): Int32Array {
  const n = keys.length;
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let spare = new Int32Array(n);
  const counts = new Int32Array(4097);
  for (let shift = 0; maxKey >>> shift > 0; shift += 12) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const d = ((keys[order[i] as number] as number) >>> shift) & 4095;
      counts[d + 1] = (counts[d + 1] as number) + 1;
    }
    for (let d = 0; d < 4096; d++) counts[d + 1] = (counts[d + 1] as number) + (counts[d] as number);
    for (let i = 0; i < n; i++) {
      const o = order[i] as number;
      const d = ((keys[o] as number) >>> shift) & 4095;
      const at = counts[d] as number;
      counts[d] = at + 1;
      spare[at] = o;
    }
    [order, spare] = [spare, order];
  }
  return order;
}

/**
 * The weld after the unions: vertices renumbered 0, 1, 2, … (each set takes its smallest id's
 * place), every corner moved onto the first corner of its set's smallest vertex, and the triangles
 * that have a joined corner.
 */
export function applyUnion(positions: Float32Array, triangleCount: number, weld: WeldIds, unions: VertexUnion): WeldIds & { positions: Float32Array; joined: number; triangles: TriangleList } {
  const { vertexIds, vertexCount } = weld;
  const renumber = new Int32Array(vertexCount);
  let count = 0;
  for (let v = 0; v < vertexCount; v++) {
    const root = unions.find(v);
    renumber[v] = root === v ? count++ : (renumber[root] as number);
  }
  const cornerCount = triangleCount * 3;
  const firstCorner = new Int32Array(count).fill(-1);
  const ids = new Uint32Array(cornerCount);
  for (let c = 0; c < cornerCount; c++) {
    const id = renumber[vertexIds[c] as number] as number;
    ids[c] = id;
    if (firstCorner[id] === -1 && unions.find(vertexIds[c] as number) === (vertexIds[c] as number)) firstCorner[id] = c;
  }
  // Vertices of a set of two or more: their corners move and their triangles are listed.
  const shared = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const root = unions.find(v);
    if (root !== v) {
      shared[v] = 1;
      shared[root] = 1;
    }
  }
  const out = positions.slice(0, triangleCount * 9);
  const triangles = new TriangleList();
  let marked = -1;
  for (let c = 0; c < cornerCount; c++) {
    if (shared[vertexIds[c] as number] === 0) continue;
    const from = firstCorner[ids[c] as number] as number;
    if (from >= 0 && from !== c) {
      out[c * 3] = positions[from * 3] as number;
      out[c * 3 + 1] = positions[from * 3 + 1] as number;
      out[c * 3 + 2] = positions[from * 3 + 2] as number;
    }
    const t = (c / 3) | 0;
    if (t !== marked) {
      triangles.add(t);
      marked = t;
    }
  }
  return { vertexIds: ids, vertexCount: count, positions: out, joined: unions.joined, triangles };
}
