/**
 * Local wall thickness (docs/decisions/073-wall-thickness-by-inward-rays.md): from a point of a
 * facet, a ray cast inwards (against the facet's normal) crosses the material and leaves it
 * through the opposite wall; the distance is the wall's thickness there. A bounding volume
 * hierarchy on typed arrays (ray-caster.ts, ADR 143) answers each ray in logarithmic time.
 *
 * Work is bounded: when the mesh has more facets than `maxRays`, facets are sampled in
 * proportion to their area (systematic sampling along the cumulative area, so the sample is
 * spread over the whole surface and the same every run), and the result states the coverage.
 * Around every thin facet found, the neighbours are measured too (a flood over shared edges), so
 * a thin region is measured whole, not only where the sample fell. Both sides of a thin wall
 * belong to one region: a thin facet is joined to the facet its ray came out through. In a mesh of
 * several bodies a ray goes on through the other bodies' facets: an assembly's parts that touch or
 * overlap are not walls of each other (ADR 279). A ray that leaves through a facet meeting its own at
 * a wedge over 40° measured an edge, not a wall, and is not counted (ADR 280). A STEP model's walls
 * meet a minimum with its tessellation's allowance (wall-allowance.ts, ADR 277).
 */
import { createFinding, type Finding, type FindingSeverity } from './findings';
import type { Mesh } from './mesh';
import type { ShellStructure } from './metrics';
import { MeshRayCaster } from './ray-caster';
import { facetsFor, type Facets } from './facets';
import { pairHalfEdges, type MeshEdges } from './topology';
import { formatWallMm, isThinnerThan } from './wall-allowance';
import { weldBodies } from './weld';

export interface WallThicknessOptions {
  /** The thinnest wall allowed, mm: the material's minimum (catalogue data). */
  readonly minWallMm: number;
  /** Millimetres per unit of the mesh's coordinates (1 for mm, 25.4 for inches). Default 1. */
  readonly mmPerUnit?: number;
  /** At most this many facets are measured in the first pass (the sample). Default 60 000. */
  readonly maxRays?: number;
  /** At most this many more are measured around thin facets. Default 200 000. */
  readonly maxRefineRays?: number;
  /** A hierarchy already built over this mesh (shared with the support analysis: one build, not two). */
  readonly caster?: MeshRayCaster;
  /** The mesh's weld (and edge neighbours), when already known (`MeshAnalysis.structure`): saves welding again. */
  readonly weld?: MeshEdges;
  /** The facets' normals and areas, when already computed for this mesh (facets.ts). */
  readonly facets?: Facets;
  /**
   * The body of each facet (`bodiesOfFacets`: an outer shell with the hollows inside it), when the
   * mesh has more than one: a ray goes on through another body's facets (two parts of an assembly
   * that touch or overlap are not a wall of either; ADR 279).
   */
  readonly bodyOfFacet?: Int32Array;
}

/**
 * The body of each facet of an analysed mesh (its shell's, a hollow's surface counting as the
 * body around it), or undefined when every facet is one body's.
 */
export function bodiesOfFacets(structure: Pick<ShellStructure, 'shellCount' | 'shellOfTriangle' | 'closed' | 'parent' | 'depth'>): Int32Array | undefined {
  const { shellCount, shellOfTriangle, closed, parent, depth } = structure;
  if (shellCount < 2) return undefined;
  const bodyOfShell = new Int32Array(shellCount);
  let bodies = 0;
  for (let s = 0; s < shellCount; s++) {
    // A closed shell at an odd depth is a hollow's surface: it belongs to the shell around it.
    const hollow = closed[s] === 1 && (depth[s] as number) % 2 === 1 && (parent[s] as number) >= 0;
    bodyOfShell[s] = hollow ? (parent[s] as number) : s;
    if (!hollow) bodies++;
  }
  if (bodies < 2) return undefined;
  return shellOfTriangle.map((s) => bodyOfShell[s] as number);
}

