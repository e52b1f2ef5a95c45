/**
 * The machining checks of a closed mesh (docs/decisions/176-tool-access-and-set-ups.md): tool access
 * from the six axis directions with its undercuts (tool-access.ts) and the set-ups that reach
 * every reachable face (setups.ts). Run by manufacturing.ts on the hierarchy, facets and weld the
 * other checks share, before the price (they change it).
 */
import type { Finding } from './findings';
import type { Facets } from './facets';
import type { Mesh } from './mesh';
import type { MachiningMetrics } from './part-metrics';
import type { MeshRayCaster } from './ray-caster';
import { planSetups, type SetupPlan } from './setups';
import { analyseToolAccess, undercutFindings, type ToolAccess } from './tool-access';
import type { MeshEdges } from './topology';

export interface MachiningOptions {
  readonly mmPerUnit: number;
  readonly caster: MeshRayCaster;
  readonly facets: Facets;
  readonly weld: MeshEdges;
  /** Tool-access sample budget (tool-access.ts's default otherwise). */
  readonly maxSamples?: number;
}

export interface MachiningCheck {
  readonly metrics: MachiningMetrics;
  readonly findings: readonly Finding[];
  readonly access: ToolAccess;
  readonly plan: SetupPlan;
}

/** Tool access, undercuts and set-ups of a closed, outward-oriented mesh. */
export function checkMachining(mesh: Mesh, options: MachiningOptions): MachiningCheck {
  const access = analyseToolAccess(mesh, options);
  const plan = planSetups(access.maskAreaMm2);
  const metrics: MachiningMetrics = {
    setups: plan.directions,
    undercutAreaMm2: access.maskAreaMm2[0]!,
    undercutAtAngleAreaMm2: access.undercutAtAngleAreaMm2,
    fiveAxisSetups: access.fiveAxisNeedsFlip ? 2 : 1,
    accessComplete: access.complete,
  };
  return { metrics, findings: undercutFindings(access), access, plan };
}

/** The same measures read in another unit (`withUnit`): areas scale by the square. */
export function scaleMachining(m: MachiningMetrics, scale: (value: number, power: 1 | 2 | 3) => number): MachiningMetrics {
  return { ...m, undercutAreaMm2: scale(m.undercutAreaMm2, 2), undercutAtAngleAreaMm2: scale(m.undercutAtAngleAreaMm2, 2) };
}
