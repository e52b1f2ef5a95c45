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
import { symmetricEigen3 } from './eigen3';
import { TriangleList } from './findings';
import { earClip, MAX_CLIPPED_CORNERS } from './polygon';
import type { BoundingBox } from './part-metrics';
import { findTJunctions } from './t-junctions';
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
export function forEachNearPair(points: Float64Array, radius: number, visit: (i: number, j: number, gap: number) => void, window = SWEEP_WINDOW): void {
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
    const end = Math.min(n, a + 1 + window);
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

/** How far the crack closing and the hole filling may go, in the file's units. */
export interface RepairBounds {
  /** Open edges whose ends lie within this of another open edge's ends are joined. */
  readonly crack: number;
  /** Holes whose boundary spans at most this (largest distance between two corners) and lies in a plane are filled. */
  readonly hole: number;
}

/** Cracks are closed up to 0.01 mm and 0.1 % of the part's largest side; holes filled up to 1 mm and 1 %. */
export const CRACK_MM = 0.01;
export const CRACK_SHARE = 0.001;
export const HOLE_MM = 1;
export const HOLE_SHARE = 0.01;
/** A hole's boundary is flat when no corner lies farther than this share of its span from its plane (or the crack bound). */
const FLATNESS = 0.01;
/** Holes with more corners than this are not filled (ear clipping is cubic at worst). */
const MAX_FILL_CORNERS = MAX_CLIPPED_CORNERS;
/** Facing edges this many times farther apart than the crack bound are still reported as a crack's width. */
const REPORT_FACTOR = 10;

/** The bounds for a part whose largest side is `largestSide` file units, `mmPerUnit` millimetres each. */
export function repairBounds(largestSide: number, mmPerUnit: number): RepairBounds {
  return {
    crack: Math.min(CRACK_MM / mmPerUnit, CRACK_SHARE * largestSide),
    hole: Math.min(HOLE_MM / mmPerUnit, HOLE_SHARE * largestSide),
  };
}

export interface CrackRepair {
  /** Vertices joined into others across cracks. */
  readonly joined: number;
  /** Open edges joined to a facing one. */
  readonly edges: number;
  /** The widest gap closed (largest coordinate difference of joined ends), file units. */
  readonly widest: number;
  /** Triangles along the closed cracks (in the repaired mesh's numbering). */
  readonly triangles: TriangleList;
  /** Facets split where the facing side's corners lay along their open edges (T-junctions, ADR 276). */
  readonly split?: number;
}

export interface HoleRepair {
  readonly holes: number;
  readonly addedTriangles: number;
  /** The largest filled hole's span (largest distance between two corners of its boundary), file units. */
  readonly largest: number;
  /** The triangles added (in the repaired mesh's numbering). */
  readonly triangles: TriangleList;
}

/** What stays open after the repairs: for the open-edges finding. */
export interface OpenGaps {
  /** Boundary loops left (holes, or the two sides of a crack). */
  readonly loops: number;
  /** The largest loop's span (largest distance between two of its corners; 0 past MAX_FILL_CORNERS), file units. */
  readonly largestLoop: number;
  /** The narrowest gap between facing open edges too far apart to join (file units), or null when none faces another. */
  readonly crackWidth: number | null;
}

export interface SurfaceRepair extends WeldIds {
  readonly positions: Float32Array;
  readonly triangleCount: number;
  /** Where each triangle of the input went (fill triangles are inserted after their body's triangles). */
  readonly newIndex: (triangle: number) => number;
  /** The body ranges after the insertion. */
  readonly bodies: readonly TriangleRange[];
  readonly cracks: CrackRepair | null;
  readonly holes: HoleRepair | null;
  readonly gaps: OpenGaps;
}

interface OpenEdges {
  /** Open half-edges. */
  readonly list: Int32Array;
  /** Start and end vertex of each. */
  readonly from: Int32Array;
  readonly to: Int32Array;
}

function listOpenEdges(weld: WeldIds, triangleCount: number): OpenEdges {
  const list = openHalfEdges(weld.vertexIds, weld.vertexCount, triangleCount);
  const from = new Int32Array(list.length);
  const to = new Int32Array(list.length);
  list.forEach((h, i) => {
    from[i] = weld.vertexIds[h] as number;
    to[i] = weld.vertexIds[h % 3 === 2 ? h - 2 : h + 1] as number;
  });
  return { list, from, to };
}

/**
 * Splits facets at T-junctions (t-junctions.ts, ADR 276), closes cracks by joining facing open
 * edges, then fills small flat holes; returns null when the mesh has no open edge. `weld` is the
 * weld after `joinNearCorners`; `bodies` are the file's, welded apart (fills and split facets'
 * pieces go after their body's triangles).
 */
export function repairSurface(positions: Float32Array, triangleCount: number, weld: WeldIds, bodies: readonly TriangleRange[], bounds: RepairBounds): SurfaceRepair | null {
  const open = listOpenEdges(weld, triangleCount);
  if (open.list.length === 0) return null;
  // T-junctions first (ADR 276): their facets split, the edges pair exactly.
  const split = splitAtTJunctions(positions, triangleCount, weld, open, bodies, bounds);
  if (split) {
    const repaired = repairSplit(split, bounds);
    const first = split.newIndex;
    const composed = repaired ? (t: number) => repaired.newIndex(first(t)) : first;
    const triangles = repaired ? remapList(split.triangles, repaired.newIndex) : split.triangles;
    const before = repaired?.cracks;
    const cracks: CrackRepair = {
      joined: before?.joined ?? 0,
      edges: (before?.edges ?? 0) + split.edges,
      widest: Math.max(before?.widest ?? 0, split.farthest),
      triangles: mergeLists(before?.triangles ?? null, triangles),
      split: split.facets,
    };
    if (!repaired) {
      const { vertexIds, vertexCount, positions: points, triangleCount: count, bodies: ranges } = split;
      return { vertexIds, vertexCount, positions: points, triangleCount: count, bodies: ranges, newIndex: composed, cracks, holes: null, gaps: { loops: 0, largestLoop: 0, crackWidth: null } };
    }
    return { ...repaired, newIndex: composed, cracks };
  }
  return repairOpen(positions, triangleCount, weld, bodies, bounds, open);
}

/** The cracks and holes left after the T-junctions' split; null when it closed the surface. */
function repairSplit(split: { positions: Float32Array; triangleCount: number; vertexIds: Uint32Array; vertexCount: number; bodies: readonly TriangleRange[] }, bounds: RepairBounds): SurfaceRepair | null {
  const open = listOpenEdges(split, split.triangleCount);
  if (open.list.length === 0) return null;
  return repairOpen(split.positions, split.triangleCount, split, split.bodies, bounds, open);
}

function mergeLists(a: TriangleList | null, b: TriangleList): TriangleList {
  if (!a) return b;
  const out = new TriangleList();
  for (const t of a.indices) out.add(t);
  for (const t of b.indices) out.add(t);
  out.count = a.count + b.count;
  return out;
}

/** Cracks closed by joining facing open edges, then small flat holes filled. */
function repairOpen(positions: Float32Array, triangleCount: number, weld: WeldIds, bodies: readonly TriangleRange[], bounds: RepairBounds, first: OpenEdges): SurfaceRepair {
  let open = first;
  let current = weld;
  let points = positions;
  const crack = closeCracks(positions, triangleCount, weld, open, bodies, bounds);
  let cracks: CrackRepair | null = null;
  if (crack.unions.joined > 0) {
    const applied = applyUnion(positions, triangleCount, weld, crack.unions);
    current = applied;
    points = applied.positions;
    cracks = { joined: crack.unions.joined, edges: crack.edges, widest: crack.widest, triangles: applied.triangles };
    open = listOpenEdges(current, triangleCount);
  }
  const loops = traceLoops(open, current.vertexCount);
  const vertexPositions = firstCornerPositions(points, current, triangleCount);
  const fills: { triangle: number; corners: number[] }[] = [];
  let holes = 0, largest = 0;
  const left: number[][] = [];
  for (const loop of loops) {
    const corners = loop.map((i) => open.from[i] as number);
    if (loneTriangle(open, loop)) {
      // A facet on its own (all three edges open): its "hole" is its own back, not a gap.
      left.push(corners);
      continue;
    }
    const span = loopSpan(vertexPositions, corners);
    const triangles = span !== null && (corners.length === 3 || span <= bounds.hole) ? fillHole(vertexPositions, corners, span, bounds) : null;
    if (!triangles) {
      left.push(corners);
      continue;
    }
    holes++;
    largest = Math.max(largest, span ?? 0);
    fills.push({ triangle: ((open.list[loop[0] as number] as number) / 3) | 0, corners: triangles });
  }
  const gaps: OpenGaps = {
    loops: left.length + (loops.unclosed > 0 ? 1 : 0),
    largestLoop: left.reduce((m, corners) => Math.max(m, loopSpan(vertexPositions, corners) ?? 0), 0),
    crackWidth: crack.nearestUnjoined,
  };
  if (fills.length === 0) {
    return { ...current, positions: points, triangleCount, newIndex: (t) => t, bodies, cracks, holes: null, gaps };
  }
  return insertFills(points, triangleCount, current, bodies, fills, vertexPositions, { cracks, holes, largest, gaps });
}

/**
 * Facing open edges: a → b and c → d with d near a and c near b (or c near a and d near b when
 * their facets disagree on orientation), closer than half of either edge's length so that no facet
 * collapses. Pairs are taken closest first, each edge once; their ends are joined.
 */
function closeCracks(positions: Float32Array, triangleCount: number, weld: WeldIds, open: OpenEdges, bodies: readonly TriangleRange[], bounds: RepairBounds) {
  const unions = new VertexUnion(weld.vertexCount);
  const result = { unions, edges: 0, widest: 0, nearestUnjoined: null as number | null };
  if (!(bounds.crack > 0)) return result;
  const candidates = boundaryVerticesOf(open, weld.vertexCount);
  const points = vertexPoints(positions, weld, candidates);
  const group = vertexGroups(weld, bodies, triangleCount);
  const slot = new Int32Array(weld.vertexCount).fill(-1);
  candidates.forEach((v, i) => (slot[v] = i));
  // Near vertices of each candidate, within the report radius.
  const radius = bounds.crack * REPORT_FACTOR;
  const nearA: number[] = [], nearB: number[] = [];
  forEachNearPair(points, radius, (i, j) => {
    const vi = candidates[i] as number, vj = candidates[j] as number;
    if (group && group[vi] !== group[vj]) return;
    nearA.push(i, j);
    nearB.push(j, i);
  }, 256);
  const near = csr(candidates.length, nearA, nearB);
  // Open edges by their start and by their end vertex (candidate slots).
  const starting = csr(candidates.length, Array.from(open.from, (v) => slot[v] as number), Array.from(open.from, (_, e) => e));
  const ending = csr(candidates.length, Array.from(open.to, (v) => slot[v] as number), Array.from(open.to, (_, e) => e));
  const point = (v: number) => slot[v] as number;
  const distance = (i: number, j: number) =>
    Math.max(Math.abs((points[i * 3] as number) - (points[j * 3] as number)), Math.abs((points[i * 3 + 1] as number) - (points[j * 3 + 1] as number)), Math.abs((points[i * 3 + 2] as number) - (points[j * 3 + 2] as number)));
  const matches: { e: number; f: number; gap: number; flip: boolean }[] = [];
  for (let e = 0; e < open.list.length; e++) {
    const a = point(open.from[e] as number), b = point(open.to[e] as number);
    const length = distance(a, b);
    for (let k = near.start[a] as number; k < (near.start[a + 1] as number); k++) {
      const w = near.items[k] as number;
      // c → w facing a → b: w near a, c near b.
      for (const [list, flip] of [[ending, false], [starting, true]] as const) {
        for (let m = list.start[w] as number; m < (list.start[w + 1] as number); m++) {
          const f = list.items[m] as number;
          if (f <= e) continue;
          const c = point(flip ? (open.to[f] as number) : (open.from[f] as number));
          if (c === a || c === b || w === b) continue;
          const gap = Math.max(distance(a, w), distance(b, c));
          const otherLength = distance(w, c);
          if (gap > radius || gap * 2 >= length || gap * 2 >= otherLength) continue;
          matches.push({ e, f, gap, flip });
        }
      }
    }
  }
  matches.sort((x, y) => x.gap - y.gap);
  const used = new Uint8Array(open.list.length);
  for (const { e, f, gap, flip } of matches) {
    if (used[e] === 1 || used[f] === 1) continue;
    if (gap > bounds.crack) {
      result.nearestUnjoined = result.nearestUnjoined === null ? gap : Math.min(result.nearestUnjoined, gap);
      continue;
    }
    used[e] = 1;
    used[f] = 1;
    const a = open.from[e] as number, b = open.to[e] as number;
    const c = open.from[f] as number, d = open.to[f] as number;
    unions.union(a, flip ? c : d);
    unions.union(b, flip ? d : c);
    result.edges += 2;
    result.widest = Math.max(result.widest, gap);
  }
  return result;
}

function boundaryVerticesOf(open: OpenEdges, vertexCount: number): Int32Array {
  const on = new Uint8Array(vertexCount);
  for (let e = 0; e < open.list.length; e++) {
    on[open.from[e] as number] = 1;
    on[open.to[e] as number] = 1;
  }
  const list: number[] = [];
  for (let v = 0; v < vertexCount; v++) if (on[v] === 1) list.push(v);
  return Int32Array.from(list);
}

/** Compressed rows: `items[start[k]] … items[start[k + 1] - 1]` are the values whose key is k. */
function csr(rows: number, keys: ArrayLike<number>, values: ArrayLike<number>): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(rows + 1);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as number;
    if (k >= 0) start[k + 1] = (start[k + 1] as number) + 1;
  }
  for (let k = 0; k < rows; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
  const fill = start.slice(0, rows);
  const items = new Int32Array(start[rows] as number);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as number;
    if (k < 0) continue;
    const at = fill[k] as number;
    fill[k] = at + 1;
    items[at] = values[i] as number;
  }
  return { start, items };
}