export interface ThinRegion {
  /** Every triangle of the region (both sides of the wall), ascending. */
  readonly triangles: Int32Array;
  /** The thinnest wall measured in it, mm. */
  readonly minThicknessMm: number;
  /** The triangle where that was measured. */
  readonly thinnestTriangle: number;
  /** Area of the region's triangles, mm². */
  readonly areaMm2: number;
}

export interface WallCoverage {
  /** Rays cast in all (sample and refinement). */
  readonly rays: number;
  /** Facets measured, and how many the mesh has. */
  readonly measuredTriangles: number;
  readonly triangleCount: number;
  /** Share of the surface area whose facets were measured, 0 to 1. */
  readonly measuredAreaFraction: number;
  /** Rays that found no wall to leave through (open meshes, rays along an edge or out through an edge: ADR 280): not counted. */
  readonly unanswered: number;
  /** True when every facet was measured (no sampling). */
  readonly complete: boolean;
  /**
   * True when every thin region was measured to its edge. False when the refinement budget ran
   * out: the regions are then sampled too, and thin facets closer than twice the sample spacing
   * are counted in one region.
   */
  readonly regionsMeasuredWhole: boolean;
}

export interface WallThickness {
  /** The thinnest wall measured, mm; Infinity when no ray found a wall. */
  readonly minThicknessMm: number;
  /** The triangle where it was measured, or -1. */
  readonly thinnestTriangle: number;
  /** Regions thinner than `minWallMm`, thinnest first. */
  readonly thinRegions: readonly ThinRegion[];
  /** Thickness measured from each facet, mm; NaN where not measured (for a heat map on the model). */
  readonly thicknessMm: Float32Array;
  readonly coverage: WallCoverage;
}

const DEFAULT_MAX_RAYS = 60_000;
const DEFAULT_MAX_REFINE_RAYS = 200_000;
/**
 * The two sides of a wall face each other within 40° (ADR 280): −n₁ · n₂ ≥ cos 40°. Where the facet
 * a ray leaves through meets the facet it started from at a wider wedge, the material thinner than
 * a minimum reaches at most 1.2 minimums from where the two faces meet: an edge (a gear's tooth tip,
 * a hexagon's corner, a chamfer's end), which printing rounds and machining leaves as cut, not a
 * wall. Near such an edge a facet's centroid can sit a hair from it (a sliver along the edge), and
 * its ray read the hair (0.0002 mm on a 3MF of gears). At the thinnest spot between two smooth sides
 * their normals are opposite, so a wall's minimum is measured by the facets this keeps. Not 45°: a
 * chamfer's rays leave at exactly that, and rounding would decide facet by facet.
 */
const WALL_SIDES_FACING = Math.cos((40 * Math.PI) / 180);
/** Facets of other bodies a wall ray goes through before it gives up (unmeasured). */
const MAX_OTHER_BODY_CROSSINGS = 16;

/**
 * Measures wall thickness over a closed, outward-oriented mesh (analyse it first: the
 * orientation repair makes every facet face away from the material). Returns the thinnest wall,
 * the regions thinner than `minWallMm` with their facets and thickness, the per-facet thickness
 * and the coverage, all lengths in mm.
 */
