/**
 * Set-ups (docs/decisions/176-tool-access-and-set-ups.md): the fewest axis directions that reach
 * every reachable part of the surface. Each direction is one way of clamping the part on a 3-axis
 * machine, so their number is the number of set-ups.
 *
 * The surface comes as areas by the set of directions reaching them (tool-access.ts); features that
 * were found whole (holes along an axis) add their own sets, so that a small one missed by the
 * sampling of a large mesh still asks for its side. With six directions there are 63 candidate sets:
 * each is tried, smallest first. Among sets of the same size the one that keeps to the top, then
 * the bottom, then front, back, left and right is taken (a machinist starts on top), and its
 * directions are ordered by the area each reaches first, largest first (within 5 %, in the same
 * order of preference): the first set-up is the main one.
 */
import { AXIS_DIRECTIONS, type AxisDirection, type DirectionMask } from './axis-directions';

/** A set of directions that must include one of them, with the area that asks for it (mm²). */
export interface AccessConstraint {
  readonly mask: DirectionMask;
  readonly areaMm2: number;
}

export interface SetupPlan {
  /** The directions, main set-up first (at least one: a part with nothing to reach is held from the top). */
  readonly directions: readonly AxisDirection[];
  /** Area each set-up reaches first, mm², in the same order. */
  readonly areaMm2: readonly number[];
  /** The same directions as a mask. */
  readonly mask: DirectionMask;
}

/** Preference among sets of the same size: top first, then bottom, front, back, left, right. */
const PREFERENCE = [32, 16, 8, 4, 2, 1];

/**
 * The smallest set of directions meeting every constraint (area by access mask from tool-access,
 * `maskAreaMm2[mask]`, plus `extra`); mask 0 (undercuts) is left out: no axis direction reaches it.
 */
export function planSetups(maskAreaMm2: ArrayLike<number>, extra: readonly AccessConstraint[] = []): SetupPlan {
  const constraints = new Map<number, number>();
  for (let mask = 1; mask < 64; mask++) {
    const area = maskAreaMm2[mask] ?? 0;
    if (area > 0) constraints.set(mask, area);
  }
  for (const c of extra) if (c.mask > 0) constraints.set(c.mask, (constraints.get(c.mask) ?? 0) + Math.max(c.areaMm2, 0));
  let best = 0;
  let bestSize = Infinity;
  let bestScore = -1;
  for (let set = 1; set < 64; set++) {
    const size = popcount(set);
    if (size > bestSize) continue;
    let covers = true;
    for (const mask of constraints.keys()) {
      if ((mask & set) === 0) {
        covers = false;
        break;
      }
    }
    if (!covers) continue;
    const score = PREFERENCE.reduce((sum, weight, i) => sum + ((set >> i) & 1) * weight, 0);
    if (size < bestSize || score > bestScore) {
      best = set;
      bestSize = size;
      bestScore = score;
    }
  }
  if (constraints.size === 0) best = 1; // nothing to reach: held from the top
  // Order: each next set-up is the one reaching the most area not reached yet.
  const remaining = new Map(constraints);
  const order: AxisDirection[] = [];
  const areas: number[] = [];
  let left = best;
  while (left !== 0) {
    const reach = AXIS_DIRECTIONS.map((_, i) => {
      if (!((left >> i) & 1)) return -1;
      let area = 0;
      for (const [mask, a] of remaining) if ((mask >> i) & 1) area += a;
      return area;
    });
    // The largest, or within 5 % of it (sampling noise) the one the preference puts first.
    const largest = Math.max(...reach);
    const pick = reach.findIndex((area) => area >= 0 && area >= largest * 0.95);
    const pickArea = reach[pick]!;
    for (const mask of [...remaining.keys()]) if ((mask >> pick) & 1) remaining.delete(mask);
    order.push(AXIS_DIRECTIONS[pick]!);
    areas.push(pickArea);
    left &= ~(1 << pick);
  }
  return { directions: order, areaMm2: areas, mask: best };
}

/** Per facet: the index of the first set-up (in the plan's order) that reaches it, or -1 (an undercut, or a blank face no set-up faces). */
export function setupOfFacets(facetAccess: Uint8Array, plan: SetupPlan): Int8Array {
  const bits = plan.directions.map((d) => 1 << AXIS_DIRECTIONS.indexOf(d));
  const out = new Int8Array(facetAccess.length);
  for (let t = 0; t < facetAccess.length; t++) {
    const access = facetAccess[t]!;
    out[t] = bits.findIndex((b) => (access & b) !== 0);
  }
  return out;
}

/** "top", "top and bottom", "top, bottom and front": the directions as a machinist says them. */
export function directionList(directions: readonly AxisDirection[]): string {
  if (directions.length <= 1) return directions.join('');
  return `${directions.slice(0, -1).join(', ')} and ${directions.at(-1)}`;
}

/** "3 set-ups: top, bottom and front". */
export function setupsInWords(directions: readonly AxisDirection[]): string {
  return `${directions.length} set-up${directions.length === 1 ? '' : 's'}: ${directionList(directions)}`;
}


function popcount(v: number): number {
  let c = 0;
  while (v) {
    c += v & 1;
    v >>= 1;
  }
  return c;
}