/**
 * The boundary loops: each open edge followed by the one starting where it ends. A vertex where
 * several open edges start (two holes touching at a corner) makes its loops ambiguous: they are
 * not filled (`unclosed` counts the edges left).
 */
function traceLoops(open: OpenEdges, vertexCount: number): number[][] & { unclosed: number } {
  const n = open.list.length;
  const outgoing = new Int32Array(vertexCount).fill(-1);
  const ambiguous = new Uint8Array(vertexCount);
  for (let e = 0; e < n; e++) {
    const v = open.from[e] as number;
    if (outgoing[v] === -1) outgoing[v] = e;
    else ambiguous[v] = 1;
  }
  const visited = new Uint8Array(n);
  const loops = [] as unknown as number[][] & { unclosed: number };
  loops.unclosed = 0;
  for (let e0 = 0; e0 < n; e0++) {
    if (visited[e0] === 1) continue;
    const loop: number[] = [];
    let e = e0;
    let closed = false;
    while (e >= 0 && visited[e] === 0) {
      visited[e] = 1;
      loop.push(e);
      const v = open.to[e] as number;
      if (ambiguous[v] === 1) break;
      e = outgoing[v] as number;
      if (e === e0) closed = true;
    }
    if (closed && loop.length >= 3 && !loop.some((k) => ambiguous[open.from[k] as number] === 1)) loops.push(loop);
    else loops.unclosed += loop.length;
  }
  return loops;
}

