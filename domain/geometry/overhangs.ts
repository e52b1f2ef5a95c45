/**
 * Overhangs and supports for printing (docs/decisions/110-overhangs-and-support-volume.md).
 *
 * A printer builds a part layer by layer along its build direction. A facet that faces down
 * more steeply than the process's self-supporting angle (measured from the vertical, as slicers
 * do: 0° supports every downward face, 90° none) needs supports under it. The support fills the
 * column between the facet and whatever lies below it: the build plate, or the part itself. That
 * column is measured by casting rays straight down from points of the facet through a bounding
 * volume hierarchy of the mesh (ray-caster.ts), so the volume is exact wherever the height under
 * a facet varies linearly (flat ground, flat or sloped ceilings) and converges elsewhere.
 *
 * Work is bounded: at most `maxRays` rays per orientation, spread over the overhanging facets in
 * proportion to their area seen from below (systematic sampling along the cumulative projected
 * area: deterministic and spread over the whole overhang). Small meshes get one ray per facet
 * at least, and the result states the coverage.
 *
 * The best orientation is searched without turning the mesh: "up" is a direction in the mesh's
 * own coordinates, so one hierarchy answers every candidate.
 */
import { MAX_FINDING_TRIANGLES } from '#domain/catalogue/limits';
import { createFinding, type Finding, type FindingSeverity } from './findings';
import type { Mesh } from './mesh';
import { MeshRayCaster } from './ray-caster';
import { facetsFor, type Facets } from './facets';
import { pairHalfEdges, type MeshEdges } from './topology';
import { weldBodies } from './weld';

/** A direction or point in the mesh's coordinates. */
export type Vector3Tuple = readonly [number, number, number];

/** A 3 × 3 rotation, row by row. */
export type RotationMatrix = readonly [number, number, number, number, number, number, number, number, number];

/** Slicers' usual default: faces up to 45° from the vertical print without supports. */
export const DEFAULT_SELF_SUPPORTING_ANGLE_DEG = 45;
/** Rays per orientation measured in full. */
export const DEFAULT_SUPPORT_RAYS = 20_000;
/** Rays per candidate while searching for the best orientation. */
export const DEFAULT_SEARCH_RAYS = 3_000;

export interface OverhangOptions {
  /**
   * Steepest face, in degrees from the vertical, that prints without supports: the process's
   * value (catalogue data; 45° for FDM, SLA and the like). Default 45.
   */
  readonly selfSupportingAngleDeg?: number;
  /** Millimetres per unit of the mesh's coordinates (1 for mm, 25.4 for inches). Default 1. */
  readonly mmPerUnit?: number;
  /** At most this many rays for the support volume of one orientation. Default 20 000. */
  readonly maxRays?: number;
  /** A hierarchy already built over this mesh (to share it with other analyses). */
  readonly caster?: MeshRayCaster;
  /**
   * The mesh's weld (and edge neighbours), when already known (`MeshAnalysis.structure` of the
   * analysed mesh): saves welding again to join overhanging facets into regions.
   */
  readonly weld?: MeshEdges;
  /** The facets' normals and areas, when already computed for this mesh (facets.ts). */
  readonly facets?: Facets;
}

export interface OverhangRegion {
  /** The overhanging facets of the region (joined over shared edges), ascending. */
  readonly triangles: Int32Array;
  /** Their surface area, mm². */
  readonly areaMm2: number;
  /** Their area seen from below (projected on the build plate), mm². */
  readonly projectedAreaMm2: number;
  /** Estimated support volume under them, mm³. */
  readonly supportVolumeMm3: number;
}

export interface SupportCoverage {
  /** Rays cast. */
  readonly rays: number;
  /** Overhanging facets measured by at least one ray, and how many there are. */
  readonly measuredTriangles: number;
  readonly overhangTriangles: number;
  /** Share of the overhang's projected area whose facets were measured, 0 to 1. */
  readonly measuredAreaFraction: number;
  /** True when every overhanging facet was measured (no sampling). */
  readonly complete: boolean;
  /**
   * Rays that started inside material (intersecting bodies, an open mesh): their columns count
   * as needing no support.
   */
  readonly insideMaterial: number;
}

