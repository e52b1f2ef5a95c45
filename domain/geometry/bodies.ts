/**
 * Bodies and parts (docs/decisions/072-bodies-and-identical-parts.md). An analysed mesh is split
 * into its bodies: each outer closed shell with the hollows inside it (a shell inside an odd
 * number of closed shells is the surface of a hollow of its innermost container, nesting.ts).
 * Bodies that are the same solid, moved and turned (a rotation, never a mirror image), become
 * one part with a count: four identical bolts are one part, quantity 4.
 *
 * Recognition runs in two steps. First a signature that no rotation or move changes: triangle and
 * vertex counts, volume, area and the principal second moments (eigenvalues of the covariance of
 * the solid about its centroid). Then a confirmation: a rotation is built from the principal axes
 * (and, where a body is symmetric so that its axes are not unique, from matching extreme vertices),
 * and every vertex of one body must land on a vertex of the other.
 */
import type { Finding } from './findings';
import { determinant, symmetricEigen3, type Matrix3 } from './eigen3';
import { createMesh, type Mesh } from './mesh';
import { analyseMesh, type AnalyseOptions, type MeshAnalysis, type PartMetrics } from './metrics';
import { listShellTriangles } from './nesting';

/** One solid of the file: an outer surface and the hollows inside it. */
export interface Body {
  /** Index in `PartSplit.bodies`. */
  readonly id: number;
  /** The file's name for it (a STEP solid's path in the assembly), or "Body n". */
  readonly name: string;
  /** Shell indices (of `MeshAnalysis.structure`): the outer surface first, then its hollows. */
  readonly shells: readonly number[];
  /** The triangles of the analysed mesh that make the body, in mesh order. */
  readonly triangles: Int32Array;
  /** Sealed hollows inside it. */
  readonly voidCount: number;
  /** Volume of material (hollows taken out), cubic file units. */
  readonly volume: number;
  /** Surface area, hollows included, square file units. */
  readonly area: number;
  /** Centre of mass (uniform density), file units. */
  readonly centroid: readonly [number, number, number];
  /** Principal second moments of the volume about the centroid, smallest first (file units to the 5th power). */
  readonly principalMoments: readonly [number, number, number];
  readonly vertexCount: number;
}

/** A part to quote: one body, or several identical ones counted as its quantity. */
export interface AssemblyPart {
  /** The first grouped body's name. */
  readonly name: string;
  /** Ids of the bodies it stands for (`PartSplit.bodies`), in file order; the first is the one measured. */
  readonly bodyIds: readonly number[];
  /** How many identical bodies the file holds: the quantity per assembly. */
  readonly count: number;
  /** The first body's triangles in the analysed mesh (for highlighting it in the whole model). */
  readonly triangles: Int32Array;
  /** The first body as a mesh of its own, in the file's coordinates and units. */
  readonly mesh: Mesh;
  /** Its metrics in millimetres, read in the whole file's unit. */
  readonly metrics: PartMetrics;
  /** Its findings (holes, hollows, size, …), located on `mesh`. */
  readonly findings: readonly Finding[];
}

export interface PartSplit {
  readonly bodies: readonly Body[];
  /** The parts in order of their first body; one part when the file is one body. */
  readonly parts: readonly AssemblyPart[];
  /** False when the file had more than MAX_SPLIT_BODIES bodies and was left as one part (then `bodies` is empty). */
  readonly split: boolean;
}

/** Files with more bodies than this (a cloud of fragments, not an assembly) are not split. */
export const MAX_SPLIT_BODIES = 1000;

/** Signatures agree when within this fraction (volume, area; moments: of the largest moment). */
const SIGNATURE_TOLERANCE = 1e-4;
/** Vertices match within this fraction of the body's diagonal. */
const POSITION_TOLERANCE = 1e-4;
/** Two principal moments closer than this fraction of the largest leave their axes undetermined. */
const DEGENERATE_MOMENTS = 1e-3;
/** Candidate rotations tried per pair of bodies before calling them different. */
const MAX_CANDIDATES = 5000;