export function analyseWallThickness(mesh: Mesh, options: WallThicknessOptions): WallThickness {
  const scale = options.mmPerUnit ?? 1;
  const triangleCount = mesh.triangleCount;
  const positions = mesh.positions.subarray(0, triangleCount * 9);
  const { areas, normals } = facetsFor(positions, triangleCount, options.facets);
  const caster = new WallCaster(positions, normals, options.caster ?? new MeshRayCaster(positions, triangleCount), options.bodyOfFacet);
  const thickness = new Float32Array(triangleCount).fill(Number.NaN);
  const exitOf = new Int32Array(triangleCount).fill(-1);
  const totalArea = areas.reduce((sum, a) => sum + a, 0);
  const maxRays = options.maxRays ?? DEFAULT_MAX_RAYS;
  const complete = triangleCount <= maxRays;
  let rays = 0;
  let unanswered = 0;
  const measure = (t: number): void => {
    if (!Number.isNaN(thickness[t] as number) || (areas[t] as number) === 0) return;
    rays++;
    const hit = caster.cast(t);
    if (!hit) {
      unanswered++;
      thickness[t] = Number.POSITIVE_INFINITY;
      return;
    }
    thickness[t] = hit.distance * scale;
    exitOf[t] = hit.triangle;
  };
  for (const t of sampleByArea(areas, totalArea, complete ? triangleCount : maxRays)) measure(t);
  const limit = options.minWallMm;
  const thin = (t: number) => isThinnerThan(thickness[t] as number, limit, mesh.chordToleranceMm);
  // Edge neighbours, computed only when a thin facet is found.
  let twins: Int32Array | null = null;
  const adjacency = (): Int32Array => {
    if (!twins) {
      // A weld of another mesh (another length) is not used.
      const known = options.weld?.vertexIds.length === triangleCount * 3 ? options.weld : undefined;
      if (known?.twins) twins = known.twins;
      else {
        const { vertexIds, vertexCount } = known ?? weldBodies(positions, triangleCount, mesh.bodies);
        twins = pairHalfEdges(vertexIds, vertexCount, triangleCount);
      }
    }
    return twins;
  };
  let regionsMeasuredWhole = true;
  if (!complete) {
    // Measure the neighbours of thin facets until the thin regions are measured whole.
    const queue: number[] = [];
    for (let t = 0; t < triangleCount; t++) if (thin(t)) queue.push(t);
    const budget = rays + (options.maxRefineRays ?? DEFAULT_MAX_REFINE_RAYS);
    while (queue.length > 0 && rays < budget) {
      const t = queue.pop() as number;
      for (const n of [...neighbours(adjacency(), t), exitOf[t] as number]) {
        if (n < 0 || !Number.isNaN(thickness[n] as number)) continue;
        measure(n);
        if (thin(n)) queue.push(n);
      }
    }
    regionsMeasuredWhole = queue.length === 0;
  }
  let measuredTriangles = 0, measuredArea = 0, minThickness = Number.POSITIVE_INFINITY, thinnest = -1;
  for (let t = 0; t < triangleCount; t++) {
    const value = thickness[t] as number;
    if (Number.isNaN(value)) continue;
    measuredTriangles++;
    measuredArea += areas[t] as number;
    if (value < minThickness) {
      minThickness = value;
      thinnest = t;
    }
  }
  for (let t = 0; t < triangleCount; t++) if (thickness[t] === Number.POSITIVE_INFINITY) thickness[t] = Number.NaN;
  return {
    minThicknessMm: minThickness,
    thinnestTriangle: thinnest,
    thinRegions: thinRegions(thickness, exitOf, areas, thin, scale, adjacency, regionsMeasuredWhole ? null : { positions, spacing: 2 * Math.sqrt(totalArea / maxRays) }),
    thicknessMm: thickness,
    coverage: {
      rays,
      measuredTriangles,
      triangleCount,
      measuredAreaFraction: totalArea > 0 ? measuredArea / totalArea : 0,
      unanswered,
      complete,
      regionsMeasuredWhole,
    },
  };
}

/** The three triangles sharing an edge with t (-1 where there is none). */
function neighbours(twin: Int32Array, t: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 3; k++) {
    const other = twin[t * 3 + k] as number;
    out.push(other < 0 ? -1 : (other / 3) | 0);
  }
  return out;
}

/** Rays from facet centroids against the facet normal, through the mesh's hierarchy (ray-caster.ts). */
class WallCaster {
  /** How far inside the facet the ray starts, so it does not hit its own facet. */
  private readonly offset: number;

  constructor(
    private readonly positions: Float32Array,
    /** Each facet's unit normal (facets.ts). */
    private readonly normals: Float64Array,
    private readonly caster: MeshRayCaster,
    private readonly bodyOf?: Int32Array,
  ) {
    this.offset = Math.max(caster.diagonal * 1e-6, 1e-9);
  }

