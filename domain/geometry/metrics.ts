/**
 * Part metrics from a mesh: bounding box, volume, area, shells, edge census, units and fit, and
 * the findings they imply. Volume and area are sums over millions of triangles, so each term is
 * taken relative to the bounding-box centre (small numbers, no cancellation between far-away
 * coordinates) and added with compensated summation.
 */
import { buildVolumesByProcess, smallestMakeableDimension } from '#domain/catalogue/lookup';
import type { ProcessSlug, SizeMm } from '#domain/catalogue/types';
import { addCompensated } from './compensated-sum';
import { TriangleList, type Finding } from './findings';
import { fitsByProcess } from './fit';
import { scaleMachining } from './machining';
import type { DeclaredUnit, Mesh } from './mesh';
import { meshFindings } from './mesh-findings';
import type { BoundingBox, ManufacturingMetrics, PartMetrics, ShellSummary, Vec3 } from './part-metrics';
import { repairOrientation } from './orientation';
import { analyseTopology, separateTouchingSolids, type Topology, type TouchingSolids } from './topology';
import { confirmedUnit, declaredMillimetres, guessUnit, MM_PER_UNIT, type LengthUnit, type UnitAssessment } from './units';
import { joinNearCorners, remapList, repairBounds, repairSurface, type WeldIds } from './repair';
import { weldBodies } from './weld';

export type { BoundingBox, ManufacturingMetrics, PartMetrics, ShellSummary, Vec3 } from './part-metrics';

export interface MeshAnalysis {
  readonly metrics: PartMetrics;
  readonly findings: readonly Finding[];
  /**
   * The mesh the metrics describe: the input, or a copy with its facets' orientation repaired
   * (orientation.ts). This is the mesh to show and to price.
   */
  readonly mesh: Mesh;
  /** How many facets the orientation repair reversed (0 when the file was consistent). */
  readonly flippedTriangleCount: number;
  /** Shells, their nesting and the weld, for splitting the mesh into bodies (bodies.ts). */
  readonly structure: ShellStructure;
}

/** The shells of an analysed mesh and how they nest. */
export interface ShellStructure {
  readonly shellCount: number;
  /** Shell index of each triangle. */
  readonly shellOfTriangle: Int32Array;
  /** Per shell: 1 when it is closed (no open or non-manifold edge). */
  readonly closed: Uint8Array;
  /** Per shell: the closed shell it lies directly inside, or -1. */
  readonly parent: Int32Array;
  /** Per shell: how many closed shells it lies inside (odd: the surface of a hollow). */
  readonly depth: Int32Array;
  /** Per shell: signed enclosed volume in the file's units (negative for a hollow's surface). */
  readonly signedVolumes: Float64Array;
  /** Vertex id of each corner (the weld of the analysed mesh) and how many vertices. */
  readonly vertexIds: Uint32Array;
  readonly vertexCount: number;
  /** The weld's edge neighbours (`pairHalfEdges` of `vertexIds`), from the edge census (ADR 233). */
  readonly twins?: Int32Array;
}

export interface AnalyseOptions {
  /** 'mm' when the file declared units and the mesh is already in millimetres (STEP, 3MF). */
  readonly declaredUnit?: DeclaredUnit;
  /** Build volume per process; the catalogue's largest machine per process by default. */
  readonly buildVolumes?: Readonly<Record<ProcessSlug, SizeMm>>;
  /** Thinnest overall dimension any process makes, mm; the catalogue's by default. */
  readonly minDimensionMm?: number;
  /**
   * Read the lengths in this unit instead of guessing or declaring one: a body split from a file
   * keeps the file's unit (a nut alone would be guessed in inches).
   */
  readonly unit?: UnitAssessment;
}

export const MAX_SHELL_SUMMARIES = 100;
/** Open shells are grouped into broken bodies when there are at most this many (a pairwise test). */
const MAX_OPEN_SHELLS_GROUPED = 2000;
/** Open shells whose boxes come this close (a share of their largest extent) are pieces of one body. */
const OPEN_PIECE_MARGIN = 0.01;
const PACK = 2 ** 26;