/**
 * Splits an analysed mesh into bodies and groups identical bodies into parts. `options` are
 * those the file was analysed with (build volumes, minimum dimension); each part's metrics are
 * read in the file's unit. Returns the bodies, the parts and whether the split was made.
 */
export function splitParts(analysis: MeshAnalysis, options: AnalyseOptions = {}): PartSplit {
  const { mesh, structure } = analysis;
  const roots = bodyRoots(analysis);
  if (roots.length > MAX_SPLIT_BODIES) {
    const triangles = Int32Array.from({ length: mesh.triangleCount }, (_, t) => t);
    const whole = { name: mesh.bodies[0]?.name || 'Body 1', bodyIds: [], count: 1, triangles, mesh, metrics: analysis.metrics, findings: analysis.findings };
    return { bodies: [], parts: [whole], split: false };
  }
  const shells = listShellTriangles(structure.shellOfTriangle, structure.shellCount);
  const vertices = vertexPositions(mesh.positions, structure.vertexIds, structure.vertexCount);
  const bodies = roots.map((root, id) => describeBody(analysis, shells, id, root));
  const groups = groupIdentical(bodies, vertices);
  const unit = analysis.metrics.units;
  const parts = groups.map((members): AssemblyPart => {
    const first = bodies[members[0] as number] as Body;
    // One body: the file's own analysis is the part's.
    const sub = bodies.length === 1 ? analysis : analyseMesh(subMesh(mesh, first), { ...options, unit });
    return {
      name: first.name,
      bodyIds: members,
      count: members.length,
      triangles: first.triangles,
      mesh: sub.mesh,
      metrics: sub.metrics,
      findings: sub.findings,
    };
  });
  return { bodies: bodies.map(publicBody), parts, split: true };
}

/** A body without the working data kept for matching. */
function publicBody(body: BodyGeometry): Body {
  const { id, name, shells, triangles, voidCount, volume, area, centroid, principalMoments, vertexCount } = body;
  return { id, name, shells, triangles, voidCount, volume, area, centroid, principalMoments, vertexCount };
}

/** Outer shells with their hollows: the shells at even depth, and the odd ones under them. */
function bodyRoots(analysis: MeshAnalysis): { shell: number; voids: number[] }[] {
  const { structure } = analysis;
  const roots: { shell: number; voids: number[] }[] = [];
  const rootOf = new Int32Array(structure.shellCount).fill(-1);
  for (let s = 0; s < structure.shellCount; s++) {
    const hollow = structure.closed[s] === 1 && (structure.depth[s] as number) % 2 === 1 && (structure.parent[s] as number) >= 0;
    if (hollow) continue;
    rootOf[s] = roots.length;
    roots.push({ shell: s, voids: [] });
  }
  for (let s = 0; s < structure.shellCount; s++) {
    const owner = rootOf[structure.parent[s] as number];
    if (rootOf[s] === -1 && owner !== undefined && owner >= 0) roots[owner]?.voids.push(s);
  }
  return roots;
}

/** The position of every vertex id (its first corner), as float64 triples. */
function vertexPositions(positions: Float32Array, vertexIds: Uint32Array, vertexCount: number): Float64Array {
  const out = new Float64Array(vertexCount * 3);
  for (let c = vertexIds.length - 1; c >= 0; c--) {
    const v = vertexIds[c] as number;
    out[v * 3] = positions[c * 3] as number;
    out[v * 3 + 1] = positions[c * 3 + 1] as number;
    out[v * 3 + 2] = positions[c * 3 + 2] as number;
  }
  return out;
}

interface BodyGeometry extends Body {
  /** Distinct vertex ids of the body. */
  readonly vertexList: Int32Array;
  /** Principal axes as the columns of a rotation, in the order of `principalMoments`. */
  readonly axes: Matrix3;
  readonly diagonal: number;
  readonly triangleCount: number;
}

