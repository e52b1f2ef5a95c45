/**
 * Tool access for machining (docs/decisions/176-tool-access-and-set-ups.md): from which of the six
 * axis directions (top, bottom, front, back, left, right) a cutter reaches each part of the surface.
 *
 * A point of the surface is reached from direction d when the surface there faces d or runs
 * parallel to it (the end or the side of the cutter: within half a degree), and a ray from the point
 * towards d leaves the part without meeting it (the existing hierarchy, ray-caster.ts, ADR 143).
 * Points are sampled over the surface in proportion to area (sub-triangle centroids: a large
 * planar facet of a CAD export is sampled across, so a face half under an overhang counts half);
 * when the mesh has more facets than the sample budget, facets without a sample take the access of
 * their neighbours over shared edges.
 *
 * Facets that lie on the part's bounding box, facing out, are the faces of the squared blank: they
 * are reached from the side they face and need no set-up of their own. Every other point is
 * *required*: the set-up plan (setups.ts) chooses directions until each is reached. A required
 * point reached from no axis direction is an **undercut**; it is tried from the 20 tilted
 * directions of a cube's edges and corners and from the part's own (its holes' axes and its large
 * flat faces' normals: a hole drilled at 15°; ADR 281), what a 5-axis machine adds, and said whether
 * one of them reaches it.
 */
import { SMALLEST_END_MILL_MM } from '#domain/catalogue/cnc-tools';
import { ALL_DIRECTIONS, AXIS_DIRECTIONS, AXIS_VECTORS, directionBit, type DirectionMask } from './axis-directions';
import type { Vec3 } from './part-metrics';
import { facetsFor, type Facets } from './facets';
import { createFinding, type Finding } from './findings';
import type { HoleAnalysis } from './holes';
import type { Mesh } from './mesh';
import { MeshRayCaster } from './ray-caster';
import { pairHalfEdges, type MeshEdges } from './topology';
import { weldBodies } from './weld';

const VECTORS = AXIS_DIRECTIONS.map((d) => AXIS_VECTORS[d]);

/** The 12 edge and 8 corner directions of a cube: where a 5-axis machine tilts the cutter to. */
const TILTED: readonly Vec3[] = (() => {
  const out: Vec3[] = [];
  for (const x of [-1, 0, 1]) {
    for (const y of [-1, 0, 1]) {
      for (const z of [-1, 0, 1]) {
        const zeros = (x === 0 ? 1 : 0) + (y === 0 ? 1 : 0) + (z === 0 ? 1 : 0);
        if (zeros >= 2) continue; // the centre and the six axis directions
        const l = Math.hypot(x, y, z);
        out.push([x / l, y / l, z / l]);
      }
    }
  }
  return out;
})();

/** At most this many of the part's own directions (holes' axes, flat faces' normals) join the tilted ones. */
const MAX_PART_DIRECTIONS = 12;
/** A flat face asks for its own direction when it holds at least this share of the required area. */
const MIN_FACE_SHARE = 0.005;
/** Slots of the table that sums the facets' area by rounded normal before they are clustered (a power of two). */
const FACE_SLOTS = 1 << 16;
/** A direction within 1° of one already tried adds nothing. */
const SAME_DIRECTION = Math.cos(Math.PI / 180);

/** A surface leaning away from the cutter by less than this (sin 0.5°) is cut by the cutter's side. */
const PARALLEL = Math.sin((0.5 * Math.PI) / 180);
/** Facets whose normals agree within this (cos 0.5°) and share a plane are one face to a grazing ray. */
const SAME_PLANE = Math.cos((0.5 * Math.PI) / 180);
/** Samples over the surface, at most (about; a mesh of fewer facets gets at least one per facet). */
const DEFAULT_MAX_SAMPLES = 8_000;
/** A grazing ray is stepped past its own face at most this many times. */
const MAX_STEPS = 8;

export interface ToolAccessOptions {
  /** Millimetres per unit of the mesh's coordinates. Default 1. */
  readonly mmPerUnit?: number;
  /** The hierarchy already built over this mesh (shared with the other checks, ADR 110). */
  readonly caster?: MeshRayCaster;
  /** The facets' normals and areas, when already computed (facets.ts). */
  readonly facets?: Facets;
  /** The mesh's weld and edge neighbours, when known. */
  readonly weld?: MeshEdges;
  /** Sample budget (default 8,000 points over the surface). */
  readonly maxSamples?: number;
  /** The holes found (holes.ts): a 5-axis machine tilts to a hole's axis to drill it (ADR 281). */
  readonly holes?: HoleAnalysis;
}

