/**
 * The maps on the model (issue 36 item 6; docs/decisions/178-maps-on-the-model.md): per facet, the
 * wall thickness, and for machining the set-up that reaches it (or an undercut), with what their
 * legends and lists of regions say in words. Computed on demand in the browser's worker from the
 * mesh it shows, by the same functions the analysis runs (wall-thickness.ts, machining.ts), so the
 * map agrees with the findings and the price.
 */
import { findProcess } from '#domain/catalogue/lookup';
import type { ProcessSlug } from '#domain/catalogue/types';
import type { AxisDirection } from './axis-directions';
import { facetsOf } from './facets';
import { findHoles } from './holes';
import { checkMachining } from './machining';
import type { Mesh } from './mesh';
import { analyseMesh } from './metrics';
import { MeshRayCaster } from './ray-caster';
import { setupOfFacets } from './setups';
import { meshEdges } from './topology';
import { isThinnerThan } from './wall-allowance';
import { analyseWallThickness, bodiesOfFacets } from './wall-thickness';

/** Facets kept in a region's list for highlighting, at most (the count is whole). */
const MAX_REGION_TRIANGLES = 20_000;
/** Regions listed, at most (largest or thinnest first). */
const MAX_REGIONS = 12;

/** The wall-thickness bands of the legend, as multiples of the thinnest wall allowed (the first is under it). */
export const THICKNESS_BANDS = [
  { id: 'thin', from: 0, to: 1 },
  { id: 'close', from: 1, to: 2 },
  { id: 'sound', from: 2, to: 4 },
  { id: 'thick', from: 4, to: Infinity },
] as const;
export type ThicknessBand = (typeof THICKNESS_BANDS)[number]['id'] | 'unmeasured';

export interface MapRegion {
  /** Facets of the region (at most MAX_REGION_TRIANGLES), ascending. */
  readonly triangles: readonly number[];
  readonly areaMm2: number;
}

export interface WallMap {
  /** Thickness behind each facet, mm (NaN: not measured, not even by a neighbour). */
  readonly thicknessMm: Float32Array;
  /** The thinnest wall allowed, mm: thinner is the warning colour (with a STEP file's allowance: `chordToleranceMm`). */
  readonly minimumMm: number;
  /** The chord tolerance of a tessellated CAD model (the mesh's, ADR 277); absent for a mesh file. */
  readonly chordToleranceMm?: number;
  readonly minThicknessMm: number | null;
  /** Area by band, mm² (the legend). */
  readonly bandAreaMm2: Readonly<Record<ThicknessBand, number>>;
  /** Connected regions thinner than the minimum, thinnest first. */
  readonly thinRegions: readonly (MapRegion & { readonly minMm: number })[];
  /** Share of the surface measured by a ray (the rest took its neighbours' thickness). */
  readonly measuredShare: number;
}

export interface AccessMap {
  /** The set-ups, main first. */
  readonly setups: readonly AxisDirection[];
  /** Per facet: the set-up that reaches it (index into `setups`), −1 for a blank face no set-up faces, −2 for an undercut. */
  readonly setupOfFacet: Int8Array;
  /** Each set-up's faces (the legend and what "Show" highlights). */
  readonly setupRegions: readonly MapRegion[];
  /** Faces of the squared blank that no set-up faces. */
  readonly blankAreaMm2: number;
  readonly undercuts: readonly (MapRegion & { readonly atAngle: boolean })[];
}

export interface ModelMaps {
  readonly wall: WallMap | null;
  readonly access: AccessMap | null;
}

/** The thinnest wall the materials of a service allow (the largest of their minimums): the map's warning line. */
export function thinWallLimit(process: ProcessSlug): number {
  const materials = findProcess(process)?.materials ?? [];
  return materials.reduce((max, m) => Math.max(max, m.minWallMm ?? m.minDimensionMm), 0) || 1;
}

function band(thickness: number, minimum: number, chordToleranceMm?: number): ThicknessBand {
  if (!Number.isFinite(thickness)) return 'unmeasured';
  if (isThinnerThan(thickness, minimum, chordToleranceMm)) return 'thin';
  // A wall under the minimum by no more than the tessellation's allowance meets it (ADR 277).
  const ratio = Math.max(1, thickness / minimum);
  return THICKNESS_BANDS.find((b) => ratio >= b.from && ratio < b.to)?.id ?? 'thick';
}

/** The band of a facet of the wall map (for its colour). */
export function thicknessBand(map: WallMap, t: number): ThicknessBand {
  return band(map.thicknessMm[t]!, map.minimumMm, map.chordToleranceMm);
}

/**
 * The maps of a mesh in the file's units (`mmPerUnit`), for a part made by `process`: the wall map
 * always, the tool-access map for machining. Null maps for a mesh that is not a closed solid.
 */
