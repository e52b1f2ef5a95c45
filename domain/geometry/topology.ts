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

/**
 * Shells by union-find on vertex ids. Links always point to the smaller root, so every parent is
 * at most its child and one pass in id order compresses every path; shells are then numbered in
 * the order of their first triangle.
 */
function findShells(vertexIds: Uint32Array, vertexCount: number, triangleCount: number) {
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  for (let t = 0; t < triangleCount; t++) {
    let a = vertexIds[t * 3] as number;
    let b = vertexIds[t * 3 + 1] as number;
    let c = vertexIds[t * 3 + 2] as number;
    a = root(parent, a);
    b = root(parent, b);
    if (a !== b) {
      if (a < b) parent[b] = a;
      else {
        parent[a] = b;
        a = b;
      }
    }
    c = root(parent, c);
    if (a !== c) {
      if (a < c) parent[c] = a;
      else parent[a] = c;
    }
  }
  for (let v = 0; v < vertexCount; v++) parent[v] = parent[parent[v] as number] as number;
  const shellOfRoot = new Int32Array(vertexCount).fill(-1);
  const shellOfTriangle = new Int32Array(triangleCount);
  let shellCount = 0;
  for (let t = 0; t < triangleCount; t++) {
    const r = parent[vertexIds[t * 3] as number] as number;
    let shell = shellOfRoot[r] as number;
    if (shell < 0) {
      shell = shellCount++;
      shellOfRoot[r] = shell;
    }
    shellOfTriangle[t] = shell;
  }
  return { shellOfTriangle, shellCount };
}

/** The root of v, halving the path on the way (parent[x] <= x throughout). */
function root(parent: Int32Array, v: number): number {
  let x = v;
  let p = parent[x] as number;
  while (p !== x) {
    const grand = parent[p] as number;
    parent[x] = grand;
    x = grand;
    p = parent[x] as number;
  }
  return x;
}

const OPEN = 1;
const NON_MANIFOLD = 2;
const MISORIENTED = 4;

/**
 * Edges grouped by their lower vertex id (a counting sort) as (higher id, half-edge code) pairs
 * in one array; the code is triangle * 2 + 1 when the edge runs from the lower id to the higher.
 */
function edgeCensus(
  vertexIds: Uint32Array,
  vertexCount: number,
  triangleCount: number,
  shellOfTriangle: Int32Array,
  shellCount: number,
) {
  const collapsedTriangles = new TriangleList();
  // group[v] counts v's edges, then (prefix sums) marks the end of v's group; placing fills each
  // group from its end, which leaves group[v] at its start: v's edges are group[v] .. group[v + 1].
  const group = new Int32Array(vertexCount + 1);
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (a === b || b === c || a === c) {
      collapsedTriangles.add(t);
      continue;
    }
    countEdge(group, a < b ? a : b);
    countEdge(group, b < c ? b : c);
    countEdge(group, c < a ? c : a);
  }
  for (let v = 1; v < vertexCount; v++) group[v] = (group[v] as number) + (group[v - 1] as number);
  const edgeTotal = vertexCount > 0 ? (group[vertexCount - 1] as number) : 0;
  group[vertexCount] = edgeTotal;
  const edges = new Int32Array(edgeTotal * 2);
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (a === b || b === c || a === c) continue;
    placeEdge(group, edges, a, b, t);
    placeEdge(group, edges, b, c, t);
    placeEdge(group, edges, c, a, t);
  }
  return classifyEdges(group, edges, vertexCount, triangleCount, shellOfTriangle, shellCount, collapsedTriangles);
}

function countEdge(group: Int32Array, lower: number): void {
  group[lower] = (group[lower] as number) + 1;
}

/** Puts the half-edge from → to of triangle t at the end of its lower vertex's group. */
function placeEdge(group: Int32Array, edges: Int32Array, from: number, to: number, t: number): void {
  const lower = from < to ? from : to;
  const at = (group[lower] as number) - 1;
  group[lower] = at;
  edges[at * 2] = from < to ? to : from;
  edges[at * 2 + 1] = t * 2 + (from < to ? 1 : 0);
}

function classifyEdges(
  group: Int32Array,
  edges: Int32Array,
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
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const e = group[v + 1] as number;
    if (e - s > 1) sortGroup(edges, s, e);
    let k = s;
    while (k < e) {
      const other = edges[k * 2] as number;
      let run = k + 1;
      while (run < e && edges[run * 2] === other) run++;
      const size = run - k;
      if (size === 2) {
        const p = edges[k * 2 + 1] as number, q = edges[k * 2 + 3] as number;
        if (((p ^ q) & 1) === 0) {
          misorientedEdgeCount++;
          flags[p >>> 1] = (flags[p >>> 1] as number) | MISORIENTED;
          flags[q >>> 1] = (flags[q >>> 1] as number) | MISORIENTED;
        }
      } else {
        const flag = size === 1 ? OPEN : NON_MANIFOLD;
        if (size === 1) openEdgeCount++;
        else nonManifoldEdgeCount++;
        for (let j = k; j < run; j++) {
          const t = (edges[j * 2 + 1] as number) >>> 1;
          flags[t] = (flags[t] as number) | flag;
          shellIsOpen[shellOfTriangle[t] as number] = 1;
        }
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
 * Sorts one group of (other, code) pairs by the other vertex id, stably: insertion sort for the
 * usual small groups (about 3 to 6 entries), a packed numeric sort for high-valence vertices
 * (cone tips, fan centres).
 */
function sortGroup(edges: Int32Array, from: number, to: number): void {
  if (to - from > 32) {
    sortLargeGroup(edges, from, to);
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const o = edges[i * 2] as number;
    const c = edges[i * 2 + 1] as number;
    let j = i - 1;
    while (j >= from && (edges[j * 2] as number) > o) {
      edges[j * 2 + 2] = edges[j * 2] as number;
      edges[j * 2 + 3] = edges[j * 2 + 1] as number;
      j--;
    }
    edges[j * 2 + 2] = o;
    edges[j * 2 + 3] = c;
  }
}

const INDEX_BITS = 2 ** 22;

function sortLargeGroup(edges: Int32Array, from: number, to: number): void {
  const n = to - from;
  const pairs = edges.slice(from * 2, to * 2);
  if (n >= INDEX_BITS) {
    const order = Array.from({ length: n }, (_, k) => k);
    order.sort((a, b) => (pairs[a * 2] as number) - (pairs[b * 2] as number) || a - b);
    order.forEach((k, i) => {
      edges[(from + i) * 2] = pairs[k * 2] as number;
      edges[(from + i) * 2 + 1] = pairs[k * 2 + 1] as number;
    });
    return;
  }
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (pairs[k * 2] as number) * INDEX_BITS + k;
  keys.sort();
  for (let k = 0; k < n; k++) {
    const key = keys[k] as number;
    const original = key % INDEX_BITS;
    edges[(from + k) * 2] = (key - original) / INDEX_BITS;
    edges[(from + k) * 2 + 1] = pairs[original * 2 + 1] as number;
  }
}