function describeBody(
  analysis: MeshAnalysis,
  shells: ReturnType<typeof listShellTriangles>,
  id: number,
  root: { shell: number; voids: number[] },
): BodyGeometry {
  const { mesh, structure } = analysis;
  const shellIds = [root.shell, ...root.voids];
  let total = 0;
  for (const s of shellIds) total += (shells.start[s + 1] as number) - (shells.start[s] as number);
  const triangles = new Int32Array(total);
  let o = 0;
  for (const s of shellIds) {
    triangles.set(shells.triangles.subarray(shells.start[s] as number, shells.start[s + 1] as number), o);
    o += (shells.start[s + 1] as number) - (shells.start[s] as number);
  }
  triangles.sort();
  const moments = secondMoments(mesh.positions, triangles);
  const vertexList = distinctVertices(structure.vertexIds, structure.vertexCount, triangles);
  return {
    id,
    name: bodyName(mesh, triangles[0] ?? 0, id),
    shells: shellIds,
    triangles,
    voidCount: root.voids.length,
    volume: moments.volume,
    area: moments.area,
    centroid: moments.centroid,
    principalMoments: moments.eigen.values,
    vertexCount: vertexList.length,
    vertexList,
    axes: moments.eigen.vectors,
    diagonal: moments.diagonal,
    triangleCount: triangles.length,
  };
}

function bodyName(mesh: Mesh, firstTriangle: number, id: number): string {
  if (mesh.bodies.length > 1) {
    const owner = mesh.bodies.find((b) => firstTriangle >= b.firstTriangle && firstTriangle < b.firstTriangle + b.triangleCount);
    if (owner?.name) return owner.name;
  }
  return `Body ${id + 1}`;
}

function distinctVertices(vertexIds: Uint32Array, vertexCount: number, triangles: Int32Array): Int32Array {
  const seen = new Uint8Array(vertexCount);
  const list: number[] = [];
  for (const t of triangles) {
    for (let k = 0; k < 3; k++) {
      const v = vertexIds[t * 3 + k] as number;
      if (seen[v] === 0) {
        seen[v] = 1;
        list.push(v);
      }
    }
  }
  return Int32Array.from(list);
}

/**
 * Volume, area, centroid and principal second moments of the solid bounded by the triangles,
 * from the signed tetrahedra (reference point, a, b, c); lengths relative to the first corner
 * keep the sums small.
 */