/** Connected facets that no axis direction reaches (wholly, or at some of their samples). */
export interface UndercutRegion {
  /** Its facets, ascending. */
  readonly triangles: Int32Array;
  /** Area no axis direction reaches, mm² (from the samples: part of a facet may be reached). */
  readonly areaMm2: number;
  /** True when a tilted direction (5-axis) reaches every sample of it. */
  readonly atAngle: boolean;
}

export interface ToolAccess {
  /**
   * Per facet: the directions reaching most of it (a direction reaching at least half its samples;
   * failing any, every direction reaching one). 0: an undercut. A blank face: the side it faces.
   */
  readonly facetAccess: Uint8Array;
  /** Per facet: 1 when it lies on the bounding box, facing out (a face of the squared blank). */
  readonly blankFacet: Uint8Array;
  /** Per facet: the share of its samples no axis direction reaches (0 to 1; an unsampled facet: 1 if an undercut, else 0). */
  readonly undercutShare: Float32Array;
  /** Required area (mm²) by the set of directions reaching it: index = mask, 64 entries; [0] is the undercut. */
  readonly maskAreaMm2: Float64Array;
  /** Required area, mm² (the surface less the blank's faces). */
  readonly requiredAreaMm2: number;
  /** Undercut area reached by a tilted direction, mm². */
  readonly undercutAtAngleAreaMm2: number;
  /** Connected undercuts, largest first. */
  readonly undercuts: readonly UndercutRegion[];
  /**
   * On a 5-axis machine clamped from below: some required surface is reached only from below
   * (the bottom, or a direction tilted down), so the part is turned over once.
   */
  readonly fiveAxisNeedsFlip: boolean;
  /** The larger of the part's diagonal and its largest coordinate, mesh units (lengths' tolerances scale with it). */
  readonly scale: number;
  /** Points sampled, and whether every facet (but the blank's) had one. */
  readonly samples: number;
  readonly complete: boolean;
}

/**
 * Tool access of a closed, outward-oriented mesh (analyse it first). Areas in mm² through
 * `mmPerUnit`; everything else in the mesh's own frame.
 */
