/**
 * Topology of a welded mesh: shells (connected bodies, by union-find on vertex ids) and the edge
 * census (open, non-manifold, and edges whose two faces disagree on orientation).
 * Edges are grouped by their lower vertex id with a counting sort, then each small group is sorted
 * by the higher id: linear time, typed arrays only, fit for millions of triangles.
 */
import { TriangleList } from './findings';
import { scratchInt32 } from './scratch';

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
  /**
   * `pairHalfEdges` of the same weld, found by the census's own pass over the edges (the two
   * sides of an edge of two triangles): the checks and the hole search take it rather than
   * group and sort every edge again (issue 39 item 4, ADR 233).
   */
  readonly twins: Int32Array;
}

/**
 * Shells and the edge census of a welded mesh (vertex ids per corner, 3 per triangle). Returns
 * each triangle's shell, which shells are open, and the counts and located triangles of open,
 * non-manifold and misoriented edges (counts of edges; triangle lists capped for findings).
 */
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
  const parent = scratchInt32('shells.parent', vertexCount);
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
  const shellOfRoot = scratchInt32('shells.root', vertexCount);
  shellOfRoot.fill(-1);
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
 * Half-edges grouped by their lower vertex id. Half-edge `h = 3t + k` runs from corner k of
 * triangle t to corner k + 1 (mod 3). The half-edges of vertex v's group are
 * `halfEdges[group[v]] … halfEdges[group[v + 1] - 1]`; after `sortEdgeGroups` each group is
 * ordered by the other vertex, so the two sides of an edge are neighbours.
 */
export interface EdgeGroups {
  readonly group: Int32Array;
  readonly halfEdges: Int32Array;
}

/** The vertex id a half-edge runs to. */
export function edgeEnd(vertexIds: Uint32Array, h: number): number {
  const k = h % 3;
  return vertexIds[k === 2 ? h - 2 : h + 1] as number;
}

/**
 * Groups the half-edges of a welded mesh by lower vertex (a counting sort: linear time, 4 bytes
 * a half-edge). Triangles with a repeated corner are left out (and listed in `collapsed`).
 * The arrays are scratch (scratch.ts): valid until the next call.
 */
function groupEdges(vertexIds: Uint32Array, vertexCount: number, triangleCount: number, collapsed?: TriangleList): EdgeGroups {
  // group[v] counts v's edges, then (prefix sums) marks the end of v's group; placing fills each
  // group from its end, which leaves group[v] at its start.
  const group = scratchInt32('edges.group', vertexCount + 1, true);
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (a === b || b === c || a === c) {
      collapsed?.add(t);
      continue;
    }
    countEdge(group, a < b ? a : b);
    countEdge(group, b < c ? b : c);
    countEdge(group, c < a ? c : a);
  }
  for (let v = 1; v < vertexCount; v++) group[v] = (group[v] as number) + (group[v - 1] as number);
  const edgeTotal = vertexCount > 0 ? (group[vertexCount - 1] as number) : 0;
  group[vertexCount] = edgeTotal;
  const halfEdges = scratchInt32('edges.halfEdges', edgeTotal);
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (a === b || b === c || a === c) continue;
    placeEdge(group, halfEdges, a < b ? a : b, t * 3);
    placeEdge(group, halfEdges, b < c ? b : c, t * 3 + 1);
    placeEdge(group, halfEdges, c < a ? c : a, t * 3 + 2);
  }
  return { group, halfEdges };
}

function countEdge(group: Int32Array, lower: number): void {
  group[lower] = (group[lower] as number) + 1;
}

function placeEdge(group: Int32Array, halfEdges: Int32Array, lower: number, h: number): void {
  const at = (group[lower] as number) - 1;
  group[lower] = at;
  halfEdges[at] = h;
}