function secondMoments(positions: Float32Array, triangles: Int32Array) {
  const first = (triangles[0] ?? 0) * 9;
  const ox = positions[first] ?? 0, oy = positions[first + 1] ?? 0, oz = positions[first + 2] ?? 0;
  let volume = 0, area = 0, mx = 0, my = 0, mz = 0;
  let xx = 0, yy = 0, zz = 0, xy = 0, xz = 0, yz = 0;
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (const t of triangles) {
    const i = t * 9;
    const ax = (positions[i] as number) - ox, ay = (positions[i + 1] as number) - oy, az = (positions[i + 2] as number) - oz;
    const bx = (positions[i + 3] as number) - ox, by = (positions[i + 4] as number) - oy, bz = (positions[i + 5] as number) - oz;
    const cx = (positions[i + 6] as number) - ox, cy = (positions[i + 7] as number) - oy, cz = (positions[i + 8] as number) - oz;
    minX = Math.min(minX, ax, bx, cx); maxX = Math.max(maxX, ax, bx, cx);
    minY = Math.min(minY, ay, by, cy); maxY = Math.max(maxY, ay, by, cy);
    minZ = Math.min(minZ, az, bz, cz); maxZ = Math.max(maxZ, az, bz, cz);
    const ux = bx - ax, uy = by - ay, uz = bz - az, wx = cx - ax, wy = cy - ay, wz = cz - az;
    const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    area += Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
    const v = (ax * nx + ay * ny + az * nz) / 6;
    volume += v;
    const sx = ax + bx + cx, sy = ay + by + cy, sz = az + bz + cz;
    mx += (v * sx) / 4;
    my += (v * sy) / 4;
    mz += (v * sz) / 4;
    // ∫ p pᵀ dV over the tetrahedron (0, a, b, c) = V/20 · (a aᵀ + b bᵀ + c cᵀ + s sᵀ), s = a + b + c.
    const f = v / 20;
    xx += f * (ax * ax + bx * bx + cx * cx + sx * sx);
    yy += f * (ay * ay + by * by + cy * cy + sy * sy);
    zz += f * (az * az + bz * bz + cz * cz + sz * sz);
    xy += f * (ax * ay + bx * by + cx * cy + sx * sy);
    xz += f * (ax * az + bx * bz + cx * cz + sx * sz);
    yz += f * (ay * az + by * bz + cy * cz + sy * sz);
  }
  const gx = volume !== 0 ? mx / volume : 0, gy = volume !== 0 ? my / volume : 0, gz = volume !== 0 ? mz / volume : 0;
  // About the centroid: C − V g gᵀ.
  const eigen = symmetricEigen3(
    xx - volume * gx * gx, yy - volume * gy * gy, zz - volume * gz * gz,
    xy - volume * gx * gy, xz - volume * gx * gz, yz - volume * gy * gz,
  );
  const diagonal = Math.hypot(maxX - minX, maxY - minY, maxZ - minZ);
  return { volume, area, centroid: [gx + ox, gy + oy, gz + oz] as [number, number, number], eigen, diagonal };
}

function subMesh(mesh: Mesh, body: Body): Mesh {
  const positions = new Float32Array(body.triangles.length * 9);
  body.triangles.forEach((t, k) => positions.set(mesh.positions.subarray(t * 9, t * 9 + 9), k * 9));
  return createMesh(positions, undefined, body.name);
}

/** Groups of identical bodies (body ids), in order of their first body. */
function groupIdentical(bodies: BodyGeometry[], vertices: Float64Array): number[][] {
  const groups: number[][] = [];
  const buckets = new Map<string, number[][]>();
  for (const body of bodies) {
    const key = `${body.triangleCount}:${body.vertexCount}:${body.voidCount}`;
    const candidates = buckets.get(key) ?? [];
    const match = candidates.find((group) => {
      const representative = bodies[group[0] as number] as BodyGeometry;
      return sameSignature(representative, body) && congruent(representative, body, vertices);
    });
    if (match) {
      match.push(body.id);
    } else {
      const group = [body.id];
      groups.push(group);
      candidates.push(group);
      buckets.set(key, candidates);
    }
  }
  return groups;
}

function close(a: number, b: number, scale: number): boolean {
  return Math.abs(a - b) <= SIGNATURE_TOLERANCE * scale;
}

function sameSignature(a: BodyGeometry, b: BodyGeometry): boolean {
  const largest = Math.max(Math.abs(a.principalMoments[2]), Math.abs(b.principalMoments[2]));
  return (
    close(a.volume, b.volume, Math.max(Math.abs(a.volume), Math.abs(b.volume))) &&
    close(a.area, b.area, Math.max(a.area, b.area)) &&
    a.principalMoments.every((m, k) => close(m, b.principalMoments[k] as number, largest))
  );
}

/** Whether a proper rotation and a move take every vertex of `a` onto a vertex of `b`. */
function congruent(a: BodyGeometry, b: BodyGeometry, vertices: Float64Array): boolean {
  const tolerance = POSITION_TOLERANCE * Math.max(a.diagonal, b.diagonal) + 1e-6 * largestCoordinate(a, b, vertices);
  const grid = new VertexGrid(vertices, b.vertexList, tolerance);
  const fromA = frameOf(a, vertices, tolerance);
  if (!fromA) return false;
  let tried = 0;
  for (const toB of candidateFrames(fromA, b, vertices, tolerance)) {
    if (++tried > MAX_CANDIDATES) return false;
    // R = F_b · F_aᵀ maps a's frame onto b's.
    const r = multiplyTransposed(toB, fromA.frame);
    if (determinant(r) < 0.5) continue;
    if (mapsOnto(a, b, r, vertices, grid)) return true;
  }
  return false;
}