/** Whether a loop is the three edges of one facet. */
function loneTriangle(open: OpenEdges, loop: number[]): boolean {
  if (loop.length !== 3) return false;
  const t = ((open.list[loop[0] as number] as number) / 3) | 0;
  return loop.every((e) => (((open.list[e] as number) / 3) | 0) === t);
}

/** x y z of the boundary's vertices, by vertex id (the others left 0): from the open edges' own corners. */
function boundaryPositions(positions: Float32Array, weld: WeldIds, open: OpenEdges): Float64Array {
  const out = new Float64Array(weld.vertexCount * 3);
  for (let e = 0; e < open.list.length; e++) {
    const h = open.list[e] as number;
    for (const c of [h, h % 3 === 2 ? h - 2 : h + 1]) {
      const v = weld.vertexIds[c] as number;
      out[v * 3] = positions[c * 3] as number;
      out[v * 3 + 1] = positions[c * 3 + 1] as number;
      out[v * 3 + 2] = positions[c * 3 + 2] as number;
    }
  }
  return out;
}

/** x y z of every vertex (its first corner). */
function firstCornerPositions(positions: Float32Array, weld: WeldIds, triangleCount: number): Float64Array {
  const out = new Float64Array(weld.vertexCount * 3);
  for (let c = triangleCount * 3 - 1; c >= 0; c--) {
    const v = weld.vertexIds[c] as number;
    out[v * 3] = positions[c * 3] as number;
    out[v * 3 + 1] = positions[c * 3 + 1] as number;
    out[v * 3 + 2] = positions[c * 3 + 2] as number;
  }
  return out;
}