function edgeCensus(
  vertexIds: Uint32Array,
  vertexCount: number,
  triangleCount: number,
  shellOfTriangle: Int32Array,
  shellCount: number,
) {
  const collapsedTriangles = new TriangleList();
  const edges = groupEdges(vertexIds, vertexCount, triangleCount, collapsedTriangles);
  const { group, halfEdges } = edges;
  const flags = new Uint8Array(triangleCount);
  const twins = new Int32Array(triangleCount * 3).fill(-1);
  const shellIsOpen = new Uint8Array(shellCount);
  let openEdgeCount = 0;
  let nonManifoldEdgeCount = 0;
  let misorientedEdgeCount = 0;
  let others = new Int32Array(64);
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const e = group[v + 1] as number;
    const n = e - s;
    if (n === 0) continue;
    if (n > others.length) others = new Int32Array(n * 2);
    for (let i = 0; i < n; i++) {
      const h = halfEdges[s + i] as number;
      const from = vertexIds[h] as number;
      // The sign records the direction: + when the half-edge runs from v (the lower id) upwards.
      others[i] = from === v ? edgeEnd(vertexIds, h) + 1 : -(from + 1);
    }
    sortByOther(halfEdges, others, s, n);
    let k = 0;
    while (k < n) {
      const other = Math.abs(others[k] as number);
      let run = k + 1;
      while (run < n && Math.abs(others[run] as number) === other) run++;
      const size = run - k;
      if (size === 2) {
        const ph = halfEdges[s + k] as number;
        const qh = halfEdges[s + k + 1] as number;
        twins[ph] = qh;
        twins[qh] = ph;
        if ((others[k] as number) > 0 === (others[k + 1] as number) > 0) {
          misorientedEdgeCount++;
          const p = ((halfEdges[s + k] as number) / 3) | 0;
          const q = ((halfEdges[s + k + 1] as number) / 3) | 0;
          flags[p] = (flags[p] as number) | MISORIENTED;
          flags[q] = (flags[q] as number) | MISORIENTED;
        }
      } else {
        const flag = size === 1 ? OPEN : NON_MANIFOLD;
        if (size === 1) openEdgeCount++;
        else nonManifoldEdgeCount++;
        for (let j = k; j < run; j++) {
          const t = ((halfEdges[s + j] as number) / 3) | 0;
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
    twins,
  };
}

/**
 * Sorts a group's entries by |others| (the other vertex + 1), stably, keeping the half-edges
 * alongside: insertion sort for the usual small groups (about 3 to 6 entries), a packed numeric
 * sort for high-valence vertices (cone tips, fan centres).
 */
function sortByOther(halfEdges: Int32Array, others: Int32Array, s: number, n: number): void {
  if (n > 32) {
    sortLargeGroup(halfEdges, others, s, n);
    return;
  }
  for (let i = 1; i < n; i++) {
    const o = others[i] as number;
    const key = Math.abs(o);
    const h = halfEdges[s + i] as number;
    let j = i - 1;
    while (j >= 0 && Math.abs(others[j] as number) > key) {
      others[j + 1] = others[j] as number;
      halfEdges[s + j + 1] = halfEdges[s + j] as number;
      j--;
    }
    others[j + 1] = o;
    halfEdges[s + j + 1] = h;
  }
}

const INDEX_BITS = 2 ** 22;

function sortLargeGroup(halfEdges: Int32Array, others: Int32Array, s: number, n: number): void {
  const signed = others.slice(0, n);
  const original = halfEdges.slice(s, s + n);
  let order: ArrayLike<number>;
  if (n < INDEX_BITS) {
    // |other| < 2^31 and k < 2^22: the packed key is an exact double, and a typed sort is numeric.
    const keys = new Float64Array(n);
    for (let k = 0; k < n; k++) keys[k] = Math.abs(signed[k] as number) * INDEX_BITS + k;
    keys.sort();
    order = keys.map((key) => key % INDEX_BITS);
  } else {
    order = Array.from({ length: n }, (_, k) => k).sort((a, b) => Math.abs(signed[a] as number) - Math.abs(signed[b] as number) || a - b);
  }
  for (let i = 0; i < n; i++) {
    const k = order[i] as number;
    halfEdges[s + i] = original[k] as number;
    others[i] = signed[k] as number;
  }
}

/**
 * A mesh's weld and its edge neighbours (`pairHalfEdges`), computed once when first asked for:
 * the manufacturing checks (walls, supports, holes) all join facets over shared edges, and at 1M
 * facets each weld costs about 300 ms and each pairing 150 ms.
 */
export interface MeshEdges {
  readonly vertexIds: Uint32Array;
  readonly vertexCount: number;
  /** `pairHalfEdges` of the weld, computed on first use. */
  readonly twins?: Int32Array;
}

/** The weld of an analysed mesh with its edge neighbours paired on first use. */
export function meshEdges(vertexIds: Uint32Array, vertexCount: number, triangleCount: number): MeshEdges {
  let twins: Int32Array | undefined;
  return {
    vertexIds,
    vertexCount,
    get twins() {
      twins ??= pairHalfEdges(vertexIds, vertexCount, triangleCount);
      return twins;
    },
  };
}

/**
 * The other side of every manifold edge: `twin[h]` is the half-edge of the neighbouring
 * triangle along half-edge h (same two vertices), or -1 when the edge is open, shared by more
 * than two triangles, or belongs to a triangle with a repeated corner. The two sides run in
 * opposite directions when their triangles agree on orientation.
 */
export function pairHalfEdges(vertexIds: Uint32Array, vertexCount: number, triangleCount: number): Int32Array {
  const { group, halfEdges } = groupEdges(vertexIds, vertexCount, triangleCount);
  const twin = new Int32Array(triangleCount * 3).fill(-1);
  let others = new Int32Array(64);
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const n = (group[v + 1] as number) - s;
    if (n < 2) continue;
    if (n > others.length) others = new Int32Array(n * 2);
    for (let i = 0; i < n; i++) {
      const h = halfEdges[s + i] as number;
      const from = vertexIds[h] as number;
      others[i] = from === v ? edgeEnd(vertexIds, h) + 1 : -(from + 1);
    }
    sortByOther(halfEdges, others, s, n);
    let k = 0;
    while (k < n) {
      const other = Math.abs(others[k] as number);
      let run = k + 1;
      while (run < n && Math.abs(others[run] as number) === other) run++;
      if (run - k === 2) {
        const p = halfEdges[s + k] as number;
        const q = halfEdges[s + k + 1] as number;
        twin[p] = q;
        twin[q] = p;
      }
      k = run;
    }
  }
  return twin;
}

/**
 * The half-edges that no other triangle shares (the open edges' one side each), in vertex order:
 * what the repair (repair.ts) joins or fills. Triangles with a repeated corner are left out.
 */
export function openHalfEdges(vertexIds: Uint32Array, vertexCount: number, triangleCount: number): Int32Array {
  const { group, halfEdges } = groupEdges(vertexIds, vertexCount, triangleCount);
  let open = new Int32Array(1024);
  let count = 0;
  let others = new Int32Array(64);
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const n = (group[v + 1] as number) - s;
    if (n === 0) continue;
    if (n > others.length) others = new Int32Array(n * 2);
    for (let i = 0; i < n; i++) {
      const h = halfEdges[s + i] as number;
      const from = vertexIds[h] as number;
      others[i] = from === v ? edgeEnd(vertexIds, h) + 1 : -(from + 1);
    }
    sortByOther(halfEdges, others, s, n);
    let k = 0;
    while (k < n) {
      const other = Math.abs(others[k] as number);
      let run = k + 1;
      while (run < n && Math.abs(others[run] as number) === other) run++;
      if (run - k === 1) {
        if (count === open.length) {
          const grown = new Int32Array(count * 2);
          grown.set(open);
          open = grown;
        }
        open[count++] = halfEdges[s + k] as number;
      }
      k = run;
    }
  }
  return open.slice(0, count);
}
