/**
 * The manufacturing checks of an analysed mesh (docs/decisions/126-findings-through-the-quote.md):
 * local wall thickness (wall-thickness.ts), overhangs and support volume in the best printing
 * orientation (overhangs.ts), cylindrical holes (holes.ts) and for machining tool access, set-ups
 * and features (machining.ts, ADRs 176 and 177), each bounded by sampling as those modules allow.
 * Run by `analyseCadFile` on the repaired mesh, so the geometry worker and the server's analysis
 * pool measure the same. Only closed meshes are measured: rays escape an open
 * one, and its volume cannot be trusted anyway.
 */
import { MAX_HOLE_DEPTH_TO_DIAMETER, SMALLEST_TOOL_MM, THIN_WALL_MM } from '#domain/catalogue/limits';
import type { ProcessSlug } from '#domain/catalogue/types';
import type { Finding } from './findings';
import { findHoles, holeFindings, type HoleAnalysis } from './holes';
import type { MeshAnalysis } from './metrics';
import { findBestOrientation, orientationFinding, overhangFinding } from './overhangs';
import { checkMachining } from './machining';
import { MeshRayCaster } from './ray-caster';
import { sharedFor, type SharedMeasures } from './shared-measures';
import type { ManufacturingMetrics, Vec3 } from './part-metrics';
import { MM_PER_UNIT } from './units';
import { analyseWallThickness, bodiesOfFacets, thinWallFinding, type WallThickness } from './wall-thickness';

/** Above this many triangles the wall measure is sampled more thinly (ADR 126, docs/benchmarks.md). */
const LARGE_MESH_TRIANGLES = 300_000;
const LARGE_MESH_WALL_RAYS = 30_000;
const LARGE_MESH_REFINE_RAYS = 30_000;

export interface ManufacturingCheck {
  readonly manufacturing: ManufacturingMetrics;
  readonly findings: readonly Finding[];
}

/** The checks in two stages: what the price needs now, the rest on demand (`checkManufacturingStaged`). */
export interface StagedManufacturingCheck {
  /** Supports, build height, holes and machining, measured; walls not yet (null wall, zero coverage). */
  readonly price: ManufacturingCheck;
  /** Measures the walls and holes (once) and answers the whole check. */
  readonly complete: () => ManufacturingCheck;
}

export interface ManufacturingOptions {
  /** Rays for the wall sample (default: wall-thickness.ts's). */
  readonly wallRays?: number;
  /** Rays for the support volume of one orientation (default: overhangs.ts's). */
  readonly supportRays?: number;
  /** Points sampled for tool access (default: tool-access.ts's). */
  readonly accessSamples?: number;
  /** Tool access, set-ups and features for machining (ADRs 176, 177): measured unless false (benchmarks compare without them). */
  readonly machining?: boolean;
  /**
   * The service the first answer of a staged check is priced for (the project's). Holes and the
   * machining measures change only a CNC price: for another service they wait with the walls, so
   * its price does not wait for them (ADRs 145, 177). Unset: measured before the price.
   */
  readonly priceFor?: ProcessSlug;
  /** The holes already found on this analysis's mesh in its unit (units-from-holes.ts, ADR 219): not searched again. */
  readonly holes?: HoleAnalysis;
  /** The weld's pairing and the facets, when another reader of this analysis may have computed them (shared-measures.ts). */
  readonly shared?: SharedMeasures;
}

/**
 * Walls, supports and holes of an analysed (orientation-repaired) mesh, with their findings;
 * null when the mesh is not a closed solid.
 */
export function checkManufacturing(analysis: MeshAnalysis, options: ManufacturingOptions = {}): ManufacturingCheck | null {
  const staged = checkManufacturingStaged(analysis, options);
  return staged && staged.complete();
}

/**
 * The checks in two stages (ADR 145, amended by 177): `price` is what the price needs (the supports
 * and build height of the best printing orientation; for a CNC price, or when `priceFor` is unset,
 * the holes, tool access, set-ups and pockets of machining), with the walls not measured yet
 * (`minWallMm` null, no coverage, no findings of theirs) nor, for another service, the holes and
 * machining (no holes, no `machining`); `complete()` measures the rest and answers the whole check,
 * exactly what `checkManufacturing` answers. What waits gives findings only for the service priced,
 * never a price or a blocking finding, so an answer may go out between the two.
 */