function largestCoordinate(a: BodyGeometry, b: BodyGeometry, vertices: Float64Array): number {
  let largest = 0;
  for (const list of [a.vertexList, b.vertexList]) for (const v of list) for (let k = 0; k < 3; k++) largest = Math.max(largest, Math.abs(vertices[v * 3 + k] as number));
  return largest;
}

type Kind = 'distinct' | 'axial' | 'spherical';

interface Frame {
  readonly kind: Kind;
  readonly frame: Matrix3;
  /** For 'axial': the axis column index; the anchor's axial and radial coordinates. For 'spherical': two anchors' measures. */
  readonly axis: number;
  readonly measures: readonly number[];
}

function momentKind(moments: readonly [number, number, number]): { kind: Kind; axis: number } {
  const scale = Math.max(Math.abs(moments[2]), 1e-300);
  const low = moments[1] - moments[0] <= DEGENERATE_MOMENTS * scale;
  const high = moments[2] - moments[1] <= DEGENERATE_MOMENTS * scale;
  if (low && high) return { kind: 'spherical', axis: -1 };
  if (low) return { kind: 'axial', axis: 2 };
  if (high) return { kind: 'axial', axis: 0 };
  return { kind: 'distinct', axis: -1 };
}

function column(m: Matrix3, k: number): [number, number, number] {
  return [m[k] as number, m[3 + k] as number, m[6 + k] as number];
}

function frameFromColumns(c0: readonly number[], c1: readonly number[], c2: readonly number[]): Matrix3 {
  return [c0[0]!, c1[0]!, c2[0]!, c0[1]!, c1[1]!, c2[1]!, c0[2]!, c1[2]!, c2[2]!];
}

function cross(a: readonly number[], b: readonly number[]): [number, number, number] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}

function normalise(a: readonly number[]): [number, number, number] | null {
  const length = Math.hypot(a[0]!, a[1]!, a[2]!);
  return length > 0 ? [a[0]! / length, a[1]! / length, a[2]! / length] : null;
}

function relative(vertices: Float64Array, v: number, centroid: readonly number[]): [number, number, number] {
  return [(vertices[v * 3] as number) - centroid[0]!, (vertices[v * 3 + 1] as number) - centroid[1]!, (vertices[v * 3 + 2] as number) - centroid[2]!];
}

/** Splits p into its coordinate along the unit axis u and its distance from it. */
function axialRadial(p: readonly number[], u: readonly number[]): [number, number] {
  const a = dot(p, u);
  const r = Math.hypot(p[0]! - a * u[0]!, p[1]! - a * u[1]!, p[2]! - a * u[2]!);
  return [a, r];
}