/**
 * Measures a mesh (lengths in the file's units, scaled to millimetres by the unit found or
 * declared) after repairing its facets' orientation, and lists the findings. Returns the metrics,
 * the findings, and the (repaired) mesh they describe.
 */
export function analyseMesh(input: Mesh, options: AnalyseOptions = {}): MeshAnalysis {
  const buildVolumes = options.buildVolumes ?? buildVolumesByProcess();
  const box = boundingBox(input.positions, input.triangleCount);
  const largestSide = Math.max(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]);
  const sides = [box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]];
  const units = options.unit ?? (options.declaredUnit === 'mm' ? declaredMillimetres() : guessUnit(largestSide, { sides, names: input.bodies.map((b) => b.name) }));
  const { mesh, weld, joined, surface, touching, topology: welded } = weldAndRepair(input, box, largestSide, MM_PER_UNIT[units.unit]);
  let topology = welded;
  const { triangleCount } = mesh;
  const { vertexIds, vertexCount } = weld;
  let sums = measure(mesh.positions, triangleCount, box, topology);
  const repair = repairOrientation({
    positions: mesh.positions,
    vertexIds,
    vertexCount,
    topology,
    shellVolumes: sums.shells.signedVolumes(),
    shellBoxes: sums.shells.boxes,
    shellGroups: shellGroups(mesh, topology),
    centre: boxCentre(box),
  });
  let repaired = mesh;
  if (repair.flipped.count > 0) {
    repaired = { ...mesh, positions: repair.positions };
    topology = analyseTopology(repair.vertexIds, vertexCount, triangleCount);
    sums = measure(repair.positions, triangleCount, box, topology);
  }
  const depth = repair.nesting?.depth ?? new Int32Array(topology.shellCount);
  const measures = summarise(sums, topology, depth);
  const raw = rawMetrics(box, measures, topology, triangleCount, vertexCount);
  const factor = MM_PER_UNIT[units.unit];
  const metrics = scaleMetrics(raw, units, buildVolumes, (v, power) => v * factor ** power);
  const findings = meshFindings({
    metrics,
    topology,
    degenerate: sums.degenerate,
    smallShellTriangles: measures.smallShellTriangles,
    cavityTriangles: measures.cavityTriangles,
    flipped: repair.flipped,
    joined,
    surface,
    touching,
    minDimensionMm: options.minDimensionMm ?? smallestMakeableDimension(),
  });
  const structure: ShellStructure = {
    shellCount: topology.shellCount,
    shellOfTriangle: topology.shellOfTriangle,
    closed: topology.shellIsOpen.map((open) => 1 - open),
    parent: repair.nesting?.parent ?? new Int32Array(topology.shellCount).fill(-1),
    depth,
    signedVolumes: sums.shells.signedVolumes(),
    vertexIds: repair.vertexIds,
    vertexCount,
    twins: topology.twins,
  };
  return { metrics, findings, mesh: repaired, flippedTriangleCount: repair.flipped.count, structure };
}

/**
 * The weld of a mesh, repaired where it is open (repair.ts, ADR 154 and 155): corners that differ
 * by rounding joined, then cracks closed and small flat holes filled; then solids that touch along
 * edges told apart (ADR 285). Returns the mesh the weld describes (the input when nothing was
 * repaired), its weld and edge census, and what was done.
 */
