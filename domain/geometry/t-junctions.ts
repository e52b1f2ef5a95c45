/**
 * T-junctions (ADR 276): an open edge a → b along which corners of the facing side lie. A CAD
 * exporter that tessellates two faces apart may cut their shared edge at more points on one side
 * than on the other: the surface is closed in space, but its edges do not pair (trimesh's
 * SolidWorks `featuretype.3MF`: a boss's outline cut at 10 points on the wall, at its 4 corners on
 * the top). The facet of a → b is split at those corners, so that each piece's edge meets one edge
 * across exactly and the weld then pairs them.
 *
 * This module only finds the splits; repair.ts rebuilds the mesh.
 */

/** Open half-edges: the corner index of each, and its start and end vertex. */
export interface OpenHalfEdges {
  readonly list: Int32Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/** A corner lies on an edge when its parameter along it is at least this far from either end. */
const END_SHARE = 1e-6;
/** At most this many open edges are searched for T-junctions (a mesh more broken than this is left as it is). */
export const MAX_T_JUNCTION_EDGES = 200_000;

export interface TJunctionSplits {
  /** Per split triangle, its pieces: vertex ids, three per piece, the first piece taking the triangle's place. */
  readonly pieces: Map<number, number[]>;
  /** Open edges closed: those split, and those across that their pieces meet. */
  readonly edges: number;
  /** The farthest a corner lay from the edge it split (file units). */
  readonly farthest: number;
}

/**
 * The splits of the facets whose open edges have other open edges' corners along them, within
 * `tolerance` of the edge (file units). `vertex` holds x y z per vertex id (at least the
 * boundary's, `candidates`), `corner` the vertex id of each corner (three per triangle), `group`
 * the body of each vertex when bodies were welded apart (a corner of another body never splits an
 * edge). Null when nothing is split.
 */
export function findTJunctions(
  vertex: Float64Array,
  corner: ArrayLike<number>,
  open: OpenHalfEdges,
  candidates: ArrayLike<number>,
  group: Int32Array | null,
  tolerance: number,
): TJunctionSplits | null {
  const n = open.list.length;
  if (n < 3 || n > MAX_T_JUNCTION_EDGES || !(tolerance > 0)) return null;
  const grid = new PointGrid(vertex, candidates, cellSize(vertex, open, tolerance));
  const openEdge = new Set<string>();
  for (let e = 0; e < n; e++) openEdge.add(`${open.from[e]},${open.to[e]}`);
  // The corners along each open edge, by edge.
  const along = new Map<number, { v: number; off: number }[]>();
  let farthest = 0;
  for (let e = 0; e < n; e++) {
    const a = open.from[e] as number, b = open.to[e] as number;
    const ax = vertex[a * 3] as number, ay = vertex[a * 3 + 1] as number, az = vertex[a * 3 + 2] as number;
    const dx = (vertex[b * 3] as number) - ax, dy = (vertex[b * 3 + 1] as number) - ay, dz = (vertex[b * 3 + 2] as number) - az;
    const length2 = dx * dx + dy * dy + dz * dz;
    if (!(length2 > tolerance * tolerance * 4)) continue;
    const found: { t: number; v: number; off: number }[] = [];
    grid.visitSegment(ax, ay, az, dx, dy, dz, e, (v) => {
      if (v === a || v === b || (group && group[v] !== group[a])) return;
      const px = (vertex[v * 3] as number) - ax, py = (vertex[v * 3 + 1] as number) - ay, pz = (vertex[v * 3 + 2] as number) - az;
      const t = (px * dx + py * dy + pz * dz) / length2;
      if (t <= END_SHARE || t >= 1 - END_SHARE) return;
      const ox = px - t * dx, oy = py - t * dy, oz = pz - t * dz;
      const off = Math.sqrt(ox * ox + oy * oy + oz * oz);
      if (off > tolerance) return;
      found.push({ t, v, off });
    });
    if (found.length === 0) continue;
    found.sort((p, q) => p.t - q.t);
    const points = found.filter((p, i) => i === 0 || p.v !== (found[i - 1] as { v: number }).v);
    // Only a true junction: every piece of the edge meets an open edge across, the other way.
    const run = [a, ...points.map((p) => p.v), b];
    if (!run.every((v, i) => i === 0 || openEdge.has(`${v},${run[i - 1]}`))) continue;
    along.set(e, points);
    for (const p of points) farthest = Math.max(farthest, p.off);
  }
  if (along.size === 0) return null;
  // The open edges by their triangle's corner, so that a piece finds its edges' corners.
  const byCorner = new Map<number, { v: number }[]>();
  for (const [e, list] of along) byCorner.set(open.list[e] as number, list);
  const pieces = new Map<number, number[]>();
  const triangles = new Set<number>();
  for (const e of along.keys()) triangles.add(((open.list[e] as number) / 3) | 0);
  for (const t of triangles) {
    const ids = [corner[t * 3] as number, corner[t * 3 + 1] as number, corner[t * 3 + 2] as number];
    // The corners along each of the triangle's own edges (edge k runs from corner k to corner k + 1).
    const onEdge = (from: number, to: number): number[] => {
      for (let k = 0; k < 3; k++) {
        if (ids[k] === from && ids[(k + 1) % 3] === to) return (byCorner.get(t * 3 + k) ?? []).map((p) => p.v);
      }
      return [];
    };
    pieces.set(t, split([ids[0] as number, ids[1] as number, ids[2] as number], onEdge));
  }
  // Each split edge and the open edges across that its pieces meet.
  let edges = 0;
  for (const points of along.values()) edges += points.length + 2;
  return { pieces, edges, farthest };
}

/**
 * A triangle cut at the corners along its edges: fanned from the corner opposite the first edge
 * that has any, each piece cut again along its other original edges (a new inner edge has none).
 */
function split(triangle: [number, number, number], onEdge: (from: number, to: number) => number[]): number[] {
  for (let k = 0; k < 3; k++) {
    const from = triangle[k] as number, to = triangle[(k + 1) % 3] as number, opposite = triangle[(k + 2) % 3] as number;
    const points = onEdge(from, to);
    if (points.length === 0) continue;
    const run = [from, ...points, to];
    const out: number[] = [];
    for (let i = 0; i + 1 < run.length; i++) {
      // Only the piece's edges that were the triangle's own can have corners along them.
      const piece: [number, number, number] = [run[i] as number, run[i + 1] as number, opposite];
      out.push(...split(piece, (a, b) => ((a === to && b === opposite) || (a === opposite && b === from) ? onEdge(a, b) : [])));
    }
    return out;
  }
  return triangle;
}

/** A grid cell a little longer than the open edges' median, so that an edge's box covers few cells. */
function cellSize(vertex: Float64Array, open: OpenHalfEdges, tolerance: number): number {
  const lengths: number[] = [];
  const step = Math.max(1, Math.floor(open.list.length / 1000));
  for (let e = 0; e < open.list.length; e += step) {
    const a = (open.from[e] as number) * 3, b = (open.to[e] as number) * 3;
    lengths.push(Math.hypot((vertex[b] as number) - (vertex[a] as number), (vertex[b + 1] as number) - (vertex[a + 1] as number), (vertex[b + 2] as number) - (vertex[a + 2] as number)));
  }
  lengths.sort((p, q) => p - q);
  return Math.max((lengths[lengths.length >> 1] ?? 0) * 1.5, tolerance * 4, 1e-9);
}

/** The boundary's vertices hashed into cubes of one size. */
class PointGrid {
  private readonly cells = new Map<number, { points: number[]; stamp: number }>();
  private readonly min: [number, number, number];
  private readonly dims: [number, number, number];

