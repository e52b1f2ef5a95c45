/**
 * The machining checks of a closed mesh (docs/decisions/176-tool-access-and-set-ups.md,
 * 177-cnc-features-and-time.md): tool access from the six axis directions with its undercuts
 * (tool-access.ts), the set-ups that reach every reachable face (setups.ts), and the recesses with
 * their corners and reach (cnc-features.ts). Run by manufacturing.ts on the hierarchy, facets, weld
 * and holes the other checks share, before the price (they change it); the walls too thin to
 * machine follow with the wall thickness.
 */
import { MAX_HOLES_PER_PART } from '#domain/catalogue/limits';
import { AXIS_VECTORS, axisDirectionOf, directionBit } from './axis-directions';
import { featureFindings, findFeatures, machiningThinWallFindings, type FeatureAnalysis } from './cnc-features';
import type { Facets } from './facets';
import type { Finding } from './findings';
import type { HoleAnalysis } from './holes';
import type { Mesh } from './mesh';
import type { MachiningMetrics } from './part-metrics';
import type { MeshRayCaster } from './ray-caster';
import { planSetups, setupOfFacets, type AccessConstraint, type SetupPlan } from './setups';
import { analyseToolAccess, undercutFindings, type ToolAccess } from './tool-access';
import type { MeshEdges } from './topology';
import type { WallThickness } from './wall-thickness';

export interface MachiningOptions {
  readonly mmPerUnit: number;
  readonly caster: MeshRayCaster;
  readonly facets: Facets;
  readonly weld: MeshEdges;
  /** The holes found (holes.ts): their axes ask for a set-up, their floors are not pockets. */
  readonly holes?: HoleAnalysis;
  /** Tool-access sample budget (tool-access.ts's default otherwise). */
  readonly maxSamples?: number;
}

export interface MachiningCheck {
  readonly metrics: MachiningMetrics;
  readonly findings: readonly Finding[];
  readonly access: ToolAccess;
  readonly plan: SetupPlan;
  readonly features: FeatureAnalysis;
  /** Walls thinner than machining allows, once the wall thickness is measured (after the price). */
  readonly wallFindings: (walls: WallThickness) => Finding[];
}

/** Tool access, undercuts, set-ups and features of a closed, outward-oriented mesh. */
export function checkMachining(mesh: Mesh, options: MachiningOptions): MachiningCheck {
  const { facets, weld, mmPerUnit } = options;
  const access = analyseToolAccess(mesh, options);
  const plan = planSetups(access.maskAreaMm2, holeConstraints(options.holes, facets, mmPerUnit));
  const twins = weld.twins ?? new Int32Array(mesh.triangleCount * 3).fill(-1);
  const holeFacets = new Uint8Array(mesh.triangleCount);
  for (const hole of options.holes?.holes ?? []) for (const t of hole.triangles) holeFacets[t] = 1;
  const features = findFeatures(mesh, { mmPerUnit, caster: options.caster, facets, vertexIds: weld.vertexIds, twins, access, holeFacets, setupMask: plan.mask });
  let minCorner: number | null = features.open.cornerRadiusMm;
  let sharpCorners = features.open.sharpCorners;
  for (const r of features.recesses) {
    if (r.cornerRadiusMm !== null) minCorner = minCorner === null ? r.cornerRadiusMm : Math.min(minCorner, r.cornerRadiusMm);
    sharpCorners += r.sharpCorners;
  }
  const metrics: MachiningMetrics = {
    setups: plan.directions,
    undercutAreaMm2: access.maskAreaMm2[0]!,
    undercutAtAngleAreaMm2: access.undercutAtAngleAreaMm2,
    fiveAxisSetups: access.fiveAxisNeedsFlip ? 2 : 1,
    accessComplete: access.complete,
    recesses: features.recesses.map(({ kind, direction, depthMm, widthMm, floorAreaMm2, cornerRadiusMm, sharpCorners: sharp }) => ({
      kind,
      direction,
      depthMm,
      widthMm,
      floorAreaMm2,
      cornerRadiusMm,
      sharpCorners: sharp,
    })),
    minCornerRadiusMm: minCorner,
    sharpCorners,
    drilledHoles: (options.holes?.holes ?? []).slice(0, MAX_DRILLED_HOLES).map((h) => ({ diameterMm: h.diameterMm, depthMm: h.depthMm })),
    surface3dAreaMm2: surface3dArea(access, plan, facets, mmPerUnit),
  };
  return {
    metrics,
    findings: [...undercutFindings(access), ...featureFindings(features)],
    access,
    plan,
    features,
    wallFindings: (walls) => machiningThinWallFindings(mesh.positions, walls.thicknessMm, twins, facets.areas, mmPerUnit, mesh.chordToleranceMm),
  };
}