function weldAndRepair(input: Mesh, box: BoundingBox, largestSide: number, mmPerUnit: number) {
  const repaired = repairOpenWeld(input, box, largestSide, mmPerUnit);
  const { mesh } = repaired;
  if (repaired.topology.nonManifoldEdgeCount === 0) return { ...repaired, touching: null };
  const touching = separateTouchingSolids(mesh.positions, repaired.weld.vertexIds, repaired.weld.vertexCount, mesh.triangleCount);
  if (!touching) return { ...repaired, touching: null };
  // A surface that touches itself (one solid folded onto its own edge) is not told apart by giving
  // each solid its vertices: the census still finds the edge shared, and the weld stays as it was.
  const topology = analyseTopology(touching.vertexIds, touching.vertexCount, mesh.triangleCount);
  if (topology.nonManifoldEdgeCount > 0) return { ...repaired, touching: null };
  return { ...repaired, weld: touching as WeldIds, topology, touching: touching as TouchingSolids };
}

/** The weld, and the repairs of its open edges (ADR 154, 155). */
function repairOpenWeld(input: Mesh, box: BoundingBox, largestSide: number, mmPerUnit: number) {
  let mesh = input;
  // Bodies welded apart (STEP solids, 3MF objects, OBJ objects that share no vertex).
  let weld: WeldIds = weldBodies(mesh.positions, mesh.triangleCount, mesh.bodies);
  let topology = analyseTopology(weld.vertexIds, weld.vertexCount, mesh.triangleCount);
  if (topology.openEdgeCount === 0) return { mesh, weld, topology, joined: null, surface: null };
  const joined = joinNearCorners(mesh.positions, mesh.triangleCount, weld, mesh.bodies, box);
  if (joined) {
    weld = joined;
    mesh = { ...mesh, positions: joined.positions };
    topology = analyseTopology(weld.vertexIds, weld.vertexCount, mesh.triangleCount);
  }
  const surface = topology.openEdgeCount > 0 ? repairSurface(mesh.positions, mesh.triangleCount, weld, mesh.bodies, repairBounds(largestSide, mmPerUnit)) : null;
  if (surface && (surface.cracks || surface.holes)) {
    weld = surface;
    const { newIndex } = surface;
    mesh = {
      ...mesh,
      positions: surface.positions,
      triangleCount: surface.triangleCount,
      bodies: mesh.bodies.map((body, k) => ({ ...body, ...surface.bodies[k] })),
      ...(mesh.faces ? { faces: mesh.faces.map((f) => ({ ...f, firstTriangle: newIndex(f.firstTriangle) })) } : {}),
    };
    topology = analyseTopology(weld.vertexIds, weld.vertexCount, mesh.triangleCount);
  }
  // Fills and split facets' pieces go after their body's triangles: the later bodies' move.
  const moved = joined && (surface?.holes || surface?.cracks?.split) ? { ...joined, triangles: remapList(joined.triangles, surface.newIndex) } : joined;
  return { mesh, weld, topology, joined: moved, surface };
}

/**
 * Per shell, the index of the file's body it belongs to (a STEP solid), when the mesh has several
 * bodies welded apart: a solid is never the hollow of another. Null for one body.
 */
function shellGroups(mesh: Mesh, topology: Topology): Int32Array | undefined {
  if (mesh.bodies.length <= 1) return undefined;
  const groups = new Int32Array(topology.shellCount);
  mesh.bodies.forEach((body, index) => {
    const end = Math.min(body.firstTriangle + body.triangleCount, mesh.triangleCount);
    for (let t = body.firstTriangle; t < end; t++) groups[topology.shellOfTriangle[t] as number] = index;
  });
  return groups;
}

function boxCentre(box: BoundingBox): Vec3 {
  return [(box.min[0] + box.max[0]) / 2, (box.min[1] + box.max[1]) / 2, (box.min[2] + box.max[2]) / 2];
}

/** The same metrics read in another unit (the user's confirmation of the unit). */
export function withUnit(
  metrics: PartMetrics,
  unit: LengthUnit,
  buildVolumes: Readonly<Record<ProcessSlug, SizeMm>> = buildVolumesByProcess(),
): PartMetrics {
  const from = MM_PER_UNIT[metrics.units.unit];
  const to = MM_PER_UNIT[unit];
  // Divide first: mm read as inches and back gives the same numbers (2 × 25.4 / 25.4 is 2 exactly).
  return scaleMetrics(metrics, confirmedUnit(unit), buildVolumes, (v, power) => (v / from ** power) * to ** power);
}