export interface OverhangAnalysis {
  /** The build direction ("up") in the mesh's coordinates, a unit vector. */
  readonly buildDirection: Vector3Tuple;
  /** The rotation that turns the mesh so that `buildDirection` points along +Z. */
  readonly rotation: RotationMatrix;
  readonly selfSupportingAngleDeg: number;
  /** Surface area of the facets that need supports, mm². */
  readonly overhangAreaMm2: number;
  /** The same area seen from below, mm²: the footprint of the supports. */
  readonly projectedAreaMm2: number;
  /** Estimated volume between the overhangs and what lies below them, mm³ (solid columns). */
  readonly supportVolumeMm3: number;
  /** Of the projected area, how much has its supports standing on the part (not the plate), mm². */
  readonly supportOnPartAreaMm2: number;
  /** The part's height along the build direction, mm (layers, hence print time). */
  readonly buildHeightMm: number;
  /** Overhang regions, the largest support volume first (empty when not asked for). */
  readonly regions: readonly OverhangRegion[];
  readonly coverage: SupportCoverage;
}

/** Why an orientation was tried. */
export type OrientationSource = 'as-placed' | 'axis' | 'flat-face';

export interface OrientationCandidate {
  readonly buildDirection: Vector3Tuple;
  readonly rotation: RotationMatrix;
  readonly source: OrientationSource;
  /** Figures from the search's sample (coarser than the finalists' own analysis). */
  readonly overhangAreaMm2: number;
  readonly supportVolumeMm3: number;
  readonly buildHeightMm: number;
}

export interface BestOrientation {
  /** The mesh as it was uploaded: build direction +Z. */
  readonly asPlaced: OverhangAnalysis;
  /** The orientation with the least support volume (the lower part on a tie), with its regions. */
  readonly best: OverhangAnalysis & { readonly source: OrientationSource };
  /** Every orientation tried, in the order tried, with its search figures. */
  readonly candidates: readonly OrientationCandidate[];
}

/**
 * Overhangs and support volume of a closed, outward-oriented mesh (analyse it first: the
 * orientation repair makes every facet face away from the material) printed with
 * `buildDirection` up (default +Z, as uploaded). The part rests on the plate at its lowest point
 * along that direction; facets lying on the plate need no support. Lengths in mm through
 * `mmPerUnit`, areas in mm², volumes in mm³.
 */
export function analyseOverhangs(mesh: Mesh, options: OverhangOptions & { readonly buildDirection?: Vector3Tuple } = {}): OverhangAnalysis {
  const context = new SupportContext(mesh, options);
  return context.evaluate(unit(options.buildDirection ?? [0, 0, 1]), options.maxRays ?? DEFAULT_SUPPORT_RAYS).withRegions();
}

export interface BestOrientationOptions extends OverhangOptions {
  /** Rays per candidate in the search. Default 3 000. */
  readonly searchRays?: number;
  /** How many of the largest flat faces are tried face down. Default 4. */
  readonly flatFaces?: number;
}

/**
 * Tries the six axis-aligned orientations and the ones that put the largest flat faces down,
 * each with a sample of `searchRays`; measures the as-placed orientation and the most promising
 * in full (`maxRays`; the runner-up too when within 10 % of it), and returns the one needing the least support volume. Volumes
 * within 0.1 % of each other are a tie, won by the lower build height (fewer layers), then by
 * the order tried (as placed first). Units as in `analyseOverhangs`.
 */