export function measureModelMaps(mesh: Mesh, options: { readonly mmPerUnit: number; readonly process: ProcessSlug; readonly minimumMm?: number }): ModelMaps {
  const analysis = analyseMesh(mesh, { declaredUnit: 'mm' });
  const { metrics, structure } = analysis;
  if (metrics.triangleCount === 0 || metrics.openEdgeCount > 0 || metrics.nonManifoldEdgeCount > 0) return { wall: null, access: null };
  const m = analysis.mesh;
  const n = m.triangleCount;
  const mmPerUnit = options.mmPerUnit;
  const facets = facetsOf(m.positions, n);
  const caster = new MeshRayCaster(m.positions, n);
  const weld = meshEdges(structure.vertexIds, structure.vertexCount, n);
  const twins = weld.twins!;
  const minimumMm = options.minimumMm ?? thinWallLimit(options.process);
  const walls = analyseWallThickness(m, { minWallMm: minimumMm, mmPerUnit, caster, weld, facets, bodyOfFacet: bodiesOfFacets(structure) });
  const thickness = Float32Array.from(walls.thicknessMm);
  let measured = 0, total = 0;
  for (let t = 0; t < n; t++) {
    total += facets.areas[t]!;
    if (!Number.isNaN(thickness[t]!)) measured += facets.areas[t]!;
  }
  fillFromNeighbours(thickness, twins);
  const bandAreaMm2: Record<ThicknessBand, number> = { thin: 0, close: 0, sound: 0, thick: 0, unmeasured: 0 };
  const chord = m.chordToleranceMm;
  for (let t = 0; t < n; t++) bandAreaMm2[band(thickness[t]!, minimumMm, chord)] += facets.areas[t]! * mmPerUnit * mmPerUnit;
  const thinRegions = regionsOf(n, (t) => isThinnerThan(thickness[t]!, minimumMm, chord), twins, facets.areas, mmPerUnit)
    .map((r) => ({ ...r, minMm: r.all.reduce((min, t) => Math.min(min, thickness[t]!), Infinity) }))
    .sort((a, b) => a.minMm - b.minMm)
    .slice(0, MAX_REGIONS)
    .map((r) => ({ triangles: r.triangles, areaMm2: r.areaMm2, minMm: r.minMm }));
  const wall: WallMap = {
    thicknessMm: thickness,
    minimumMm,
    ...(chord ? { chordToleranceMm: chord } : {}),
    minThicknessMm: Number.isFinite(walls.minThicknessMm) ? walls.minThicknessMm : null,
    bandAreaMm2,
    thinRegions,
    measuredShare: total > 0 ? measured / total : 0,
  };
  if (options.process !== 'cnc') return { wall, access: null };
  const holes = findHoles(m, { mmPerUnit, weld, facets });
  const machining = checkMachining(m, { mmPerUnit, caster, facets, weld, holes });
  const setupOf = setupOfFacets(machining.access.facetAccess, machining.plan);
  const undercut = new Uint8Array(n);
  for (const region of machining.access.undercuts) for (const t of region.triangles) undercut[t] = 1;
  let blankAreaMm2 = 0;
  for (let t = 0; t < n; t++) {
    if (undercut[t]) setupOf[t] = -2;
    else if (setupOf[t] === -1) blankAreaMm2 += facets.areas[t]! * mmPerUnit * mmPerUnit;
  }
  const setupRegions = machining.plan.directions.map((_, index) => {
    const triangles: number[] = [];
    let area = 0;
    for (let t = 0; t < n; t++) {
      if (setupOf[t] !== index) continue;
      area += facets.areas[t]! * mmPerUnit * mmPerUnit;
      if (triangles.length < MAX_REGION_TRIANGLES) triangles.push(t);
    }
    return { triangles, areaMm2: area };
  });
  return {
    wall,
    access: {
      setups: machining.plan.directions,
      setupOfFacet: setupOf,
      setupRegions,
      blankAreaMm2,
      undercuts: machining.access.undercuts.slice(0, MAX_REGIONS).map((r) => ({ triangles: Array.from(r.triangles.subarray(0, MAX_REGION_TRIANGLES)), areaMm2: r.areaMm2, atAngle: r.atAngle })),
    },
  };
}

/** Facets without a thickness take their neighbours' (breadth first), so every facet has a colour. */
function fillFromNeighbours(values: Float32Array, twins: Int32Array): void {
  const n = values.length;
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  for (let t = 0; t < n; t++) if (!Number.isNaN(values[t]!)) queue[tail++] = t;
  while (head < tail) {
    const t = queue[head++]!;
    for (let k = 0; k < 3; k++) {
      const other = twins[t * 3 + k]!;
      if (other < 0) continue;
      const u = (other / 3) | 0;
      if (!Number.isNaN(values[u]!)) continue;
      values[u] = values[t]!;
      queue[tail++] = u;
    }
  }
}

/** Connected facets (over edges) for which `inside` holds, with their area. */
function regionsOf(n: number, inside: (t: number) => boolean, twins: Int32Array, areas: Float64Array, mmPerUnit: number): (MapRegion & { all: number[] })[] {
  const seen = new Uint8Array(n);
  const out: (MapRegion & { all: number[] })[] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start] || !inside(start)) continue;
    const members = [start];
    seen[start] = 1;
    let area = 0;
    for (let q = 0; q < members.length; q++) {
      const t = members[q]!;
      area += areas[t]! * mmPerUnit * mmPerUnit;
      for (let k = 0; k < 3; k++) {
        const other = twins[t * 3 + k]!;
        if (other < 0) continue;
        const u = (other / 3) | 0;
        if (seen[u] || !inside(u)) continue;
        seen[u] = 1;
        members.push(u);
      }
    }
    members.sort((a, b) => a - b);
    out.push({ triangles: members.slice(0, MAX_REGION_TRIANGLES), areaMm2: area, all: members });
  }
  return out;
}