/** The largest distance between two of a loop's corners (how far across it is); null for a loop too long to fill. */
function loopSpan(vertex: Float64Array, corners: number[]): number | null {
  if (corners.length > MAX_FILL_CORNERS) return null;
  let largest = 0;
  for (let i = 0; i < corners.length; i++) {
    const p = (corners[i] as number) * 3;
    for (let j = i + 1; j < corners.length; j++) {
      const q = (corners[j] as number) * 3;
      const dx = (vertex[p] as number) - (vertex[q] as number), dy = (vertex[p + 1] as number) - (vertex[q + 1] as number), dz = (vertex[p + 2] as number) - (vertex[q + 2] as number);
      largest = Math.max(largest, dx * dx + dy * dy + dz * dz);
    }
  }
  return Math.sqrt(largest);
}

/**
 * Triangles closing a flat loop (corner lists, vertex ids), or null when the loop is not flat or
 * its outline crosses itself. The loop runs the way its facets' edges run; the fill runs the
 * other way, so that it agrees with them on orientation. Ear clipping in the loop's plane.
 */
function fillHole(vertex: Float64Array, corners: number[], span: number | null, bounds: RepairBounds): number[] | null {
  const n = corners.length;
  if (n === 3) return [corners[2] as number, corners[1] as number, corners[0] as number];
  // The loop's plane: the least-variance direction of its corners.
  let cx = 0, cy = 0, cz = 0;
  for (const v of corners) {
    cx += vertex[v * 3] as number;
    cy += vertex[v * 3 + 1] as number;
    cz += vertex[v * 3 + 2] as number;
  }
  cx /= n; cy /= n; cz /= n;
  let xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0;
  for (const v of corners) {
    const x = (vertex[v * 3] as number) - cx, y = (vertex[v * 3 + 1] as number) - cy, z = (vertex[v * 3 + 2] as number) - cz;
    xx += x * x; yy += y * y; zz += z * z; xy += x * y; xz += x * z; yz += y * z;
  }
  const { vectors } = symmetricEigen3(xx, yy, zz, xy, xz, yz);
  // Columns: smallest variance first (the normal), then the two in-plane axes.
  const axis = (k: number) => [vectors[k] as number, vectors[3 + k] as number, vectors[6 + k] as number];
  const [normal, u, w] = [axis(0), axis(1), axis(2)] as [number[], number[], number[]];
  const flatness = Math.max(bounds.crack, FLATNESS * (span ?? 0));
  const reversed = [...corners].reverse();
  const xs: number[] = [], ys: number[] = [];
  for (const v of reversed) {
    const x = (vertex[v * 3] as number) - cx, y = (vertex[v * 3 + 1] as number) - cy, z = (vertex[v * 3 + 2] as number) - cz;
    if (Math.abs(x * (normal[0] as number) + y * (normal[1] as number) + z * (normal[2] as number)) > flatness) return null;
    xs.push(x * (u[0] as number) + y * (u[1] as number) + z * (u[2] as number));
    ys.push(x * (w[0] as number) + y * (w[1] as number) + z * (w[2] as number));
  }
  const order = earClip(xs, ys);
  return order ? order.map((k) => reversed[k] as number) : null;
}