export function findBestOrientation(mesh: Mesh, options: BestOrientationOptions = {}): BestOrientation {
  const context = new SupportContext(mesh, options);
  const maxRays = options.maxRays ?? DEFAULT_SUPPORT_RAYS;
  const searchRays = Math.min(options.searchRays ?? DEFAULT_SEARCH_RAYS, maxRays);
  const directions = candidateDirections(context, options.flatFaces ?? 4);
  const candidates: OrientationCandidate[] = directions.map(({ direction, source }) => {
    const { figures } = context.evaluate(direction, searchRays, false);
    return {
      buildDirection: direction,
      rotation: figures.rotation,
      source,
      overhangAreaMm2: figures.overhangAreaMm2,
      supportVolumeMm3: figures.supportVolumeMm3,
      buildHeightMm: figures.buildHeightMm,
    };
  });
  const ranked = candidates.map((c, i) => ({ c, i })).sort((a, b) => compareOrientations(a.c, b.c) || a.i - b.i);
  const placed = context.evaluate(candidates[0]!.buildDirection, maxRays);
  let winner = placed;
  let source: OrientationSource = 'as-placed';
  // Finalists: the best of the search, and the runner-up when the sample could not tell them
  // apart (within 10 %); as placed is measured in full anyway.
  const leader = ranked[0]!.c.supportVolumeMm3;
  const finalists = ranked.slice(0, 2).filter(({ c }, k) => k === 0 || c.supportVolumeMm3 <= 1.1 * leader + 1e-9);
  for (const { c, i } of finalists) {
    if (i === 0) continue;
    const full = context.evaluate(c.buildDirection, maxRays);
    if (compareOrientations(full.figures, winner.figures) < 0) {
      winner = full;
      source = c.source;
    }
  }
  const asPlaced = placed.withRegions();
  const best = { ...(winner === placed ? asPlaced : winner.withRegions()), source };
  return { asPlaced, best, candidates };
}

/** Negative when a needs less support than b (ties within 0.1 % go to the lower build height). */
function compareOrientations(
  a: { supportVolumeMm3: number; buildHeightMm: number },
  b: { supportVolumeMm3: number; buildHeightMm: number },
): number {
  const tolerance = 1e-3 * Math.max(a.supportVolumeMm3, b.supportVolumeMm3) + 1e-9;
  if (Math.abs(a.supportVolumeMm3 - b.supportVolumeMm3) > tolerance) return a.supportVolumeMm3 - b.supportVolumeMm3;
  const heightTolerance = 1e-6 * Math.max(a.buildHeightMm, b.buildHeightMm);
  return Math.abs(a.buildHeightMm - b.buildHeightMm) > heightTolerance ? a.buildHeightMm - b.buildHeightMm : 0;
}

/**
 * The located finding for faces that need supports in the orientation to be printed, with the
 * area and volume in the message. Info by default: supports are a matter of price and surface
 * marks, not of whether the part can be made; the caller may raise it.
 */
export function overhangFinding(analysis: OverhangAnalysis, severity: FindingSeverity = 'info'): Finding | null {
  if (analysis.overhangAreaMm2 <= 0) return null;
  const { triangles, count } = regionTriangles(analysis.regions);
  const sampled = analysis.coverage.complete ? '' : `, estimated from ${Math.round(analysis.coverage.measuredAreaFraction * 100)} % of the overhang`;
  return createFinding(
    'overhang-supports',
    `${formatArea(analysis.overhangAreaMm2)} of the surface faces down more steeply than ${analysis.selfSupportingAngleDeg}° from vertical and is printed on supports: about ${formatVolume(analysis.supportVolumeMm3)} of support material${sampled}.`,
    { severity, triangles, count },
  );
}

/**
 * An info finding when turning the part saves at least `minSaving` (default 10 %) of the
 * as-placed support volume, located on the faces that need supports as placed.
 */
export function orientationFinding(result: BestOrientation, minSaving = 0.1): Finding | null {
  const before = result.asPlaced.supportVolumeMm3;
  const after = result.best.supportVolumeMm3;
  if (result.best.source === 'as-placed' || before <= 0 || before - after < minSaving * before) return null;
  const { triangles, count } = regionTriangles(result.asPlaced.regions);
  const [x, y, z] = result.best.buildDirection.map((v) => +v.toFixed(2));
  return createFinding(
    'print-orientation',
    `Printed with the direction (${x}, ${y}, ${z}) of the model up, the part needs about ${formatVolume(after)} of supports instead of ${formatVolume(before)} as placed.`,
    { triangles, count },
  );
}

