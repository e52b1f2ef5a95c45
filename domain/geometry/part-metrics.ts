/**
 * What the geometry analysis measures of a part (`analyseMesh` in metrics.ts computes it). A type
 * of its own so that the findings, the quote and the API contract can name it without importing
 * the analysis (and without an import cycle between metrics.ts and mesh-findings.ts).
 */
import type { ProcessSlug, SizeMm } from '#domain/catalogue/types';
import type { AxisDirection } from './axis-directions';
import type { UnitAssessment } from './units';

export type Vec3 = readonly [number, number, number];

export interface BoundingBox {
  readonly min: Vec3;
  readonly max: Vec3;
}

export interface ShellSummary {
  readonly firstTriangle: number;
  readonly triangleCount: number;
  /** Enclosed volume, mm³, positive for an outward-facing surface. Meaningless when not closed. */
  readonly signedVolumeMm3: number;
  readonly bbox: BoundingBox;
  readonly closed: boolean;
  /** A cavity is an inward-facing closed shell inside a body: a hollow, not a separate part. */
  readonly kind: 'body' | 'cavity';
}

export interface PartMetrics {
  /** Every length below is in millimetres, read in these units. */
  readonly units: UnitAssessment;
  readonly triangleCount: number;
  readonly vertexCount: number;
  readonly bbox: BoundingBox;
  readonly size: SizeMm;
  readonly volumeMm3: number;
  readonly areaMm2: number;
  readonly shellCount: number;
  readonly bodyCount: number;
  readonly cavityCount: number;
  /** The largest shells (up to MAX_SHELL_SUMMARIES), by triangle count. */
  readonly shells: readonly ShellSummary[];
  readonly openEdgeCount: number;
  readonly nonManifoldEdgeCount: number;
  readonly misorientedEdgeCount: number;
  readonly degenerateTriangleCount: number;
  /** Closed, manifold and consistently oriented: the volume is then exact for this mesh. */
  readonly watertight: boolean;
  /** 'inward' when the whole surface faces inwards (negative signed volume). */
  readonly orientation: 'outward' | 'inward';
  /** Whether the part fits the build volume of each process, in some axis-aligned orientation. */
  readonly fits: Readonly<Record<ProcessSlug, boolean>>;
  /**
   * Walls, supports and holes (manufacturing.ts), measured on closed meshes only; absent for an
   * open or empty mesh, and on metrics stored before these were measured.
   */
  readonly manufacturing?: ManufacturingMetrics;
}

/** What the manufacturing checks measured (lengths in mm, read in the metrics' units). */
export interface ManufacturingMetrics {
  /** The thinnest wall measured, mm; null when no ray found a wall. */
  readonly minWallMm: number | null;
  /** Share of the surface area whose wall was measured, 0 to 1 (1: every facet). */
  readonly wallCoverage: number;
  /**
   * The chord tolerance the facets were cut with from a CAD model's curved faces (a STEP file's), mm:
   * a wall is compared with a minimum with its allowance (wall-thickness.ts `isThinnerThan`, ADR
   * 277). Absent for a mesh file, whose facets are the part, and on metrics stored before.
   */
  readonly chordToleranceMm?: number;
  /** Printing: the build direction needing the least support, in the model's coordinates. */
  readonly buildDirection: Vec3;
  /** Printing, in that direction: downward area needing supports, mm². */
  readonly overhangAreaMm2: number;
  /** Printing, in that direction: volume of the support columns, mm³ (solid; the lattice is the process's share). */
  readonly supportVolumeMm3: number;
  /** Printing, in that direction: the build height, mm. */
  readonly buildHeightMm: number;
  /** Machining: cylindrical holes found, and how many of them are at a tap drill size. */
  readonly holeCount: number;
  readonly tappableHoles: number;
  /** Machining: tool access, set-ups and features (machining.ts); absent on metrics stored before. */
  readonly machining?: MachiningMetrics;
}

/** What the machining analysis measured (machining.ts, ADR 176; areas in mm²). */
export interface MachiningMetrics {
  /** Set-ups on a 3-axis machine, main first: the fewest directions reaching every reachable face. */
  readonly setups: readonly AxisDirection[];
  /** Surface no axis direction reaches (undercuts), mm². */
  readonly undercutAreaMm2: number;
  /** Of that, what a cutter tilted to a cube's edge or corner direction reaches (5-axis), mm². */
  readonly undercutAtAngleAreaMm2: number;
  /** Clampings on a 5-axis machine held from below: 2 when some surface is reached only from below. */
  readonly fiveAxisSetups: number;
  /** True when every facet was sampled (false: a large mesh, sampled by area; ADR 176). */
  readonly accessComplete: boolean;
  /** Pockets and slots, largest floor first (cnc-features.ts, ADR 177; at most 40). */
  readonly recesses: readonly RecessMetrics[];
  /** The smallest inside vertical corner radius of the recesses, steps and outline, mm; null: none. */
  readonly minCornerRadiusMm: number | null;
  /** Inside corners sharper than the smallest end mill can cut. */
  readonly sharpCorners: number;
  /** The holes to drill (holes.ts), by diameter and depth (at most 500). */
  readonly drilledHoles: readonly DrilledHole[];
  /** Surface neither square nor parallel to its set-up (within 1°): finished as a 3D surface with a ball end mill, mm². */
  readonly surface3dAreaMm2: number;
}

export interface DrilledHole {
  readonly diameterMm: number;
  /** Length of its wall, mm (a through hole: the part's thickness there). */
  readonly depthMm: number;
}

/** A pocket (closed all round) or a slot (open at an end), lengths in mm. */
export interface RecessMetrics {
  readonly kind: 'pocket' | 'slot';
  /** The set-up direction it opens to. */
  readonly direction: AxisDirection;
  readonly depthMm: number;
  /** The narrowest width across it (its opening, or a neck below it). */
  readonly widthMm: number;
  readonly floorAreaMm2: number;
  /** Its smallest inside vertical corner radius; null when it has no inside corner. */
  readonly cornerRadiusMm: number | null;
  readonly sharpCorners: number;
}