  constructor(
    vertex: Float64Array,
    points: ArrayLike<number>,
    private readonly size: number,
  ) {
    const min: [number, number, number] = [Infinity, Infinity, Infinity], max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (let p = 0; p < points.length; p++) {
      const v = points[p] as number;
      for (let a = 0; a < 3; a++) {
        const x = vertex[v * 3 + a] as number;
        if (x < min[a]!) min[a] = x;
        if (x > max[a]!) max[a] = x;
      }
    }
    this.min = min;
    this.dims = [0, 1, 2].map((a) => Math.floor((max[a]! - min[a]!) / size) + 1) as [number, number, number];
    for (let p = 0; p < points.length; p++) {
      const v = points[p] as number;
      const key = this.key(this.cell(vertex[v * 3] as number, 0), this.cell(vertex[v * 3 + 1] as number, 1), this.cell(vertex[v * 3 + 2] as number, 2));
      const cell = this.cells.get(key);
      if (cell) cell.points.push(v);
      else this.cells.set(key, { points: [v], stamp: -1 });
    }
  }

  private cell(x: number, axis: number): number {
    return Math.floor((x - (this.min[axis] as number)) / this.size);
  }

  /** One number per cell; -1 outside the grid. */
  private key(i: number, j: number, k: number): number {
    const [nx, ny, nz] = this.dims;
    if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) return -1;
    return i + nx * (j + ny * k);
  }

  /**
   * Visits the points of every cell within one cell of the segment from (x, y, z) along (dx, dy, dz),
   * a cell at a time, each cell once for this `stamp`. The cell is at least four times the tolerance,
   * so a point within it of the segment lies within one cell of the nearest step.
   */
  visitSegment(x: number, y: number, z: number, dx: number, dy: number, dz: number, stamp: number, visit: (v: number) => void): void {
    const steps = Math.max(1, Math.ceil(Math.sqrt(dx * dx + dy * dy + dz * dz) / this.size));
    for (let n = 0; n <= steps; n++) {
      const i = this.cell(x + (dx * n) / steps, 0), j = this.cell(y + (dy * n) / steps, 1), l = this.cell(z + (dz * n) / steps, 2);
      for (let di = -1; di <= 1; di++) {
        for (let dj = -1; dj <= 1; dj++) {
          for (let dl = -1; dl <= 1; dl++) {
            const cell = this.cells.get(this.key(i + di, j + dj, l + dl));
            if (!cell || cell.stamp === stamp) continue;
            cell.stamp = stamp;
            for (const v of cell.points) visit(v);
          }
        }
      }
    }
  }
}
