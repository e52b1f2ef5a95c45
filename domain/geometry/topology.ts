/**
 * Topology of a welded mesh: shells (connected bodies, by union-find on vertex ids) and the edge
 * census (open, non-manifold, and edges whose two faces disagree on orientation).
 * Edges are grouped by their lower vertex id with a counting sort, then each small group is sorted
 * by the higher id: linear time, typed arrays only, fit for millions of triangles.
 */
import { TriangleList } from './findings';

export interface Topology {
  /** Shell index of each triangle. */
  readonly shellOfTriangle: Int32Array;
  readonly shellCount: number;
  /** 1 for shells with an open or non-manifold edge. */
  readonly shellIsOpen: Uint8Array;
  readonly openEdgeCount: number;
  readonly nonManifoldEdgeCount: number;
  readonly misorientedEdgeCount: number;
  readonly openTriangles: TriangleList;
  readonly nonManifoldTriangles: TriangleList;
  readonly misorientedTriangles: TriangleList;
  /** Triangles with a repeated corner (zero area); left out of the edge census. */
  readonly collapsedTriangles: TriangleList;
}

export function analyseTopology(vertexIds: Uint32Array, vertexCount: number, triangleCount: number): Topology {
  const { shellOfTriangle, shellCount } = findShells(vertexIds, vertexCount, triangleCount);
  const census = edgeCensus(vertexIds, vertexCount, triangleCount, shellOfTriangle, shellCount);
  return { shellOfTriangle, shellCount, ...census };
}

function findShells(vertexIds: Uint32Array, vertexCount: number, triangleCount: number) {
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  const find = (v: number): number => {
    let x = v;
    while (parent[x] !== x) {
      const grand = parent[parent[x] as number] as number;
      parent[x] = grand;
      x = grand;
    }
    return x;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) {
      if (ra < rb) parent[rb] = ra;
      else parent[ra] = rb;
    }
  };
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number;
    union(a, vertexIds[t * 3 + 1] as number);
    union(a, vertexIds[t * 3 + 2] as number);
  }
  const shellOfRoot = new Int32Array(vertexCount).fill(-1);
  const shellOfTriangle = new Int32Array(triangleCount);
  let shellCount = 0;
  for (let t = 0; t < triangleCount; t++) {
    const root = find(vertexIds[t * 3] as number);
    let shell = shellOfRoot[root] as number;
    if (shell < 0) {
      shell = shellCount++;
      shellOfRoot[root] = shell;
    }
    shellOfTriangle[t] = shell;
  }
  return { shellOfTriangle, shellCount };
}

function countEdge(start: Uint32Array, lower: number): void {
  start[lower + 1] = (start[lower + 1] as number) + 1;
}

const OPEN = 1;
const NON_MANIFOLD = 2;
const MISORIENTED = 4;

function edgeCensus(
  vertexIds: Uint32Array,
  vertexCount: number,
  triangleCount: number,
  shellOfTriangle: Int32Array,
  shellCount: number,
) {
  const collapsedTriangles = new TriangleList();
  const start = new Uint32Array(vertexCount + 1);
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (a === b || b === c || a === c) {
      collapsedTriangles.add(t);
      continue;
    }
    countEdge(start, a < b ? a : b);
    countEdge(start, b < c ? b : c);
    countEdge(start, c < a ? c : a);
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] = (start[v + 1] as number) + (start[v] as number);
  const edgeTotal = start[vertexCount] as number;
  const other = new Uint32Array(edgeTotal);
  /** Half-edge code: triangle * 2 + (1 when the edge runs from the lower to the higher id). */
  const code = new Uint32Array(edgeTotal);
  const fill = start.slice(0, vertexCount);
  const place = (from: number, to: number, t: number): void => {
    const lo = from < to ? from : to;
    const at = fill[lo] as number;
    fill[lo] = at + 1;
    other[at] = from < to ? to : from;
    code[at] = t * 2 + (from < to ? 1 : 0);
  };
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (a === b || b === c || a === c) continue;
    place(a, b, t);
    place(b, c, t);
    place(c, a, t);
  }
  return classifyEdges(start, other, code, vertexCount, triangleCount, shellOfTriangle, shellCount, collapsedTriangles);
}