/** The body's own frame: its principal axes, completed by extreme vertices where they are not unique. */
function frameOf(body: BodyGeometry, vertices: Float64Array, tolerance: number): Frame | null {
  const { kind, axis } = momentKind(body.principalMoments);
  if (kind === 'distinct') {
    const e0 = column(body.axes, 0), e1 = column(body.axes, 1);
    return { kind, frame: frameFromColumns(e0, e1, cross(e0, e1)), axis, measures: [] };
  }
  if (kind === 'axial') {
    const u = column(body.axes, axis);
    let best = -1, bestR = -1, bestA = 0;
    for (const v of body.vertexList) {
      const [a, r] = axialRadial(relative(vertices, v, body.centroid), u);
      if (r > bestR + tolerance) {
        best = v;
        bestR = r;
        bestA = a;
      }
    }
    if (best < 0 || bestR <= tolerance) return null;
    const frame = axialFrame(u, relative(vertices, best, body.centroid), bestA);
    return frame && { kind, frame, axis, measures: [bestA, bestR] };
  }
  // Spherical moments: the farthest vertex, then the one farthest from that direction.
  let p1 = -1, d1 = -1;
  for (const v of body.vertexList) {
    const d = Math.hypot(...relative(vertices, v, body.centroid));
    if (d > d1 + tolerance) {
      p1 = v;
      d1 = d;
    }
  }
  const f1 = normalise(relative(vertices, p1, body.centroid));
  if (!f1) return null;
  let p2 = -1, r2 = -1, a2 = 0, d2 = 0;
  for (const v of body.vertexList) {
    const p = relative(vertices, v, body.centroid);
    const [a, r] = axialRadial(p, f1);
    if (r > r2 + tolerance) {
      p2 = v;
      r2 = r;
      a2 = a;
      d2 = Math.hypot(...p);
    }
  }
  if (p2 < 0 || r2 <= tolerance) return null;
  const frame = axialFrame(f1, relative(vertices, p2, body.centroid), a2);
  return frame && { kind, frame, axis, measures: [d1, d2, a2] };
}

/** The frame (u, w, u × w) where w is the direction of p away from the axis u. */
function axialFrame(u: readonly number[], p: readonly number[], along: number): Matrix3 | null {
  const w = normalise([p[0]! - along * u[0]!, p[1]! - along * u[1]!, p[2]! - along * u[2]!]);
  return w && frameFromColumns(u, w, cross(u, w));
}

/** The frames of `b` that could correspond to `a`'s frame, most likely first. */
function* candidateFrames(fromA: Frame, b: BodyGeometry, vertices: Float64Array, tolerance: number): Generator<Matrix3> {
  const kindB = momentKind(b.principalMoments);
  if (kindB.kind !== fromA.kind || kindB.axis !== fromA.axis) return;
  if (fromA.kind === 'distinct') {
    for (const s0 of [1, -1]) {
      for (const s1 of [1, -1]) {
        const e0 = column(b.axes, 0).map((x) => x * s0);
        const e1 = column(b.axes, 1).map((x) => x * s1);
        yield frameFromColumns(e0, e1, cross(e0, e1));
      }
    }
    return;
  }
  if (fromA.kind === 'axial') {
    const [along, radial] = fromA.measures as [number, number];
    for (const sign of [1, -1]) {
      const u = column(b.axes, fromA.axis).map((x) => x * sign);
      for (const v of b.vertexList) {
        const p = relative(vertices, v, b.centroid);
        const [ab, rb] = axialRadial(p, u);
        if (Math.abs(ab - along) > tolerance || Math.abs(rb - radial) > tolerance) continue;
        const frame = axialFrame(u, p, ab);
        if (frame) yield frame;
      }
    }
    return;
  }
  const [d1, d2, along] = fromA.measures as [number, number, number];
  const firsts = Array.from(b.vertexList).filter((v) => Math.abs(Math.hypot(...relative(vertices, v, b.centroid)) - d1) <= tolerance);
  const seconds = Array.from(b.vertexList).filter((v) => Math.abs(Math.hypot(...relative(vertices, v, b.centroid)) - d2) <= tolerance);
  for (const q1 of firsts) {
    const f1 = normalise(relative(vertices, q1, b.centroid));
    if (!f1) continue;
    for (const q2 of seconds) {
      const p = relative(vertices, q2, b.centroid);
      if (Math.abs(dot(p, f1) - along) > tolerance) continue;
      const frame = axialFrame(f1, p, dot(p, f1));
      if (frame) yield frame;
    }
  }
}

