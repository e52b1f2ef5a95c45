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
 *
 * Two passes over the triangles, then one over the edge groups (docs/decisions/070-geometry-engine-passes.md):
 * 1. link each triangle's corners in the union-find and count its edges by lower vertex;
 * 2. number each triangle's shell and place its half-edges in their groups;
 * 3. sort each group by the other vertex and classify its edges (`censusGroups`).
 */
export function analyseTopology(vertexIds: Uint32Array, vertexCount: number, triangleCount: number): Topology {
  const collapsedTriangles = new TriangleList();
  const parent = scratchInt32('shells.parent', vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  const shellOfTriangle = new Int32Array(triangleCount);
  // Every half-edge gets its twin or -1 below (collapsed triangles in pass 2, the rest in pass 3),
  // so the array is not filled with -1 first.
  const twins = new Int32Array(triangleCount * 3);
  const { edges, shellCount } = groupEdges(vertexIds, vertexCount, triangleCount, collapsedTriangles, { parent, shellOfTriangle, twins });
  const census = censusGroups(vertexCount, triangleCount, edges, shellOfTriangle, shellCount, twins);
  return { shellOfTriangle, shellCount, ...census, collapsedTriangles, twins };
}

/** The union-find root of v, halving the path on the way (parent[x] <= x throughout). */
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

/**
 * Joins the shells of a, b and c. Links always point to the smaller root, so every parent is at
 * most its child and one pass in id order then compresses every path.
 */
function link(parent: Int32Array, a0: number, b0: number, c0: number): void {
  let a = root(parent, a0);
  const b = root(parent, b0);
  if (a !== b) {
    if (a < b) parent[b] = a;
    else {
      parent[a] = b;
      a = b;
    }
  }
  const c = root(parent, c0);
  if (a !== c) {
    if (a < c) parent[c] = a;
    else parent[a] = c;
  }
}

const OPEN = 1;
const NON_MANIFOLD = 2;
const MISORIENTED = 4;

/**
 * Half-edges grouped by their lower vertex id. Half-edge `h = 3t + k` runs from corner k of
 * triangle t to corner k + 1 (mod 3). The half-edges of vertex v's group are
 * `halfEdges[group[v]] … halfEdges[group[v + 1] - 1]`; `others` holds, at the same index, the
 * other vertex + 1, negative when the half-edge runs down to v (so the census reads its groups
 * in order instead of looking each half-edge's ends up in the corner ids). After
 * `sortGroup` each group is ordered by the other vertex, so the two sides of an edge are neighbours.
 */
export interface EdgeGroups {
  readonly group: Int32Array;
  readonly halfEdges: Int32Array;
  readonly others: Int32Array;
}

/** What `analyseTopology` finds in the same two passes as the grouping. */
interface ShellPasses {
  /** Union-find parents, one per vertex, each its own root to start with. */
  readonly parent: Int32Array;
  /** Filled with each triangle's shell. */
  readonly shellOfTriangle: Int32Array;
  /** Set to -1 for the half-edges of collapsed triangles (they are in no group). */
  readonly twins: Int32Array;
}

/**
 * Groups the half-edges of a welded mesh by lower vertex (a counting sort: linear time, 8 bytes
 * a half-edge). Triangles with a repeated corner are left out (and listed in `collapsed`).
 * With `shells`, the same two passes over the triangles also find the shells: the first links
 * corners in the union-find as it counts edges, the second numbers shells, in the order of their
 * first triangle, as it places edges. The arrays are scratch (scratch.ts): valid until the next call.
 */
function groupEdges(
  vertexIds: Uint32Array,
  vertexCount: number,
  triangleCount: number,
  collapsed?: TriangleList,
  shells?: ShellPasses,
): { edges: EdgeGroups; shellCount: number } {
  // group[v] counts v's edges, then (prefix sums) marks the end of v's group; placing fills each
  // group from its end, which leaves group[v] at its start.
  const group = scratchInt32('edges.group', vertexCount + 1, true);
  const parent = shells?.parent;
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (parent) link(parent, a, b, c);
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
  const others = scratchInt32('edges.others', edgeTotal);
  let shellCount = 0;
  let shellOfRoot: Int32Array | undefined;
  if (parent) {
    for (let v = 0; v < vertexCount; v++) parent[v] = parent[parent[v] as number] as number;
    shellOfRoot = scratchInt32('shells.root', vertexCount);
    shellOfRoot.fill(-1);
  }
  for (let t = 0; t < triangleCount; t++) {
    const a = vertexIds[t * 3] as number, b = vertexIds[t * 3 + 1] as number, c = vertexIds[t * 3 + 2] as number;
    if (shells && shellOfRoot && parent) {
      const r = parent[a] as number;
      let shell = shellOfRoot[r] as number;
      if (shell < 0) {
        shell = shellCount++;
        shellOfRoot[r] = shell;
      }
      shells.shellOfTriangle[t] = shell;
    }
    if (a === b || b === c || a === c) {
      if (shells) shells.twins.fill(-1, t * 3, t * 3 + 3);
      continue;
    }
    placeEdge(group, halfEdges, others, a, b, t * 3);
    placeEdge(group, halfEdges, others, b, c, t * 3 + 1);
    placeEdge(group, halfEdges, others, c, a, t * 3 + 2);
  }
  return { edges: { group, halfEdges, others }, shellCount };
}

function countEdge(group: Int32Array, lower: number): void {
  group[lower] = (group[lower] as number) + 1;
}

/** Places half-edge h, from vertex `from` to vertex `to`, in the group of the lower of the two. */
function placeEdge(group: Int32Array, halfEdges: Int32Array, others: Int32Array, from: number, to: number, h: number): void {
  const lower = from < to ? from : to;
  const at = (group[lower] as number) - 1;
  group[lower] = at;
  halfEdges[at] = h;
  // The sign records the direction: + when the half-edge runs from the lower id upwards.
  others[at] = from === lower ? to + 1 : -(from + 1);
}

/**
 * Pass 3 of `analyseTopology`: each group sorted by the other vertex, each run of equal other
 * vertex is one edge: one half-edge is open, two are a pair (misoriented when they run the same
 * way), more are non-manifold. Writes every grouped half-edge's twin (or -1) and flags the
 * triangles, then lists the flagged triangles in triangle order.
 */
function censusGroups(
  vertexCount: number,
  triangleCount: number,
  edges: EdgeGroups,
  shellOfTriangle: Int32Array,
  shellCount: number,
  twins: Int32Array,
) {
  const { group, halfEdges, others } = edges;
  // Per triangle, OPEN | NON_MANIFOLD | MISORIENTED: taken (scratch, zeroed) at the first flag,
  // so a closed, consistent mesh (most parts) needs neither the array nor a pass to list flags.
  let flags: Int32Array | undefined;
  const shellIsOpen = new Uint8Array(shellCount);
  let openEdgeCount = 0;
  let nonManifoldEdgeCount = 0;
  let misorientedEdgeCount = 0;
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const n = (group[v + 1] as number) - s;
    if (n === 0) continue;
    if (n > 1) sortGroup(halfEdges, others, s, n);
    const e = s + n;
    let k = s;
    while (k < e) {
      const first = others[k] as number;
      const other = first < 0 ? -first : first;
      let run = k + 1;
      while (run < e && Math.abs(others[run] as number) === other) run++;
      const size = run - k;
      if (size === 2) {
        const ph = halfEdges[k] as number;
        const qh = halfEdges[k + 1] as number;
        twins[ph] = qh;
        twins[qh] = ph;
        if (first > 0 === (others[k + 1] as number) > 0) {
          flags ??= scratchInt32('census.flags', triangleCount, true);
          misorientedEdgeCount++;
          const p = (ph / 3) | 0;
          const q = (qh / 3) | 0;
          flags[p] = (flags[p] as number) | MISORIENTED;
          flags[q] = (flags[q] as number) | MISORIENTED;
        }
      } else {
        flags ??= scratchInt32('census.flags', triangleCount, true);
        const flag = size === 1 ? OPEN : NON_MANIFOLD;
        if (size === 1) openEdgeCount++;
        else nonManifoldEdgeCount++;
        for (let j = k; j < run; j++) {
          const h = halfEdges[j] as number;
          twins[h] = -1;
          const t = (h / 3) | 0;
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
  if (flags) {
    for (let t = 0; t < triangleCount; t++) {
      const f = flags[t] as number;
      if (f === 0) continue;
      if (f & OPEN) openTriangles.add(t);
      if (f & NON_MANIFOLD) nonManifoldTriangles.add(t);
      if (f & MISORIENTED) misorientedTriangles.add(t);
    }
  }
  return {
    shellIsOpen,
    openEdgeCount,
    nonManifoldEdgeCount,
    misorientedEdgeCount,
    openTriangles,
    nonManifoldTriangles,
    misorientedTriangles,
  };
}

/**
 * Sorts a group's entries (`others[s … s + n - 1]` and the half-edges alongside) by |others|
 * (the other vertex + 1), stably: insertion sort for the usual small groups (about 3 to 6
 * entries), a packed numeric sort for high-valence vertices (cone tips, fan centres).
 */
function sortGroup(halfEdges: Int32Array, others: Int32Array, s: number, n: number): void {
  if (n > 32) {
    sortLargeGroup(halfEdges, others, s, n);
    return;
  }
  for (let i = s + 1; i < s + n; i++) {
    const o = others[i] as number;
    const key = o < 0 ? -o : o;
    const h = halfEdges[i] as number;
    let j = i - 1;
    while (j >= s && Math.abs(others[j] as number) > key) {
      others[j + 1] = others[j] as number;
      halfEdges[j + 1] = halfEdges[j] as number;
      j--;
    }
    others[j + 1] = o;
    halfEdges[j + 1] = h;
  }
}

const INDEX_BITS = 2 ** 22;

function sortLargeGroup(halfEdges: Int32Array, others: Int32Array, s: number, n: number): void {
  const signed = others.slice(s, s + n);
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
    others[s + i] = signed[k] as number;
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
  return pairEdges(vertexIds, vertexCount, triangleCount) as Int32Array;
}

/**
 * The twins of every edge of two half-edges (`pairHalfEdges`); an edge of more is handed to
 * `wider` (its half-edges at `halfEdges[k …]`, `size` of them, between vertices `lower` and
 * `upper`), which may pair them in `twin`, or say false to give up: null then.
 */
function pairEdges(
  vertexIds: Uint32Array,
  vertexCount: number,
  triangleCount: number,
  wider?: (edge: { halfEdges: Int32Array; others: Int32Array; k: number; size: number; lower: number; upper: number }, twin: Int32Array) => boolean,
): Int32Array | null {
  const { group, halfEdges, others } = groupEdges(vertexIds, vertexCount, triangleCount).edges;
  const twin = new Int32Array(triangleCount * 3).fill(-1);
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const n = (group[v + 1] as number) - s;
    if (n < 2) continue;
    sortGroup(halfEdges, others, s, n);
    const e = s + n;
    let k = s;
    while (k < e) {
      const other = Math.abs(others[k] as number);
      let run = k + 1;
      while (run < e && Math.abs(others[run] as number) === other) run++;
      if (run - k === 2) {
        const p = halfEdges[k] as number;
        const q = halfEdges[k + 1] as number;
        twin[p] = q;
        twin[q] = p;
      } else if (run - k > 2 && wider && !wider({ halfEdges, others, k, size: run - k, lower: v, upper: other - 1 }, twin)) {
        return null;
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
  const { group, halfEdges, others } = groupEdges(vertexIds, vertexCount, triangleCount).edges;
  let open = new Int32Array(1024);
  let count = 0;
  for (let v = 0; v < vertexCount; v++) {
    const s = group[v] as number;
    const n = (group[v + 1] as number) - s;
    if (n === 0) continue;
    if (n > 1) sortGroup(halfEdges, others, s, n);
    const e = s + n;
    let k = s;
    while (k < e) {
      const other = Math.abs(others[k] as number);
      let run = k + 1;
      while (run < e && Math.abs(others[run] as number) === other) run++;
      if (run - k === 1) {
        if (count === open.length) {
          const grown = new Int32Array(count * 2);
          grown.set(open);
          open = grown;
        }
        open[count++] = halfEdges[k] as number;
      }
      k = run;
    }
  }
  return open.slice(0, count);
}

/** Solids a file wrote as one surface, touching along edges, separated by `separateTouchingSolids`. */
export interface TouchingSolids {
  /** The weld with the touching edges' corners given one vertex per solid. */
  readonly vertexIds: Uint32Array;
  readonly vertexCount: number;
  /** Edges that were shared by two or more solids. */
  readonly edges: number;
  /** The triangles along them (for the finding's highlight). */
  readonly triangles: TriangleList;
}

/**
 * Solids that touch along an edge or a face (two boxes stacked face to face, two cubes sharing an
 * edge) make edges of four, six … triangles: non-manifold when the surface is read as one. Where an
 * edge's triangles run half one way and half the other, and, in their order around the edge, each
 * one running against the edge is followed by one running along it (each solid's two faces enclose
 * its material between them; two faces in one plane are ordered so that the empty side lies
 * between them), each such pair is one solid's two faces, and the solids are told apart: every
 * corner on those edges gets one vertex per solid, the solids being the triangles joined over
 * edges of two (ADR 285). Null when no edge is shared that way, or when one of them is not (a fin,
 * a flap, three faces on an edge): the census then reports the mesh as it is.
 */
export function separateTouchingSolids(positions: Float32Array, vertexIds: Uint32Array, vertexCount: number, triangleCount: number): TouchingSolids | null {
  const onTouchingEdge = new Uint8Array(vertexCount);
  const triangles = new TriangleList();
  let edges = 0;
  const twin = pairEdges(vertexIds, vertexCount, triangleCount, (edge, pairs) => {
    if (!pairAroundEdge(positions, edge.halfEdges, edge.others, edge.k, edge.size, pairs)) return false;
    edges++;
    onTouchingEdge[edge.lower] = 1;
    onTouchingEdge[edge.upper] = 1;
    for (let j = edge.k; j < edge.k + edge.size; j++) triangles.add(((edge.halfEdges[j] as number) / 3) | 0);
    return true;
  });
  if (!twin) return null;
  if (edges === 0) return null;
  // The solids: triangles joined over their edges of two (and the pairs just made).
  const parent = Int32Array.from({ length: triangleCount }, (_, t) => t);
  for (let h = 0; h < triangleCount * 3; h++) {
    const g = twin[h] as number;
    if (g < 0) continue;
    const a = root(parent, (h / 3) | 0), b = root(parent, (g / 3) | 0);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  // A corner on a touching edge keeps its vertex for the first solid that uses it; each other solid
  // gets a vertex of its own there.
  const split = vertexIds.slice();
  const owner = new Int32Array(vertexCount).fill(-1);
  const added = new Map<number, number>();
  let count = vertexCount;
  for (let c = 0; c < triangleCount * 3; c++) {
    const v = vertexIds[c] as number;
    if (onTouchingEdge[v] !== 1) continue;
    const solid = root(parent, (c / 3) | 0);
    const first = owner[v] as number;
    if (first < 0) owner[v] = solid;
    if (first < 0 || first === solid) continue;
    const key = v * triangleCount + solid;
    let id = added.get(key);
    if (id === undefined) {
      id = count++;
      added.set(key, id);
    }
    split[c] = id;
  }
  return { vertexIds: split, vertexCount: count, edges, triangles };
}

/**
 * Pairs the `size` half-edges of one edge (`halfEdges[k …]`, `others` giving each one's direction)
 * by their triangles' order around it, as `separateTouchingSolids` says; writes `twin` and says
 * whether every one was paired.
 */
function pairAroundEdge(positions: Float32Array, halfEdges: Int32Array, others: Int32Array, k: number, size: number, twin: Int32Array): boolean {
  if (size % 2 !== 0) return false;
  // The edge's axis, from its lower vertex to the other, read from its first half-edge.
  const h0 = halfEdges[k] as number;
  const up0 = (others[k] as number) > 0;
  const from = up0 ? h0 : nextCorner(h0);
  const to = up0 ? nextCorner(h0) : h0;
  const ox = positions[from * 3] as number, oy = positions[from * 3 + 1] as number, oz = positions[from * 3 + 2] as number;
  let ex = (positions[to * 3] as number) - ox, ey = (positions[to * 3 + 1] as number) - oy, ez = (positions[to * 3 + 2] as number) - oz;
  const length = Math.hypot(ex, ey, ez);
  if (!(length > 0)) return false;
  ex /= length;
  ey /= length;
  ez /= length;
  // Each triangle's third corner, as an angle around the axis from the first one's.
  const entries: { h: number; up: boolean; angle: number }[] = [];
  let rx = 0, ry = 0, rz = 0, sx = 0, sy = 0, sz = 0;
  let ups = 0;
  for (let j = 0; j < size; j++) {
    const h = halfEdges[k + j] as number;
    const w = nextCorner(nextCorner(h));
    const dx = (positions[w * 3] as number) - ox, dy = (positions[w * 3 + 1] as number) - oy, dz = (positions[w * 3 + 2] as number) - oz;
    const along = dx * ex + dy * ey + dz * ez;
    const px = dx - along * ex, py = dy - along * ey, pz = dz - along * ez;
    if (j === 0) {
      const r = Math.hypot(px, py, pz);
      if (!(r > 0)) return false;
      rx = px / r;
      ry = py / r;
      rz = pz / r;
      // The direction of a growing angle at the first corner: the axis × the first radial.
      sx = ey * rz - ez * ry;
      sy = ez * rx - ex * rz;
      sz = ex * ry - ey * rx;
    }
    const x = px * rx + py * ry + pz * rz;
    const y = px * sx + py * sy + pz * sz;
    if (x === 0 && y === 0) return false;
    const up = (others[k + j] as number) > 0;
    if (up) ups++;
    entries.push({ h, up, angle: Math.atan2(y, x) });
  }
  if (ups * 2 !== size) return false;
  // A triangle running along the axis faces the growing angle (its material lies behind it, at the
  // smaller angle); one running against it faces the other way. Faces in one plane (within the
  // float32 coordinates' rounding, ANGLE_TIE; at ±π too) go along first, so that what lies between
  // two touching faces is the outside.
  for (const entry of entries) if (entry.angle > Math.PI - ANGLE_TIE) entry.angle -= 2 * Math.PI;
  entries.sort((a, b) => a.angle - b.angle);
  for (let i = 0; i < size; ) {
    let end = i + 1;
    while (end < size && (entries[end] as { angle: number }).angle - (entries[i] as { angle: number }).angle < ANGLE_TIE) end++;
    if (end - i > 1) entries.splice(i, end - i, ...entries.slice(i, end).sort((a, b) => (a.up === b.up ? 0 : a.up ? -1 : 1)));
    i = end;
  }
  for (let i = 0; i < size; i++) {
    const a = entries[i] as { h: number; up: boolean };
    if (a.up) continue;
    const b = entries[(i + 1) % size] as { h: number; up: boolean };
    if (!b.up) return false;
    twin[a.h] = b.h;
    twin[b.h] = a.h;
  }
  return true;
}

/** Faces around an edge closer than this (radians) lie in one plane: float32 rounding of their corners. */
const ANGLE_TIE = 1e-4;

/** The corner after corner c in its triangle. */
function nextCorner(c: number): number {
  return c % 3 === 2 ? c - 2 : c + 1;
}