function classifyEdges(
  start: Uint32Array,
  other: Uint32Array,
  code: Uint32Array,
  vertexCount: number,
  triangleCount: number,
  shellOfTriangle: Int32Array,
  shellCount: number,
  collapsedTriangles: TriangleList,
) {
  const flags = new Uint8Array(triangleCount);
  const shellIsOpen = new Uint8Array(shellCount);
  let openEdgeCount = 0;
  let nonManifoldEdgeCount = 0;
  let misorientedEdgeCount = 0;
  const mark = (from: number, to: number, flag: number): void => {
    for (let k = from; k < to; k++) {
      const t = (code[k] as number) >>> 1;
      flags[t] = (flags[t] as number) | flag;
      if (flag !== MISORIENTED) shellIsOpen[shellOfTriangle[t] as number] = 1;
    }
  };
  for (let v = 0; v < vertexCount; v++) {
    const s = start[v] as number;
    const e = start[v + 1] as number;
    sortGroup(other, code, s, e);
    let k = s;
    while (k < e) {
      let run = k + 1;
      while (run < e && other[run] === other[k]) run++;
      const size = run - k;
      if (size === 1) {
        openEdgeCount++;
        mark(k, run, OPEN);
      } else if (size > 2) {
        nonManifoldEdgeCount++;
        mark(k, run, NON_MANIFOLD);
      } else if (((code[k] as number) & 1) === ((code[k + 1] as number) & 1)) {
        misorientedEdgeCount++;
        mark(k, run, MISORIENTED);
      }
      k = run;
    }
  }
  const openTriangles = new TriangleList();
  const nonManifoldTriangles = new TriangleList();
  const misorientedTriangles = new TriangleList();
  for (let t = 0; t < triangleCount; t++) {
    const f = flags[t] as number;
    if (f === 0) continue;
    if (f & OPEN) openTriangles.add(t);
    if (f & NON_MANIFOLD) nonManifoldTriangles.add(t);
    if (f & MISORIENTED) misorientedTriangles.add(t);
  }
  return {
    shellIsOpen,
    openEdgeCount,
    nonManifoldEdgeCount,
    misorientedEdgeCount,
    openTriangles,
    nonManifoldTriangles,
    misorientedTriangles,
    collapsedTriangles,
  };
}

/**
 * Sorts one group by the other vertex id: insertion sort for the usual small groups (about 3 to 6
 * entries), a packed numeric sort for high-valence vertices (cone tips, fan centres).
 */
function sortGroup(other: Uint32Array, code: Uint32Array, from: number, to: number): void {
  if (to - from > 32) {
    sortLargeGroup(other, code, from, to);
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const o = other[i] as number;
    const c = code[i] as number;
    let j = i - 1;
    while (j >= from && (other[j] as number) > o) {
      other[j + 1] = other[j] as number;
      code[j + 1] = code[j] as number;
      j--;
    }
    other[j + 1] = o;
    code[j + 1] = c;
  }
}

const INDEX_BITS = 2 ** 22;

function sortLargeGroup(other: Uint32Array, code: Uint32Array, from: number, to: number): void {
  const n = to - from;
  if (n >= INDEX_BITS) {
    sortHugeGroup(other, code, from, to);
    return;
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (other[from + k] as number) * INDEX_BITS + k;
  keys.sort();
  const codes = code.slice(from, to);
  for (let k = 0; k < n; k++) {
    const key = keys[k] as number;
    const original = key % INDEX_BITS;
    other[from + k] = (key - original) / INDEX_BITS;
    code[from + k] = codes[original] as number;
  }
}

function sortHugeGroup(other: Uint32Array, code: Uint32Array, from: number, to: number): void {
  const others = other.slice(from, to);
  const codes = code.slice(from, to);
  const order = Array.from({ length: to - from }, (_, k) => k);
  order.sort((a, b) => (others[a] as number) - (others[b] as number));
  order.forEach((k, i) => {
    other[from + i] = others[k] as number;
    code[from + i] = codes[k] as number;
  });
}