/** The mesh with the fill triangles inserted after the triangles of their body. */
function insertFills(
  positions: Float32Array,
  triangleCount: number,
  weld: WeldIds,
  bodies: readonly TriangleRange[],
  fills: { triangle: number; corners: number[] }[],
  vertex: Float64Array,
  found: { cracks: CrackRepair | null; holes: number; largest: number; gaps: OpenGaps },
): SurfaceRepair {
  const inserted = insertTriangles(positions, triangleCount, weld, bodies, fills, vertex);
  const cracks = found.cracks ? { ...found.cracks, triangles: remapList(found.cracks.triangles, inserted.newIndex) } : null;
  return {
    ...inserted,
    cracks,
    holes: { holes: found.holes, addedTriangles: inserted.triangleCount - triangleCount, largest: found.largest, triangles: inserted.added },
    gaps: found.gaps,
  };
}

/** Triangles (vertex ids, three per triangle) inserted after the triangles of the body of `triangle`, their corners at `vertex`'s positions. */
function insertTriangles(positions: Float32Array, triangleCount: number, weld: WeldIds, bodies: readonly TriangleRange[], fills: { triangle: number; corners: number[] }[], vertex: Float64Array) {
  const ranges = bodies.length > 0 ? bodies : [{ firstTriangle: 0, triangleCount }];
  const bodyOf = (t: number) => {
    const k = ranges.findIndex((r) => t >= r.firstTriangle && t < r.firstTriangle + r.triangleCount);
    return k < 0 ? ranges.length - 1 : k;
  };
  const perBody: number[][] = ranges.map(() => []);
  for (const fill of fills) perBody[bodyOf(fill.triangle)]?.push(...fill.corners);
  const added = fills.reduce((sum, f) => sum + f.corners.length / 3, 0);
  const total = triangleCount + added;
  const out = new Float32Array(total * 9);
  const ids = new Uint32Array(total * 3);
  const shiftAt: number[] = [];
  const newBodies: TriangleRange[] = [];
  const list = new TriangleList();
  let at = 0;
  ranges.forEach((range, k) => {
    const from = range.firstTriangle;
    const count = range.triangleCount;
    out.set(positions.subarray(from * 9, (from + count) * 9), at * 9);
    ids.set(weld.vertexIds.subarray(from * 3, (from + count) * 3), at * 3);
    const start = at;
    at += count;
    const corners = perBody[k] ?? [];
    for (let c = 0; c < corners.length; c++) {
      const v = corners[c] as number;
      ids[at * 3 + (c % 3)] = v;
      out[(at * 3 + (c % 3)) * 3] = vertex[v * 3] as number;
      out[(at * 3 + (c % 3)) * 3 + 1] = vertex[v * 3 + 1] as number;
      out[(at * 3 + (c % 3)) * 3 + 2] = vertex[v * 3 + 2] as number;
      if (c % 3 === 2) list.add(at++);
    }
    shiftAt.push(at - start - count);
    newBodies.push({ ...range, firstTriangle: start, triangleCount: at - start });
  });
  // Triangles of body k move by the fills of the bodies before it.
  const offsets = shiftAt.map((_, k) => shiftAt.slice(0, k).reduce((a, b) => a + b, 0));
  const newIndex = (t: number) => t + (offsets[bodyOf(t)] ?? 0);
  return {
    vertexIds: ids,
    vertexCount: weld.vertexCount,
    positions: out,
    triangleCount: total,
    newIndex,
    bodies: bodies.length > 0 ? newBodies : [],
    added: list,
  };
}