  /** The wall's thickness behind triangle t and the triangle the ray leaves through, or null. */
  cast(t: number): { distance: number; triangle: number } | null {
    const p = this.positions;
    const i = t * 9;
    const n = this.normals;
    const nx = n[t * 3] as number, ny = n[t * 3 + 1] as number, nz = n[t * 3 + 2] as number;
    if (nx === 0 && ny === 0 && nz === 0) return null;
    const o = this.offset;
    const sx = ((p[i] as number) + (p[i + 3] as number) + (p[i + 6] as number)) / 3 - nx * o;
    const sy = ((p[i + 1] as number) + (p[i + 4] as number) + (p[i + 7] as number)) / 3 - ny * o;
    const sz = ((p[i + 2] as number) + (p[i + 5] as number) + (p[i + 8] as number)) / 3 - nz * o;
    const body = this.bodyOf?.[t];
    // Past another body's facets (an assembly's parts touching or overlapping), up to a few of them.
    let travelled = 0;
    for (let crossed = 0; crossed <= MAX_OTHER_BODY_CROSSINGS; crossed++) {
      const hit = this.caster.castFirst(sx - nx * travelled, sy - ny * travelled, sz - nz * travelled, -nx, -ny, -nz);
      if (!hit) return null;
      if (body === undefined || this.bodyOf![hit.triangle] === body) {
        // Leaving the material, the ray meets the back of a facet; the front means it started outside.
        if (hit.entering) return null;
        // A facet meeting this one at a wedge over 40° bounds an edge, not a wall (ADR 280).
        const e = hit.triangle * 3;
        if (-(nx * (n[e] as number) + ny * (n[e + 1] as number) + nz * (n[e + 2] as number)) < WALL_SIDES_FACING) return null;
        return { distance: travelled + hit.distance + o, triangle: hit.triangle };
      }
      travelled += hit.distance + o;
    }
    return null;
  }
}

/**
 * Facets chosen in proportion to their area: `count` evenly spaced marks along the cumulative
 * area, each picking the facet it falls in (a large facet may take several marks, counted once).
 * With `count` at least the number of facets, every facet with an area is chosen.
 */
function sampleByArea(areas: Float64Array, totalArea: number, count: number): Int32Array {
  if (count >= areas.length) return Int32Array.from({ length: areas.length }, (_, t) => t);
  const chosen: number[] = [];
  const step = totalArea / count;
  let mark = step / 2;
  let cumulative = 0;
  for (let t = 0; t < areas.length && mark < totalArea; t++) {
    cumulative += areas[t] as number;
    if (cumulative > mark) {
      chosen.push(t);
      while (mark < cumulative) mark += step;
    }
  }
  return Int32Array.from(chosen);
}