/**
 * The regions' triangles in order as a finding keeps them (the first MAX_FINDING_TRIANGLES) and how
 * many there are: a large part's overhang is hundreds of thousands of facets, not copied whole to
 * be cut (issue 39 item 4).
 */
function regionTriangles(regions: readonly OverhangRegion[]): { triangles: number[]; count: number } {
  const count = regions.reduce((sum, r) => sum + r.triangles.length, 0);
  const triangles: number[] = [];
  for (const region of regions) {
    const room = MAX_FINDING_TRIANGLES - triangles.length;
    if (room <= 0) break;
    const take = Math.min(room, region.triangles.length);
    for (let i = 0; i < take; i++) triangles.push(region.triangles[i] as number);
  }
  return { triangles, count };
}

function formatArea(mm2: number): string {
  return mm2 >= 100 ? `${+(mm2 / 100).toPrecision(3)} cm²` : `${+mm2.toPrecision(3)} mm²`;
}

function formatVolume(mm3: number): string {
  return mm3 >= 1000 ? `${+(mm3 / 1000).toPrecision(3)} cm³` : `${+mm3.toPrecision(3)} mm³`;
}

/** The rotation (row by row) that turns the unit vector `d` onto +Z by the shortest turn. */
export function rotationToUp(d: Vector3Tuple): RotationMatrix {
  const [x, y, z] = d;
  if (z > 1 - 1e-12) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (z < -1 + 1e-12) return [1, 0, 0, 0, -1, 0, 0, 0, -1];
  // Rodrigues: axis d × Z = (y, -x, 0), sin = |d × Z|, cos = z.
  const s = Math.hypot(x, y);
  const kx = y / s, ky = -x / s;
  const c = z, k = 1 - c;
  const m = [
    c + kx * kx * k, kx * ky * k, ky * s,
    kx * ky * k, c + ky * ky * k, -kx * s,
    -ky * s, kx * s, c,
  ].map((v) => v + 0); // no -0
  return m as unknown as RotationMatrix;
}