/** m · nᵀ for row-major 3 × 3 matrices. */
function multiplyTransposed(m: Matrix3, n: Matrix3): Matrix3 {
  const out = [0, 0, 0, 0, 0, 0, 0, 0, 0] as Matrix3;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[i * 3 + j] = m[i * 3]! * n[j * 3]! + m[i * 3 + 1]! * n[j * 3 + 1]! + m[i * 3 + 2]! * n[j * 3 + 2]!;
  return out;
}

function mapsOnto(a: BodyGeometry, b: BodyGeometry, r: Matrix3, vertices: Float64Array, grid: VertexGrid): boolean {
  const [gx, gy, gz] = a.centroid;
  const [hx, hy, hz] = b.centroid;
  for (const v of a.vertexList) {
    const x = (vertices[v * 3] as number) - gx, y = (vertices[v * 3 + 1] as number) - gy, z = (vertices[v * 3 + 2] as number) - gz;
    const px = r[0] * x + r[1] * y + r[2] * z + hx;
    const py = r[3] * x + r[4] * y + r[5] * z + hy;
    const pz = r[6] * x + r[7] * y + r[8] * z + hz;
    if (!grid.has(px, py, pz)) return false;
  }
  return true;
}

/** The vertices of one body in a uniform grid of cells as large as the tolerance, for "is there a vertex near p". */
class VertexGrid {
  /** Cell key → index of the cell's run in `members`. */
  private readonly cells = new Map<number, number>();
  private readonly start: Int32Array;
  private readonly members: Int32Array;

  constructor(
    private readonly vertices: Float64Array,
    list: Int32Array,
    private readonly size: number,
  ) {
    const cellOf = new Int32Array(list.length);
    const counts: number[] = [];
    list.forEach((v, k) => {
      const key = this.keyAt(vertices[v * 3] as number, vertices[v * 3 + 1] as number, vertices[v * 3 + 2] as number);
      let cell = this.cells.get(key);
      if (cell === undefined) {
        cell = counts.length;
        this.cells.set(key, cell);
        counts.push(0);
      }
      cellOf[k] = cell;
      counts[cell] = (counts[cell] as number) + 1;
    });
    this.start = new Int32Array(counts.length + 1);
    counts.forEach((n, cell) => (this.start[cell + 1] = (this.start[cell] as number) + n));
    const fill = this.start.slice(0, counts.length);
    this.members = new Int32Array(list.length);
    list.forEach((v, k) => {
      const cell = cellOf[k] as number;
      this.members[fill[cell] as number] = v;
      fill[cell] = (fill[cell] as number) + 1;
    });
  }

  /** Whether a vertex lies within the tolerance of (x, y, z): its own cell first, then the neighbours. */
  has(x: number, y: number, z: number): boolean {
    const ix = Math.floor(x / this.size), iy = Math.floor(y / this.size), iz = Math.floor(z / this.size);
    if (this.inCell(cellKey(ix, iy, iz), x, y, z)) return true;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          if ((dx !== 0 || dy !== 0 || dz !== 0) && this.inCell(cellKey(ix + dx, iy + dy, iz + dz), x, y, z)) return true;
        }
      }
    }
    return false;
  }

  private inCell(key: number, x: number, y: number, z: number): boolean {
    const cell = this.cells.get(key);
    if (cell === undefined) return false;
    const limit = this.size * this.size;
    for (let k = this.start[cell] as number; k < (this.start[cell + 1] as number); k++) {
      const v = this.members[k] as number;
      const dx = (this.vertices[v * 3] as number) - x, dy = (this.vertices[v * 3 + 1] as number) - y, dz = (this.vertices[v * 3 + 2] as number) - z;
      if (dx * dx + dy * dy + dz * dz <= limit) return true;
    }
    return false;
  }

  private keyAt(x: number, y: number, z: number): number {
    return cellKey(Math.floor(x / this.size), Math.floor(y / this.size), Math.floor(z / this.size));
  }
}

/** A number for a cell; distinct cells may share one (the distance check settles it). */
function cellKey(ix: number, iy: number, iz: number): number {
  return ((Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) >>> 0);
}