/**
 * The facets whose open edges have the facing side's corners along them, split there (t-junctions.ts,
 * ADR 276): the first piece in the facet's place, the others after its body's triangles. Null when
 * none is.
 */
function splitAtTJunctions(positions: Float32Array, triangleCount: number, weld: WeldIds, open: OpenEdges, bodies: readonly TriangleRange[], bounds: RepairBounds) {
  const found = findTJunctions(boundaryPositions(positions, weld, open), weld.vertexIds, open, boundaryVerticesOf(open, weld.vertexCount), vertexGroups(weld, bodies, triangleCount), bounds.crack);
  if (!found) return null;
  // The pieces' corners include the facets' opposite corners: every vertex's position now.
  const vertex = firstCornerPositions(positions, weld, triangleCount);
  const inPlace = Float32Array.from(positions);
  const ids = Uint32Array.from(weld.vertexIds);
  const fills: { triangle: number; corners: number[] }[] = [];
  for (const [t, pieces] of found.pieces) {
    for (let c = 0; c < 3; c++) {
      const v = pieces[c] as number;
      ids[t * 3 + c] = v;
      inPlace.set([vertex[v * 3] as number, vertex[v * 3 + 1] as number, vertex[v * 3 + 2] as number], (t * 3 + c) * 3);
    }
    if (pieces.length > 3) fills.push({ triangle: t, corners: pieces.slice(3) });
  }
  const inserted = insertTriangles(inPlace, triangleCount, { vertexIds: ids, vertexCount: weld.vertexCount }, bodies, fills, vertex);
  const triangles = inserted.added;
  for (const t of found.pieces.keys()) triangles.add(inserted.newIndex(t));
  return { ...inserted, triangles, edges: found.edges, farthest: found.farthest, facets: found.pieces.size };
}

export function remapList(list: TriangleList, newIndex: (t: number) => number): TriangleList {
  const out = new TriangleList();
  for (const t of list.indices) out.add(newIndex(t));
  out.count = list.count;
  return out;
}