function unit(v: Vector3Tuple): Vector3Tuple {
  const length = Math.hypot(v[0], v[1], v[2]);
  if (!(length > 0) || !Number.isFinite(length)) throw new RangeError('The build direction must be a non-zero vector.');
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** The six axes (as placed first), then the largest flat faces turned down, without repeats. */
function candidateDirections(context: SupportContext, flatFaces: number): { direction: Vector3Tuple; source: OrientationSource }[] {
  const out: { direction: Vector3Tuple; source: OrientationSource }[] = [
    { direction: [0, 0, 1], source: 'as-placed' },
    { direction: [0, 0, -1], source: 'axis' },
    { direction: [1, 0, 0], source: 'axis' },
    { direction: [-1, 0, 0], source: 'axis' },
    { direction: [0, 1, 0], source: 'axis' },
    { direction: [0, -1, 0], source: 'axis' },
  ];
  const cosOneDegree = Math.cos(Math.PI / 180);
  for (const normal of context.largestFlatFaces(flatFaces * 4)) {
    if (out.length >= 6 + flatFaces) break;
    const direction: Vector3Tuple = [-normal[0], -normal[1], -normal[2]];
    if (out.some((o) => o.direction[0] * direction[0] + o.direction[1] * direction[1] + o.direction[2] * direction[2] > cosOneDegree)) continue;
    out.push({ direction, source: 'flat-face' });
  }
  return out;
}

interface Evaluation {
  readonly figures: Omit<OverhangAnalysis, 'regions'>;
  withRegions(): OverhangAnalysis;
}

/** The mesh's facets (unit normals, areas) and its hierarchy, evaluated for any build direction. */
class SupportContext {
  private readonly positions: Float32Array;
  private readonly triangleCount: number;
  private readonly normals: Float64Array;
  private readonly areas: Float64Array;
  private readonly sinAngle: number;
  private readonly angleDeg: number;
  private readonly scale: number;
  /** The bounding box's diagonal, mesh units. */
  private readonly diagonal: number;
  /** The bounding box (x0, y0, z0, x1, y1, z1), when every coordinate is finite: the extent along an axis. */
  private readonly box: readonly number[] | undefined;
  /** The lowest and highest vertex along the directions asked so far (the search and the full measure ask twice). */
  private readonly extents = new Map<string, readonly [number, number]>();
  private casterValue: MeshRayCaster | undefined;
  private twins: Int32Array | undefined;
  /** Scratch for `evaluate`: the overhanging facets and their projected areas, the first `count` used. */
  private scratchFacets: Int32Array | undefined;
  private scratchProjected: Float64Array | undefined;
  private readonly weld: OverhangOptions['weld'];

  constructor(private readonly mesh: Mesh, options: OverhangOptions) {
    this.triangleCount = mesh.triangleCount;
    this.positions = mesh.positions.subarray(0, this.triangleCount * 9);
    this.angleDeg = options.selfSupportingAngleDeg ?? DEFAULT_SELF_SUPPORTING_ANGLE_DEG;
    if (!(this.angleDeg >= 0 && this.angleDeg <= 90)) throw new RangeError('The self-supporting angle must be between 0° and 90°.');
    this.sinAngle = Math.sin((this.angleDeg * Math.PI) / 180);
    this.scale = options.mmPerUnit ?? 1;
    this.casterValue = options.caster;
    // A weld of another mesh (another length) is not used.
    this.weld = options.weld?.vertexIds.length === this.triangleCount * 3 ? options.weld : undefined;
    ({ normals: this.normals, areas: this.areas } = facetsFor(this.positions, this.triangleCount, options.facets));
    const p = this.positions;
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
    let finite = true;
    for (let i = 0; i < p.length; i += 3) {
      const x = p[i] as number, y = p[i + 1] as number, z = p[i + 2] as number;
      if (!(x - x === 0 && y - y === 0 && z - z === 0)) finite = false;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    this.diagonal = p.length > 0 ? Math.hypot(x1 - x0, y1 - y0, z1 - z0) : 0;
    this.box = finite && p.length > 0 ? [x0, y0, z0, x1, y1, z1] : undefined;
  }

  /**
   * The lowest and highest vertex along `d`. Along an axis (six of the search's candidates) they
   * are the bounding box's: x·0 + y·0 + z·1 is z exactly for finite coordinates, so the figures are
   * the same as the loop's. Other directions are measured once each.
   */
  private extent(d: Vector3Tuple): readonly [number, number] {
    const [dx, dy, dz] = d;
    const axis = [dx, dy, dz].findIndex((v) => Math.abs(v) === 1);
    if (this.box && axis >= 0 && [dx, dy, dz].every((v, k) => k === axis || v === 0)) {
      const min = this.box[axis] as number, max = this.box[axis + 3] as number;
      return d[axis] === 1 ? [min, max] : [-max, -min];
    }
    const key = `${dx},${dy},${dz}`;
    const known = this.extents.get(key);
    if (known) return known;
    const p = this.positions;
    let low = Number.POSITIVE_INFINITY, high = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < p.length; i += 3) {
      const h = (p[i] as number) * dx + (p[i + 1] as number) * dy + (p[i + 2] as number) * dz;
      if (h < low) low = h;
      if (h > high) high = h;
    }
    const extent = [low, high] as const;
    this.extents.set(key, extent);
    return extent;
  }

  private get caster(): MeshRayCaster {
    this.casterValue ??= new MeshRayCaster(this.positions, this.triangleCount);
    return this.casterValue;
  }

  /**
   * The unit normals of the largest flat faces: facets picked in proportion to their area
   * (systematic sampling, at most 20 000), grouped by their normal rounded to 1e-3, largest
   * group first.
   */
  largestFlatFaces(count: number): Vector3Tuple[] {
    // A plain loop (the same sum, in the same order) and the rounding made once, not once a mark.
    let total = 0;
    for (let t = 0; t < this.areas.length; t++) total += this.areas[t] as number;
    if (!(total > 0)) return [];
    const q = (v: number) => Math.round(v * 1000) + 1000;
    const marks = Math.min(20_000, this.triangleCount);
    const step = total / marks;
    const groups = new Map<number, { area: number; normal: Vector3Tuple }>();
    let mark = step / 2, cumulative = 0;
    for (let t = 0; t < this.triangleCount && mark < total; t++) {
      cumulative += this.areas[t] as number;
      if (cumulative <= mark) continue;
      let hits = 0;
      while (mark < cumulative) {
        mark += step;
        hits++;
      }
      const n = this.normals;
      const key = (q(n[t * 3] as number) * 2001 + q(n[t * 3 + 1] as number)) * 2001 + q(n[t * 3 + 2] as number);
      const group = groups.get(key);
      if (group) group.area += hits * step;
      else groups.set(key, { area: hits * step, normal: [n[t * 3] as number, n[t * 3 + 1] as number, n[t * 3 + 2] as number] });
    }
    return [...groups.values()]
      .filter((g) => g.area >= 0.01 * total)
      .sort((a, b) => b.area - a.area)
      .slice(0, count)
      .map((g) => g.normal);
  }

  /**
   * Overhangs and supports with `d` up, at most `budget` rays; the regions on demand, unless
   * `regions` is false (the search's candidates: their facets are then read in the scratch arrays,
   * not copied, and no volume per facet is kept; the figures are the same).
   */
  evaluate(d: Vector3Tuple, budget: number, regions = true): Evaluation {
    const [dx, dy, dz] = d;
    const p = this.positions;
    const n = this.normals;
    let [low, high] = this.extent(d);
    if (this.triangleCount === 0) low = high = 0;
    const onPlate = 1e-6 * Math.max(high - low, 1e-12) + 1e-9;
    // A face exactly at the self-supporting angle prints without support.
    const threshold = -this.sinAngle - 1e-9;
    // The overhanging facets and their area seen from below, in facet order; scratch arrays reused
    // by each candidate of the search, copied out at their length.
    this.scratchFacets ??= new Int32Array(this.triangleCount);
    this.scratchProjected ??= new Float64Array(this.triangleCount);
    const facets = this.scratchFacets, seen = this.scratchProjected;
    let count = 0;
    let area = 0, projectedArea = 0;
    for (let t = 0; t < this.triangleCount; t++) {
      const facing = (n[t * 3] as number) * dx + (n[t * 3 + 1] as number) * dy + (n[t * 3 + 2] as number) * dz;
      if (!(facing < threshold)) continue;
      const i = t * 9;
      const h0 = (p[i] as number) * dx + (p[i + 1] as number) * dy + (p[i + 2] as number) * dz;
      const h1 = (p[i + 3] as number) * dx + (p[i + 4] as number) * dy + (p[i + 5] as number) * dz;
      const h2 = (p[i + 6] as number) * dx + (p[i + 7] as number) * dy + (p[i + 8] as number) * dz;
      if (Math.max(h0, h1, h2) - low <= onPlate) continue;
      const projection = (this.areas[t] as number) * -facing;
      facets[count] = t;
      seen[count] = projection;
      count++;
      area += this.areas[t] as number;
      projectedArea += projection;
    }
    const overhang = regions ? facets.slice(0, count) : facets.subarray(0, count);
    const projected = regions ? seen.slice(0, count) : seen.subarray(0, count);
    const columns = this.measureColumns(d, low, overhang, projected, projectedArea, budget, regions);
    const s = this.scale;
    const figures = {
      buildDirection: d,
      rotation: rotationToUp(d),
      selfSupportingAngleDeg: this.angleDeg,
      overhangAreaMm2: area * s * s,
      projectedAreaMm2: projectedArea * s * s,
      supportVolumeMm3: columns.volume * s * s * s,
      supportOnPartAreaMm2: columns.onPart * s * s,
      buildHeightMm: (high - low) * s,
      coverage: columns.coverage,
    };
    const { volumes } = columns;
    return {
      figures,
      withRegions: () => {
        if (!volumes) throw new Error('This evaluation was made without its regions.');
        return { ...figures, regions: this.regions(overhang, projected, volumes) };
      },
    };
  }

  /**
   * The support columns under the overhanging facets. Each facet gets k marks of the systematic
   * sample (complete: one ray each, plus marks from the rays left over), and is measured at the
   * centroids of an m × m subdivision (m = ⌊√k⌋): equal-area pieces, so the mean height is
   * exact for heights linear over the facet.
   */
  private measureColumns(d: Vector3Tuple, low: number, overhang: Int32Array, projected: Float64Array, projectedArea: number, budget: number, keepVolumes: boolean) {
    const count = overhang.length;
    const complete = count <= budget;
    const marksToShare = complete ? budget - count : budget;
    const step = marksToShare > 0 ? projectedArea / marksToShare : Number.POSITIVE_INFINITY;
    const volumes = keepVolumes ? new Float64Array(count) : null;
    let volume = 0, onPart = 0, rays = 0, inside = 0, measured = 0, measuredArea = 0;
    let mark = step / 2, cumulative = 0;
    const p = this.positions;
    const [dx, dy, dz] = d;
    // Rays start a millionth of the model's size below the facet, so they do not meet it.
    const offset = Math.max(1e-6 * this.diagonal, 1e-9);
    // The facet being measured (its first corner and two sides) and its sums: `sample` is made once,
    // not once a facet (a closure a facet cost tens of ms at 1M triangles, issue 39 item 4).
    let ax = 0, ay = 0, az = 0, ux = 0, uy = 0, uz = 0, vx = 0, vy = 0, vz = 0;
    let sum = 0, partHits = 0, points = 0;
    const sample = (a: number, b: number): void => {
      const x = ax + a * ux + b * vx, y = ay + a * uy + b * vy, z = az + a * uz + b * vz;
      const toPlate = x * dx + y * dy + z * dz - low;
      rays++;
      points++;
      const hit = this.caster.castFirst(x - dx * offset, y - dy * offset, z - dz * offset, -dx, -dy, -dz);
      if (!hit) {
        sum += toPlate;
      } else if (hit.entering) {
        sum += Math.min(hit.distance + offset, toPlate);
        partHits++;
      } else {
        inside++;
      }
    };
    for (let j = 0; j < count; j++) {
      const t = overhang[j] as number;
      const weightArea = projected[j] as number;
      cumulative += weightArea;
      let marks = 0;
      while (mark < cumulative) {
        mark += step;
        marks++;
      }
      const k = complete ? 1 + marks : marks;
      if (k === 0) continue;
      const m = Math.min(Math.floor(Math.sqrt(k)), 16);
      const i = t * 9;
      ax = p[i] as number;
      ay = p[i + 1] as number;
      az = p[i + 2] as number;
      ux = (p[i + 3] as number) - ax;
      uy = (p[i + 4] as number) - ay;
      uz = (p[i + 5] as number) - az;
      vx = (p[i + 6] as number) - ax;
      vy = (p[i + 7] as number) - ay;
      vz = (p[i + 8] as number) - az;
      sum = 0;
      partHits = 0;
      points = 0;
      for (let a = 0; a < m; a++) {
        for (let b = 0; a + b < m; b++) {
          sample((3 * a + 1) / (3 * m), (3 * b + 1) / (3 * m));
          if (a + b < m - 1) sample((3 * a + 2) / (3 * m), (3 * b + 2) / (3 * m));
        }
      }
      const weight = complete ? weightArea : k * step;
      const facetVolume = (weight * sum) / points;
      if (volumes) volumes[j] = facetVolume;
      volume += facetVolume;
      onPart += (weight * partHits) / points;
      measured++;
      measuredArea += weightArea;
    }
    return {
      volume,
      onPart,
      volumes,
      coverage: {
        rays,
        measuredTriangles: measured,
        overhangTriangles: count,
        measuredAreaFraction: projectedArea > 0 ? measuredArea / projectedArea : 1,
        complete,
        insideMaterial: inside,
      },
    };
  }

  /** Overhanging facets joined over shared edges, largest support volume first. */
  private regions(overhang: Int32Array, projected: Float64Array, volumes: Float64Array): OverhangRegion[] {
    if (overhang.length === 0) return [];
    if (!this.twins) {
      if (this.weld?.twins) this.twins = this.weld.twins;
      else {
        const { vertexIds, vertexCount } = this.weld ?? weldBodies(this.positions, this.triangleCount, this.mesh.bodies);
        this.twins = pairHalfEdges(vertexIds, vertexCount, this.triangleCount);
      }
    }
    const twin = this.twins;
    // Typed arrays and plain loops: at 1M triangles the overhang is hundreds of thousands of facets,
    // and a map of growing arrays cost about 0.1 s (issue 39 item 4). Groups are numbered in the
    // order of their first facet and summed in facet order, as the map did, so the figures and the
    // order are the same.
    const count = overhang.length;
    const slot = new Int32Array(this.triangleCount).fill(-1);
    for (let j = 0; j < count; j++) slot[overhang[j] as number] = j;
    const parent = new Int32Array(count);
    for (let j = 0; j < count; j++) parent[j] = j;
    const find = (x: number): number => {
      let r = x;
      while (parent[r] !== r) {
        parent[r] = parent[parent[r] as number] as number;
        r = parent[r] as number;
      }
      return r;
    };
    for (let j = 0; j < count; j++) {
      const t = overhang[j] as number;
      for (let k = 0; k < 3; k++) {
        const other = twin[t * 3 + k] as number;
        if (other < 0) continue;
        const neighbour = slot[(other / 3) | 0] as number;
        if (neighbour < 0) continue;
        const ra = find(j), rb = find(neighbour);
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    }
    const groupOfRoot = new Int32Array(count).fill(-1);
    const groupOf = new Int32Array(count);
    const sizes = new Int32Array(count);
    let groupCount = 0;
    for (let j = 0; j < count; j++) {
      const root = find(j);
      let g = groupOfRoot[root] as number;
      if (g < 0) {
        g = groupCount++;
        groupOfRoot[root] = g;
      }
      groupOf[j] = g;
      sizes[g] = (sizes[g] as number) + 1;
    }
    const area = new Float64Array(groupCount), projection = new Float64Array(groupCount), volume = new Float64Array(groupCount);
    const start = new Int32Array(groupCount + 1);
    for (let g = 0; g < groupCount; g++) start[g + 1] = (start[g] as number) + (sizes[g] as number);
    const fill = start.slice(0, groupCount);
    const members = new Int32Array(count);
    for (let j = 0; j < count; j++) {
      const t = overhang[j] as number;
      const g = groupOf[j] as number;
      members[fill[g] as number] = t;
      fill[g] = (fill[g] as number) + 1;
      area[g] = (area[g] as number) + (this.areas[t] as number);
      projection[g] = (projection[g] as number) + (projected[j] as number);
      volume[g] = (volume[g] as number) + (volumes[j] as number);
    }
    const s = this.scale;
    const regions: OverhangRegion[] = [];
    for (let g = 0; g < groupCount; g++) {
      regions.push({
        triangles: members.slice(start[g] as number, start[g + 1] as number),
        areaMm2: (area[g] as number) * s * s,
        projectedAreaMm2: (projection[g] as number) * s * s,
        supportVolumeMm3: (volume[g] as number) * s * s * s,
      });
    }
    return regions.sort((a, b) => b.supportVolumeMm3 - a.supportVolumeMm3 || b.areaMm2 - a.areaMm2);
  }
}