/** Thin facets joined over shared edges and across the wall (a facet and the one its ray left through). */
function thinRegions(
  thickness: Float32Array,
  exitOf: Int32Array,
  areas: Float64Array,
  thin: (t: number) => boolean,
  scale: number,
  adjacency: () => Int32Array,
  /** When the regions were only sampled: join thin facets closer than `spacing` (mesh units). */
  nearby: { positions: Float32Array; spacing: number } | null,
): ThinRegion[] {
  const triangleCount = thickness.length;
  const thinList: number[] = [];
  for (let t = 0; t < triangleCount; t++) if (thin(t)) thinList.push(t);
  if (thinList.length === 0) return [];
  const twin = adjacency();
  const parent = new Int32Array(triangleCount).fill(-1);
  const find = (t: number): number => {
    let x = t;
    while (parent[x] !== x) {
      const up = parent[x] as number;
      parent[x] = parent[up] as number;
      x = up;
    }
    return x;
  };
  const join = (a: number, b: number): void => {
    const ra = find(a), rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (const t of thinList) parent[t] = t;
  // The far side of a thin wall belongs to its region even where it was not measured itself.
  for (const t of thinList) {
    const exit = exitOf[t] as number;
    if (exit >= 0 && parent[exit] === -1) parent[exit] = exit;
  }
  for (const t of thinList) {
    for (const n of neighbours(twin, t)) if (n >= 0 && (parent[n] as number) >= 0) join(t, n);
    const exit = exitOf[t] as number;
    if (exit >= 0) join(t, exit);
  }
  if (nearby) joinNearby(thinList, nearby.positions, nearby.spacing, join);
  const regions = new Map<number, { triangles: number[]; min: number; thinnest: number; area: number }>();
  for (let t = 0; t < triangleCount; t++) {
    if ((parent[t] as number) < 0) continue;
    const root = find(t);
    let region = regions.get(root);
    if (!region) {
      region = { triangles: [], min: Number.POSITIVE_INFINITY, thinnest: -1, area: 0 };
      regions.set(root, region);
    }
    region.triangles.push(t);
    region.area += (areas[t] as number) * scale * scale;
    const value = thickness[t] as number;
    if (value < region.min) {
      region.min = value;
      region.thinnest = t;
    }
  }
  return [...regions.values()]
    .map((r) => ({ triangles: Int32Array.from(r.triangles), minThicknessMm: r.min, thinnestTriangle: r.thinnest, areaMm2: r.area }))
    .sort((a, b) => a.minThicknessMm - b.minThicknessMm);
}

/** Joins facets whose centroids fall in the same or neighbouring cells of a grid of `spacing`. */
function joinNearby(list: number[], positions: Float32Array, spacing: number, join: (a: number, b: number) => void): void {
  // Cells are keyed by one number (x, y, z cell indices from the list's lowest corner), not a string.
  const cx = new Float64Array(list.length), cy = new Float64Array(list.length), cz = new Float64Array(list.length);
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  list.forEach((t, j) => {
    const i = t * 9;
    const c = (k: number) => Math.floor(((positions[i + k] as number) + (positions[i + 3 + k] as number) + (positions[i + 6 + k] as number)) / 3 / spacing);
    const x = (cx[j] = c(0)), y = (cy[j] = c(1)), z = (cz[j] = c(2));
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (z < z0) z0 = z;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  });
  // One spare cell on each side, so a neighbour's key never wraps into another row.
  const nx = x1 - x0 + 3, ny = y1 - y0 + 3;
  const key = (x: number, y: number, z: number) => ((z - z0 + 1) * ny + (y - y0 + 1)) * nx + (x - x0 + 1);
  const cells = new Map<number, number>();
  list.forEach((t, j) => {
    const k = key(cx[j] as number, cy[j] as number, cz[j] as number);
    const first = cells.get(k);
    if (first === undefined) cells.set(k, t);
    else join(first, t);
  });
  list.forEach((t, j) => {
    const x = cx[j] as number, y = cy[j] as number, z = cz[j] as number;
    if (cells.get(key(x, y, z)) !== t) return; // one facet per cell joins the neighbours
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          const other = cells.get(key(x + dx, y + dy, z + dz));
          if (other !== undefined) join(t, other);
        }
      }
    }
  });
}

/**
 * The finding for walls thinner than the material allows: located on the thin regions' facets,
 * with the thinnest wall and the minimum in the message. `severity` is the quote's to choose
 * (a warning for a print that may sag, an error where the process cannot make it).
 */
export function thinWallFinding(result: WallThickness, minWallMm: number, severity: FindingSeverity = 'warning'): Finding | null {
  if (result.thinRegions.length === 0) return null;
  const regions = result.thinRegions.length === 1 ? 'one region' : `${result.thinRegions.length} regions`;
  const triangles = result.thinRegions.flatMap((r) => Array.from(r.triangles));
  const sampled = result.coverage.complete ? '' : ` (measured on ${Math.round(result.coverage.measuredAreaFraction * 100)} % of the surface)`;
  return createFinding(
    'thin-wall',
    `Walls are as thin as ${formatWallMm(result.minThicknessMm, minWallMm)} mm in ${regions}; this material needs at least ${minWallMm} mm${sampled}.`,
    {
      severity,
      fixHint: `Thicken the highlighted walls to at least ${minWallMm} mm, or choose a material that allows thinner walls.`,
      triangles,
      count: triangles.length,
    },
  );
}