function boundingBox(positions: Float32Array, triangleCount: number): BoundingBox {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  const n = triangleCount * 9;
  for (let i = 0; i < n; i += 3) {
    const x = positions[i] as number, y = positions[i + 1] as number, z = positions[i + 2] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  if (n === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

interface Sums {
  readonly area: number;
  readonly signedVolume: number;
  readonly degenerate: TriangleList;
  readonly shells: ShellAccumulator;
}

interface Measures {
  readonly area: number;
  readonly signedVolume: number;
  readonly degenerate: TriangleList;
  readonly shells: ShellSummary[];
  readonly smallShellTriangles: TriangleList;
  readonly cavityTriangles: TriangleList;
  readonly bodyCount: number;
  readonly cavityCount: number;
}

/** Area, volume and per-shell sums and boxes: one pass over the triangles. */
function measure(positions: Float32Array, triangleCount: number, box: BoundingBox, topology: Topology): Sums {
  const cx = (box.min[0] + box.max[0]) / 2, cy = (box.min[1] + box.max[1]) / 2, cz = (box.min[2] + box.max[2]) / 2;
  const dx = box.max[0] - box.min[0], dy = box.max[1] - box.min[1], dz = box.max[2] - box.min[2];
  const degenerateLimit = 1e-12 * (dx * dx + dy * dy + dz * dz);
  const shells = new ShellAccumulator(topology.shellCount);
  // One shell (most parts): its sums and box are the whole mesh's, so the per-shell work is skipped.
  const perShell = topology.shellCount > 1;
  const degenerate = new TriangleList();
  const sums = new Float64Array(4);
  sumTriangles(positions, triangleCount, cx, cy, cz, degenerateLimit, degenerate, perShell ? shells : null, topology.shellOfTriangle, sums);
  const [area, areaCompensation, volume, volumeCompensation] = sums as unknown as [number, number, number, number];
  if (!perShell && triangleCount > 0) shells.setWhole(triangleCount, volume, volumeCompensation, box);
  return { area: area + areaCompensation, signedVolume: volume + volumeCompensation, degenerate, shells };
}

/**
 * The loop of `measure`, alone in its function: the optimising compiler compiles it while it runs
 * (on-stack replacement), and code after the loop that had not yet run would throw that compiled
 * code away at the loop's end (a deoptimisation), so the next analysis ran the loop unoptimised
 * again, boxing every number it computed (tens of MB of garbage per million triangles). Writes
 * area, its compensation, signed volume and its compensation (Neumaier sums) into `out`.
 */
function sumTriangles(
  positions: Float32Array,
  triangleCount: number,
  cx: number,
  cy: number,
  cz: number,
  degenerateLimit: number,
  degenerate: TriangleList,
  shells: ShellAccumulator | null,
  shellOf: Int32Array,
  out: Float64Array,
): void {
  let area = 0, areaCompensation = 0, volume = 0, volumeCompensation = 0;
  for (let t = 0; t < triangleCount; t++) {
    const i = t * 9;
    const ax = (positions[i] as number) - cx, ay = (positions[i + 1] as number) - cy, az = (positions[i + 2] as number) - cz;
    const ux = (positions[i + 3] as number) - cx - ax, uy = (positions[i + 4] as number) - cy - ay, uz = (positions[i + 5] as number) - cz - az;
    const vx = (positions[i + 6] as number) - cx - ax, vy = (positions[i + 7] as number) - cy - ay, vz = (positions[i + 8] as number) - cz - az;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const doubleArea = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (doubleArea <= degenerateLimit) degenerate.add(t);
    const a = doubleArea / 2;
    let sum = area + a;
    areaCompensation += Math.abs(area) >= Math.abs(a) ? area - sum + a : a - sum + area;
    area = sum;
    // a · ((b − a) × (c − a)) = a · (b × c): six times the signed volume of the tetrahedron (centre, a, b, c).
    const v = (ax * nx + ay * ny + az * nz) / 6;
    sum = volume + v;
    volumeCompensation += Math.abs(volume) >= Math.abs(v) ? volume - sum + v : v - sum + volume;
    volume = sum;
    if (shells !== null) shells.add(shellOf[t] as number, t, v, positions, i);
  }
  out[0] = area;
  out[1] = areaCompensation;
  out[2] = volume;
  out[3] = volumeCompensation;
}

/** Shell summaries and kinds: a closed shell inside an odd number of others bounds a hollow. */
function summarise(sums: Sums, topology: Topology, depth: Int32Array): Measures {
  const summaries = sums.shells.summaries(topology.shellIsOpen, depth);
  const shellOf = topology.shellOfTriangle;
  const triangleCount = shellOf.length;
  return {
    area: sums.area,
    signedVolume: sums.signedVolume,
    degenerate: sums.degenerate,
    shells: summaries.shells,
    smallShellTriangles: trianglesOutsideLargestBody(shellOf, triangleCount, summaries),
    cavityTriangles: trianglesOfKind(shellOf, triangleCount, summaries.kinds, 'cavity'),
    bodyCount: summaries.bodyCount,
    cavityCount: summaries.cavityCount,
  };
}

/** Per-shell triangle count, first triangle, signed volume and bounding box. */
class ShellAccumulator {
  private readonly count: Uint32Array;
  private readonly first: Int32Array;
  private readonly volume: Float64Array;
  private readonly compensation: Float64Array;
  private readonly box: Float64Array;

  constructor(private readonly shellCount: number) {
    this.count = new Uint32Array(shellCount);
    this.first = new Int32Array(shellCount).fill(-1);
    this.volume = new Float64Array(shellCount);
    this.compensation = new Float64Array(shellCount);
    this.box = new Float64Array(shellCount * 6);
    for (let s = 0; s < shellCount; s++) this.box.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], s * 6);
  }

  add(shell: number, triangle: number, signedVolume: number, positions: Float32Array, i: number): void {
    if (this.first[shell] === -1) this.first[shell] = triangle;
    this.count[shell] = (this.count[shell] as number) + 1;
    addCompensated(this.volume, this.compensation, shell, signedVolume);
    const b = this.box;
    const o = shell * 6;
    for (let k = 0; k < 9; k += 3) {
      const x = positions[i + k] as number, y = positions[i + k + 1] as number, z = positions[i + k + 2] as number;
      if (x < (b[o] as number)) b[o] = x;
      if (y < (b[o + 1] as number)) b[o + 1] = y;
      if (z < (b[o + 2] as number)) b[o + 2] = z;
      if (x > (b[o + 3] as number)) b[o + 3] = x;
      if (y > (b[o + 4] as number)) b[o + 4] = y;
      if (z > (b[o + 5] as number)) b[o + 5] = z;
    }
  }

  /** Per shell: min x, y, z, max x, y, z. */
  get boxes(): Float64Array {
    return this.box;
  }

  /** Per shell: its signed volume. */
  signedVolumes(): Float64Array {
    return this.volume.map((v, s) => v + (this.compensation[s] as number));
  }

  /** The one shell of a single-shell mesh: all triangles, the mesh's own sums and box. */
  setWhole(triangleCount: number, volume: number, compensation: number, box: BoundingBox): void {
    this.first[0] = 0;
    this.count[0] = triangleCount;
    this.volume[0] = volume;
    this.compensation[0] = compensation;
    this.box.set([...box.min, ...box.max]);
  }

  summaries(shellIsOpen: Uint8Array, depth: Int32Array) {
    const order = this.largestFirst();
    const kinds = new Array<'body' | 'cavity'>(this.shellCount).fill('body');
    for (let s = 0; s < this.shellCount; s++) if (shellIsOpen[s] === 0 && (depth[s] as number) % 2 === 1) kinds[s] = 'cavity';
    const shells = order.slice(0, MAX_SHELL_SUMMARIES).map((s) => this.summary(s, shellIsOpen, kinds[s] ?? 'body'));
    const bodies = order.filter((s) => kinds[s] === 'body');
    const group = this.bodyGroups(kinds, shellIsOpen);
    const groups = new Set(bodies.map((s) => group[s]));
    return { shells, kinds, group, largestBody: bodies[0] ?? -1, bodyCount: groups.size, cavityCount: this.shellCount - bodies.length };
  }

  /**
   * Per shell, the body it is part of: each closed body is one, and open shells whose boxes meet
   * (within 1 % of the part's size) are pieces of one broken surface, not separate bodies (a cube
   * cut by a crack too wide to close is one body with open edges). -1 for a cavity.
   */
  private bodyGroups(kinds: ('body' | 'cavity')[], shellIsOpen: Uint8Array): Int32Array {
    const group = new Int32Array(this.shellCount);
    for (let s = 0; s < this.shellCount; s++) group[s] = kinds[s] === 'body' ? s : -1;
    const open: number[] = [];
    for (let s = 0; s < this.shellCount; s++) if (shellIsOpen[s] === 1 && kinds[s] === 'body') open.push(s);
    if (open.length < 2 || open.length > MAX_OPEN_SHELLS_GROUPED) return group;
    const b = this.box;
    let extent = 0;
    for (const s of open) for (let k = 0; k < 3; k++) extent = Math.max(extent, (b[s * 6 + 3 + k] as number) - (b[s * 6 + k] as number));
    const margin = OPEN_PIECE_MARGIN * extent;
    const meet = (p: number, q: number) => {
      for (let k = 0; k < 3; k++) {
        if ((b[p * 6 + k] as number) > (b[q * 6 + 3 + k] as number) + margin || (b[q * 6 + k] as number) > (b[p * 6 + 3 + k] as number) + margin) return false;
      }
      return true;
    };
    const rootOf = (s: number): number => {
      let r = s;
      while (group[r] !== r) r = group[r] as number;
      return r;
    };
    for (let i = 0; i < open.length; i++) {
      for (let j = i + 1; j < open.length; j++) {
        const p = open[i] as number, q = open[j] as number;
        if (!meet(p, q)) continue;
        const rp = rootOf(p), rq = rootOf(q);
        if (rp !== rq) group[Math.max(rp, rq)] = Math.min(rp, rq);
      }
    }
    for (const s of open) group[s] = rootOf(s);
    return group;
  }

  /** Shell indices by decreasing triangle count (ties by index), with a native numeric sort. */
  private largestFirst(): number[] {
    const keys = new Float64Array(this.shellCount);
    for (let s = 0; s < this.shellCount; s++) keys[s] = (PACK - (this.count[s] as number)) * PACK + s;
    keys.sort();
    return Array.from(keys, (key) => key % PACK);
  }

  private summary(s: number, shellIsOpen: Uint8Array, kind: 'body' | 'cavity'): ShellSummary {
    const b = this.box;
    const o = s * 6;
    return {
      firstTriangle: this.first[s] as number,
      triangleCount: this.count[s] as number,
      signedVolumeMm3: (this.volume[s] as number) + (this.compensation[s] as number),
      bbox: { min: [b[o] as number, b[o + 1] as number, b[o + 2] as number], max: [b[o + 3] as number, b[o + 4] as number, b[o + 5] as number] },
      closed: shellIsOpen[s] === 0,
      kind,
    };
  }
}

function trianglesOfKind(shellOf: Int32Array, triangleCount: number, kinds: ('body' | 'cavity')[], kind: 'body' | 'cavity'): TriangleList {
  const list = new TriangleList();
  if (!kinds.includes(kind)) return list;
  for (let t = 0; t < triangleCount; t++) if (kinds[shellOf[t] as number] === kind) list.add(t);
  return list;
}

function trianglesOutsideLargestBody(
  shellOf: Int32Array,
  triangleCount: number,
  summaries: { kinds: ('body' | 'cavity')[]; group: Int32Array; largestBody: number; bodyCount: number },
): TriangleList {
  const list = new TriangleList();
  if (summaries.bodyCount < 2) return list;
  const largest = summaries.group[summaries.largestBody];
  for (let t = 0; t < triangleCount; t++) {
    const s = shellOf[t] as number;
    if (summaries.group[s] !== largest && summaries.kinds[s] === 'body') list.add(t);
  }
  return list;
}

interface RawMetrics extends Omit<PartMetrics, 'units' | 'fits'> {
  readonly shells: ShellSummary[];
}

function rawMetrics(box: BoundingBox, m: Measures, topology: Topology, triangleCount: number, vertexCount: number): RawMetrics {
  return {
    triangleCount,
    vertexCount,
    bbox: box,
    size: [box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]],
    volumeMm3: Math.abs(m.signedVolume),
    areaMm2: m.area,
    shellCount: topology.shellCount,
    bodyCount: m.bodyCount,
    cavityCount: m.cavityCount,
    shells: m.shells,
    openEdgeCount: topology.openEdgeCount,
    nonManifoldEdgeCount: topology.nonManifoldEdgeCount,
    misorientedEdgeCount: topology.misorientedEdgeCount,
    degenerateTriangleCount: m.degenerate.count,
    watertight: triangleCount > 0 && topology.openEdgeCount === 0 && topology.nonManifoldEdgeCount === 0 && topology.misorientedEdgeCount === 0,
    orientation: m.signedVolume < 0 ? 'inward' : 'outward',
  };
}