export function analyseToolAccess(mesh: Mesh, options: ToolAccessOptions = {}): ToolAccess {
  const n = mesh.triangleCount;
  const p = mesh.positions;
  const mm2 = (options.mmPerUnit ?? 1) ** 2;
  const { normals, areas } = facetsFor(p, n, options.facets);
  const caster = options.caster ?? new MeshRayCaster(p, n);
  const box = bounds(p, n);
  const scale = Math.max(box.diagonal, box.magnitude);
  const epsilon = Math.max(scale * 1e-5, 1e-9);
  const planeTolerance = epsilon;
  const blankFacet = blankFacets(p, normals, n, box, planeTolerance);

  // Samples per facet: in proportion to area, at least one per facet when there are few enough.
  const budget = options.maxSamples ?? DEFAULT_MAX_SAMPLES;
  let requiredFacets = 0, required = 0;
  for (let t = 0; t < n; t++) {
    if (blankFacet[t] || !(areas[t]! > 0)) continue;
    requiredFacets++;
    required += areas[t]!;
  }
  const complete = requiredFacets <= budget;
  const step = required / budget;

  const facetAccess = new Uint8Array(n);
  const known = new Uint8Array(n);
  const sampled = new Uint8Array(n);
  const maskAreaMm2 = new Float64Array(64);
  const undercutWeight = new Float64Array(n);
  const undercutUnreached = new Uint8Array(n);
  let undercutAtAngleAreaMm2 = 0;
  let fiveAxisNeedsFlip = false;
  let samples = 0;
  let cumulative = 0;
  const counts = new Int32Array(6);
  const ray = new Ray(caster, p, normals, planeTolerance, epsilon);
  let tilted: readonly Vec3[] | null = null;
  /** The smallest end mill's radius, mesh units: where its axis runs beside a wall it cuts with its side. */
  const cutterRadius = SMALLEST_END_MILL_MM / 2 / (options.mmPerUnit ?? 1);
  for (let t = 0; t < n; t++) {
    const a = areas[t]!;
    if (blankFacet[t]) {
      facetAccess[t] = facingMask(normals, t);
      known[t] = 1;
      continue;
    }
    if (!(a > 0)) continue;
    let k: number;
    if (complete) k = Math.max(1, Math.round(a / step));
    else {
      k = Math.floor((cumulative + a) / step) - Math.floor(cumulative / step);
      cumulative += a;
    }
    if (k === 0) continue;
    const m = Math.max(1, Math.round(Math.sqrt(k)));
    const weight = (a * mm2) / (m * m);
    const nx = normals[t * 3]!, ny = normals[t * 3 + 1]!, nz = normals[t * 3 + 2]!;
    counts.fill(0);
    let undercutCount = 0;
    const i = t * 9;
    const ax = p[i]!, ay = p[i + 1]!, az = p[i + 2]!;
    const ux = p[i + 3]! - ax, uy = p[i + 4]! - ay, uz = p[i + 5]! - az;
    const vx = p[i + 6]! - ax, vy = p[i + 7]! - ay, vz = p[i + 8]! - az;
    // The centroids of the m² sub-triangles of an m × m subdivision: (i + 1/3, j + 1/3) / m for
    // the upright ones, (i + 2/3, j + 2/3) / m for the inverted ones.
    for (let s = 0; s < m; s++) {
      for (let r = 0; r < m - s; r++) {
        for (let inverted = 0; inverted < (r < m - s - 1 ? 2 : 1); inverted++) {
          const f = inverted ? 2 / 3 : 1 / 3;
          const bu = (s + f) / m, bv = (r + f) / m;
          const x = ax + bu * ux + bv * vx + nx * epsilon;
          const y = ay + bu * uy + bv * vy + ny * epsilon;
          const z = az + bu * uz + bv * vz + nz * epsilon;
          samples++;
          let mask = 0;
          for (let d = 0; d < 6; d++) {
            const v = VECTORS[d]!;
            if (nx * v[0] + ny * v[1] + nz * v[2] < -PARALLEL) continue;
            if (reaches(ray, t, x, y, z, nx, ny, nz, v, cutterRadius)) {
              mask |= 1 << d;
              counts[d]!++;
            }
          }
          maskAreaMm2[mask]! += weight;
          if (mask === directionBit('bottom')) fiveAxisNeedsFlip = true;
          if (mask !== 0) continue;
          undercutCount++;
          undercutWeight[t]! += weight;
          tilted ??= [...TILTED, ...partDirections(normals, areas, blankFacet, required, options.holes)];
          const reached = tiltedReach(ray, tilted, t, x, y, z, nx, ny, nz, cutterRadius);
          if (reached === 'none') undercutUnreached[t] = 1;
          else {
            undercutAtAngleAreaMm2 += weight;
            if (reached === 'below') fiveAxisNeedsFlip = true;
          }
        }
      }
    }
    let mask = 0, any = 0;
    for (let d = 0; d < 6; d++) {
      if (counts[d]! * 2 >= m * m) mask |= 1 << d;
      if (counts[d]! > 0) any |= 1 << d;
    }
    facetAccess[t] = mask !== 0 ? mask : undercutCount * 2 > m * m ? 0 : any;
    known[t] = 1;
    sampled[t] = 1;
  }

  let twins: Int32Array | null = null;
  const adjacency = (): Int32Array => {
    if (twins) return twins;
    const weld = options.weld?.vertexIds.length === n * 3 ? options.weld : undefined;
    if (weld?.twins) twins = weld.twins;
    else {
      const { vertexIds, vertexCount } = weld ?? weldBodies(p, n, mesh.bodies);
      twins = pairHalfEdges(vertexIds, vertexCount, n);
    }
    return twins;
  };
  // Facets without a sample take their neighbours' access (breadth first from the sampled ones).
  if (known.some((k) => k === 0)) fill(facetAccess, known, adjacency(), normals, areas);
  // An undercut: a facet with an undercut sample, or an unsampled facet that took no access from its neighbours.
  const undercutFacet = new Uint8Array(n);
  const undercutShare = new Float32Array(n);
  for (let t = 0; t < n; t++) {
    if (blankFacet[t] || !(areas[t]! > 0)) continue;
    if (sampled[t] ? undercutWeight[t]! > 0 : facetAccess[t] === 0) undercutFacet[t] = 1;
    undercutShare[t] = sampled[t] ? Math.min(1, undercutWeight[t]! / (areas[t]! * mm2)) : facetAccess[t] === 0 ? 1 : 0;
  }
  const undercuts = undercutRegions(undercutFacet, undercutWeight, undercutUnreached, adjacency);
  let requiredAreaMm2 = 0;
  for (const a of maskAreaMm2) requiredAreaMm2 += a;
  return {
    facetAccess,
    blankFacet,
    undercutShare,
    maskAreaMm2,
    requiredAreaMm2,
    undercutAtAngleAreaMm2,
    undercuts,
    fiveAxisNeedsFlip,
    scale,
    samples,
    complete,
  };
}