/** Most holes kept for drilling (the catalogue's most holes a part's operations take). */
const MAX_DRILLED_HOLES = MAX_HOLES_PER_PART;

/** Within this of square or parallel to its set-up (sin 1°), a facet is cut by a flat end mill's end or side. */
const SQUARE = Math.sin(Math.PI / 180);

/** Area of the surface neither square nor parallel to the set-up that reaches it: 3D surfaces, mm². */
function surface3dArea(access: ToolAccess, plan: SetupPlan, facets: Facets, mmPerUnit: number): number {
  const setupOf = setupOfFacets(access.facetAccess, plan);
  const { normals, areas } = facets;
  let area = 0;
  for (let t = 0; t < areas.length; t++) {
    if (access.blankFacet[t]) continue;
    const index = setupOf[t]!;
    if (index < 0) continue;
    const d = AXIS_VECTORS[plan.directions[index]!];
    const c = Math.abs(normals[t * 3]! * d[0] + normals[t * 3 + 1]! * d[1] + normals[t * 3 + 2]! * d[2]);
    if (c > SQUARE && c < 1 - SQUARE * SQUARE) area += areas[t]!;
  }
  return area * mmPerUnit * mmPerUnit;
}

/** A hole along an axis asks for the set-up it is drilled from (either end of a through hole). */
function holeConstraints(holes: HoleAnalysis | undefined, facets: Facets, mmPerUnit: number): AccessConstraint[] {
  const out: AccessConstraint[] = [];
  for (const hole of holes?.holes ?? []) {
    const from = axisDirectionOf([-hole.axis[0], -hole.axis[1], -hole.axis[2]]);
    if (!from) continue; // at an angle: its walls are undercuts (tool-access.ts)
    let mask = directionBit(from);
    if (hole.through) {
      const other = axisDirectionOf(hole.axis);
      if (other) mask |= directionBit(other);
    }
    let area = 0;
    for (const t of hole.triangles) area += facets.areas[t]! * mmPerUnit * mmPerUnit;
    out.push({ mask, areaMm2: area });
  }
  return out;
}

/** The same measures read in another unit (`withUnit`): lengths scale, areas by the square. */
export function scaleMachining(m: MachiningMetrics, scale: (value: number, power: 1 | 2 | 3) => number): MachiningMetrics {
  return {
    ...m,
    undercutAreaMm2: scale(m.undercutAreaMm2, 2),
    undercutAtAngleAreaMm2: scale(m.undercutAtAngleAreaMm2, 2),
    recesses: m.recesses.map((r) => ({
      ...r,
      depthMm: scale(r.depthMm, 1),
      widthMm: scale(r.widthMm, 1),
      floorAreaMm2: scale(r.floorAreaMm2, 2),
      cornerRadiusMm: r.cornerRadiusMm === null ? null : scale(r.cornerRadiusMm, 1),
    })),
    minCornerRadiusMm: m.minCornerRadiusMm === null ? null : scale(m.minCornerRadiusMm, 1),
    drilledHoles: m.drilledHoles.map((h) => ({ diameterMm: scale(h.diameterMm, 1), depthMm: scale(h.depthMm, 1) })),
    surface3dAreaMm2: scale(m.surface3dAreaMm2, 2),
  };
}