/** Metrics with every length scaled (`power` 1 for lengths, 2 for areas, 3 for volumes). */
function scaleMetrics(
  raw: Omit<PartMetrics, 'units' | 'fits'>,
  units: UnitAssessment,
  buildVolumes: Readonly<Record<ProcessSlug, SizeMm>>,
  scale: (value: number, power: 1 | 2 | 3) => number,
): PartMetrics {
  const length = (v: number) => scale(v, 1);
  const scaleBox = (b: BoundingBox): BoundingBox => ({
    min: [length(b.min[0]), length(b.min[1]), length(b.min[2])],
    max: [length(b.max[0]), length(b.max[1]), length(b.max[2])],
  });
  const size: SizeMm = [length(raw.size[0]), length(raw.size[1]), length(raw.size[2])];
  return {
    ...raw,
    units,
    bbox: scaleBox(raw.bbox),
    size,
    volumeMm3: scale(raw.volumeMm3, 3),
    areaMm2: scale(raw.areaMm2, 2),
    shells: raw.shells.map((s) => ({ ...s, signedVolumeMm3: scale(s.signedVolumeMm3, 3), bbox: scaleBox(s.bbox) })),
    fits: fitsByProcess(size, buildVolumes),
    ...(raw.manufacturing ? { manufacturing: scaleManufacturing(raw.manufacturing, scale) } : {}),
  };
}

function scaleManufacturing(m: ManufacturingMetrics, scale: (value: number, power: 1 | 2 | 3) => number): ManufacturingMetrics {
  return {
    ...m,
    minWallMm: m.minWallMm === null ? null : scale(m.minWallMm, 1),
    ...(m.chordToleranceMm ? { chordToleranceMm: scale(m.chordToleranceMm, 1) } : {}),
    overhangAreaMm2: scale(m.overhangAreaMm2, 2),
    supportVolumeMm3: scale(m.supportVolumeMm3, 3),
    buildHeightMm: scale(m.buildHeightMm, 1),
    ...(m.machining ? { machining: scaleMachining(m.machining, scale) } : {}),
  };
}