/** A ray that leaves its own face at a grazing angle: steps past facets of the sample's own plane. */
class Ray {
  constructor(
    private readonly caster: MeshRayCaster,
    private readonly p: Float32Array,
    private readonly normals: Float64Array,
    private readonly planeTolerance: number,
    private readonly epsilon: number,
  ) {}

  /** Whether a ray from (x, y, z), a point just off facet t, along (dx, dy, dz) leaves the part. */
  escapes(t: number, x: number, y: number, z: number, dx: number, dy: number, dz: number): boolean {
    const { normals, p } = this;
    const nx = normals[t * 3]!, ny = normals[t * 3 + 1]!, nz = normals[t * 3 + 2]!;
    const i = t * 9;
    const offset = nx * p[i]! + ny * p[i + 1]! + nz * p[i + 2]!;
    for (let steps = 0; steps < MAX_STEPS; steps++) {
      const hit = this.caster.castFirst(x, y, z, dx, dy, dz);
      if (!hit) return true;
      const h = hit.triangle;
      const j = h * 9;
      const samePlane =
        h === t ||
        (nx * normals[h * 3]! + ny * normals[h * 3 + 1]! + nz * normals[h * 3 + 2]! > SAME_PLANE &&
          Math.abs(nx * p[j]! + ny * p[j + 1]! + nz * p[j + 2]! - offset) <= this.planeTolerance * 10);
      if (!samePlane) return false;
      const advance = hit.distance + this.epsilon;
      x += dx * advance;
      y += dy * advance;
      z += dz * advance;
    }
    return false;
  }

  /** Whether a ray from a point off the surface, in the air, leaves the part without meeting it. */
  escapesFrom(x: number, y: number, z: number, dx: number, dy: number, dz: number): boolean {
    return this.caster.castFirst(x, y, z, dx, dy, dz) === null;
  }
}

/** Whether a tilted direction reaches the point, and whether one from above (z ≥ 0) does. */
function tiltedReach(ray: Ray, tilted: readonly Vec3[], t: number, x: number, y: number, z: number, nx: number, ny: number, nz: number, cutterRadius: number): 'above' | 'below' | 'none' {
  let below = false;
  for (const v of tilted) {
    const facing = nx * v[0] + ny * v[1] + nz * v[2];
    if (facing < -PARALLEL) continue;
    if (v[2] < 0 && below) continue;
    if (!reaches(ray, t, x, y, z, nx, ny, nz, v, cutterRadius)) continue;
    if (v[2] >= 0) return 'above';
    below = true;
  }
  return below ? 'below' : 'none';
}

/**
 * Whether a cutter from v reaches the point: a ray from it leaves the part, or, for a direction that
 * runs along the surface (the cutter's side cuts it), a ray from where the smallest cutter's axis
 * runs, its radius off the surface. A bore met at a slant by a face is tessellated in strips that
 * twist a little against its axis (its mouth's corners are not its floor's): a ray along the axis
 * from the wall itself grazes the next strip (ADR 281). Where the gap is narrower than the radius,
 * that start lies in the material across it and reaches nothing.
 */
function reaches(ray: Ray, t: number, x: number, y: number, z: number, nx: number, ny: number, nz: number, v: Vec3, r: number): boolean {
  if (ray.escapes(t, x, y, z, v[0], v[1], v[2])) return true;
  return nx * v[0] + ny * v[1] + nz * v[2] <= PARALLEL && ray.escapesFrom(x + nx * r, y + ny * r, z + nz * r, v[0], v[1], v[2]);
}

/**
 * The directions the part itself asks a 5-axis machine to tilt to (ADR 281): the normal of each large
 * flat face (its facets' normals equal within 0.06°, together at least `MIN_FACE_SHARE` of the
 * required area), the largest first, then the axis of each hole from its opening (both ends of a
 * through hole); none within 1° of an axis, of a tilted direction or of one already chosen; at most
 * `MAX_PART_DIRECTIONS`. A hole drilled at 15°, a face milled at 20°: no cube's edge or corner
 * points along them.
 */