export function checkManufacturingStaged(analysis: MeshAnalysis, options: ManufacturingOptions = {}): StagedManufacturingCheck | null {
  const { mesh, metrics } = analysis;
  if (metrics.triangleCount === 0 || metrics.openEdgeCount > 0 || metrics.nonManifoldEdgeCount > 0) return null;
  const mmPerUnit = MM_PER_UNIT[metrics.units.unit];
  const chord = mesh.chordToleranceMm ? { chordToleranceMm: mesh.chordToleranceMm } : {};
  // One weld and one pairing of edge neighbours for the three checks (ADR 126), and one pass for
  // every facet's normal and area, used by all three: the units' hole search's when it ran (ADR 233).
  const shared = sharedFor(analysis, options.shared);
  const weld = shared.weld;
  const facets = shared.facets;
  // Large meshes get half the wall sample and a smaller refinement (the coverage is stated in the finding).
  const large = metrics.triangleCount > LARGE_MESH_TRIANGLES;
  // One hierarchy for the wall rays and the support rays: its build is most of either's cost (ADR 110).
  const caster = new MeshRayCaster(mesh.positions, mesh.triangleCount);
  const orientation = findBestOrientation(mesh, { mmPerUnit, weld, maxRays: options.supportRays, caster, facets });
  const best = orientation.best;
  const supportFindings = [overhangFinding(best), orientationFinding(orientation)].filter((f): f is Finding => f !== null);
  // Holes (drilled, tapped) and tool access, undercuts, set-ups and pockets change a CNC price:
  // measured before it (ADR 177 amends ADR 145, which measured holes after it), unless the price is
  // for another service.
  const measureMachining = () => {
    const holes = options.holes ?? findHoles(mesh, { mmPerUnit, weld, facets });
    const machining = options.machining === false ? null : checkMachining(mesh, { mmPerUnit, caster, facets, weld, holes, maxSamples: options.accessSamples });
    return {
      metrics: { holeCount: holes.holes.length, tappableHoles: holes.tappableHoles, ...(machining ? { machining: machining.metrics } : {}) },
      findings: [...holeFindings(holes, { smallestToolMm: SMALLEST_TOOL_MM, maxDepthToDiameter: MAX_HOLE_DEPTH_TO_DIAMETER }), ...(machining?.findings ?? [])],
      wallFindings: (walls: WallThickness) => machining?.wallFindings(walls) ?? [],
    };
  };
  const early = options.priceFor === undefined || options.priceFor === 'cnc' ? measureMachining() : null;
  const supports = {
    buildDirection: [best.buildDirection[0], best.buildDirection[1], best.buildDirection[2]] as Vec3,
    overhangAreaMm2: best.overhangAreaMm2,
    supportVolumeMm3: best.supportVolumeMm3,
    buildHeightMm: best.buildHeightMm,
  };
  let completed: ManufacturingCheck | null = null;
  return {
    price: {
      manufacturing: { ...supports, minWallMm: null, wallCoverage: 0, ...chord, ...(early ? early.metrics : { holeCount: 0, tappableHoles: 0 }) },
      findings: [...supportFindings, ...(early?.findings ?? [])],
    },
    complete: () => {
      if (completed) return completed;
      const walls = analyseWallThickness(mesh, {
        minWallMm: THIN_WALL_MM,
        mmPerUnit,
        maxRays: options.wallRays ?? (large ? LARGE_MESH_WALL_RAYS : undefined),
        maxRefineRays: large ? LARGE_MESH_REFINE_RAYS : undefined,
        caster,
        weld,
        facets,
        bodyOfFacet: bodiesOfFacets(analysis.structure),
      });
      const machining = early ?? measureMachining();
      const findings = [thinWallFinding(walls, THIN_WALL_MM), ...supportFindings, ...machining.findings, ...machining.wallFindings(walls)].filter((f): f is Finding => f !== null);
      const manufacturing: ManufacturingMetrics = {
        minWallMm: Number.isFinite(walls.minThicknessMm) ? walls.minThicknessMm : null,
        wallCoverage: walls.coverage.measuredAreaFraction,
        ...chord,
        ...supports,
        ...machining.metrics,
      };
      completed = { manufacturing, findings };
      return completed;
    },
  };
}