function partDirections(normals: Float64Array, areas: Float64Array, blankFacet: Uint8Array, required: number, holes: HoleAnalysis | undefined): Vec3[] {
  const candidates: Vec3[] = [];
  const n = areas.length;
  const threshold = required * MIN_FACE_SHARE;
  // A normal rounded to 0.001 a component, as a number; first summed in a small table whose slots
  // several normals may share: only the facets of a slot holding enough area are clustered exactly,
  // so a fine organic mesh (a million normals, none shared) costs two passes, not a map of them all.
  const keyOf = new Float64Array(n);
  const slotOfFacet = new Int32Array(n).fill(-1);
  const slotArea = new Float64Array(FACE_SLOTS);
  for (let t = 0; t < n; t++) {
    const a = areas[t]!;
    if (blankFacet[t] || !(a > 0)) continue;
    const ix = Math.round(normals[t * 3]! * 1000) + 1000, iy = Math.round(normals[t * 3 + 1]! * 1000) + 1000, iz = Math.round(normals[t * 3 + 2]! * 1000) + 1000;
    keyOf[t] = (ix * 2001 + iy) * 2001 + iz;
    const slot = (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) & (FACE_SLOTS - 1);
    slotOfFacet[t] = slot;
    slotArea[slot]! += a;
  }
  const faces = new Map<number, { area: number; x: number; y: number; z: number }>();
  for (let t = 0; t < n; t++) {
    const slot = slotOfFacet[t]!;
    if (slot < 0 || slotArea[slot]! < threshold) continue;
    const key = keyOf[t]!;
    const a = areas[t]!;
    const x = normals[t * 3]!, y = normals[t * 3 + 1]!, z = normals[t * 3 + 2]!;
    const face = faces.get(key);
    if (face) {
      face.area += a;
      face.x += x * a;
      face.y += y * a;
      face.z += z * a;
    } else faces.set(key, { area: a, x: x * a, y: y * a, z: z * a });
  }
  const large = [...faces.values()].filter((f) => f.area >= threshold).sort((a, b) => b.area - a.area);
  for (const f of large) {
    const l = Math.hypot(f.x, f.y, f.z);
    if (l > 0) candidates.push([f.x / l, f.y / l, f.z / l]);
  }
  // After the faces: a flat face's normal is exact, a hole's axis is fitted to its facets.
  for (const hole of holes?.holes ?? []) {
    const [ax, ay, az] = hole.axis;
    candidates.push([-ax, -ay, -az]);
    if (hole.through) candidates.push([ax, ay, az]);
  }
  const chosen: Vec3[] = [];
  const tried = [...VECTORS, ...TILTED];
  for (const c of candidates) {
    if (chosen.length >= MAX_PART_DIRECTIONS) break;
    if ([...tried, ...chosen].some((v) => v[0] * c[0] + v[1] * c[1] + v[2] * c[2] > SAME_DIRECTION)) continue;
    chosen.push(c);
  }
  return chosen;
}

interface Box {
  readonly min: Vec3;
  readonly max: Vec3;
  readonly diagonal: number;
  /** The largest absolute coordinate (float32 rounding grows with it). */
  readonly magnitude: number;
}

function bounds(p: Float32Array, n: number): Box {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let i = 0; i < n * 9; i += 3) {
    const x = p[i]!, y = p[i + 1]!, z = p[i + 2]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  if (n === 0) x0 = y0 = z0 = x1 = y1 = z1 = 0;
  const diagonal = Math.hypot(x1 - x0, y1 - y0, z1 - z0) || 0;
  const magnitude = Math.max(Math.abs(x0), Math.abs(y0), Math.abs(z0), Math.abs(x1), Math.abs(y1), Math.abs(z1));
  return { min: [x0, y0, z0], max: [x1, y1, z1], diagonal, magnitude };
}

/** Facets on a face of the bounding box, facing out of it. */
function blankFacets(p: Float32Array, normals: Float64Array, n: number, box: Box, tolerance: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    for (let axis = 0; axis < 3; axis++) {
      const c = normals[t * 3 + axis]!;
      if (Math.abs(c) < 1 - 1e-6) continue;
      const plane = c > 0 ? box.max[axis]! : box.min[axis]!;
      const i = t * 9 + axis;
      if (Math.abs(p[i]! - plane) <= tolerance && Math.abs(p[i + 3]! - plane) <= tolerance && Math.abs(p[i + 6]! - plane) <= tolerance) out[t] = 1;
    }
  }
  return out;
}

/** The directions a facet faces (its normal within half a degree of them or closer). */
function facingMask(normals: Float64Array, t: number): DirectionMask {
  let mask = 0;
  for (let d = 0; d < 6; d++) {
    const v = VECTORS[d]!;
    if (normals[t * 3]! * v[0] + normals[t * 3 + 1]! * v[1] + normals[t * 3 + 2]! * v[2] > PARALLEL) mask |= 1 << d;
  }
  return mask;
}

/** Access of unsampled facets from their neighbours, breadth first; any left over take the sides they face. */
function fill(access: Uint8Array, known: Uint8Array, twins: Int32Array, normals: Float64Array, areas: Float64Array): void {
  const n = access.length;
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  for (let t = 0; t < n; t++) if (known[t]) queue[tail++] = t;
  while (head < tail) {
    const t = queue[head++]!;
    for (let k = 0; k < 3; k++) {
      const other = twins[t * 3 + k]!;
      if (other < 0) continue;
      const u = (other / 3) | 0;
      if (known[u]) continue;
      known[u] = 1;
      access[u] = access[t]!;
      queue[tail++] = u;
    }
  }
  for (let t = 0; t < n; t++) if (!known[t]) access[t] = areas[t]! > 0 ? facingMask(normals, t) : ALL_DIRECTIONS;
}

/** Connected undercut facets (edge neighbours), with their sampled undercut area. */
function undercutRegions(undercut: Uint8Array, weight: Float64Array, unreached: Uint8Array, adjacency: () => Int32Array): UndercutRegion[] {
  const n = undercut.length;
  const isUndercut = (t: number) => undercut[t] === 1;
  if (!undercut.includes(1)) return [];
  const twins = adjacency();
  const seen = new Uint8Array(n);
  const regions: UndercutRegion[] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || !isUndercut(start)) continue;
    const members: number[] = [start];
    seen[start] = 1;
    let area = 0;
    let atAngle = true;
    for (let q = 0; q < members.length; q++) {
      const t = members[q]!;
      area += weight[t]!;
      if (unreached[t]) atAngle = false;
      for (let k = 0; k < 3; k++) {
        const other = twins[t * 3 + k]!;
        if (other < 0) continue;
        const u = (other / 3) | 0;
        if (seen[u] || !isUndercut(u)) continue;
        seen[u] = 1;
        members.push(u);
      }
    }
    regions.push({ triangles: Int32Array.from(members.sort((a, b) => a - b)), areaMm2: area, atAngle });
  }
  return regions.sort((a, b) => b.areaMm2 - a.areaMm2);
}

/** Undercut findings shown at most (the rest are counted in the last one's message). */
const MAX_UNDERCUT_FINDINGS = 10;

/**
 * One located finding per undercut (largest first): its area, and whether a 5-axis machine
 * reaches it at an angle or nothing straight does (a T-slot, a dovetail, a groove inside a bore).
 */
export function undercutFindings(access: ToolAccess): Finding[] {
  const regions = access.undercuts;
  return regions.slice(0, MAX_UNDERCUT_FINDINGS).map((region, index) => {
    const area = +region.areaMm2.toPrecision(3);
    const more = index === MAX_UNDERCUT_FINDINGS - 1 && regions.length > MAX_UNDERCUT_FINDINGS ? ` (${regions.length - MAX_UNDERCUT_FINDINGS} more undercuts not listed)` : '';
    const label = regions.length > 1 ? `Undercut ${index + 1} of ${regions.length}` : 'Undercut';
    return region.atAngle
      ? createFinding('undercut', `${label}: ${area} mm² that no cutter reaches straight from the top, bottom or a side; a 5-axis machine reaches it at an angle${more}.`, {
          triangles: region.triangles,
          count: region.triangles.length,
          fixHint: 'Priced on a 5-axis machine where the material allows it. To machine it on 3 axes, open the highlighted faces to one side or give them a draft towards it.',
        })
      : createFinding('undercut', `${label}: ${area} mm² that no cutter reaches from any direction, straight or tilted (like a T-slot, a dovetail or a groove inside a bore)${more}.`, {
          triangles: region.triangles,
          count: region.triangles.length,
          fixHint: 'It needs a special cutter (T-slot or dovetail), a second part or a redesign: an engineer reviews it. To price it at once, open the highlighted faces towards one side.',
        });
  });
}
