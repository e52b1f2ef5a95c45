/**
 * A wall measured on facets against a minimum (docs/decisions/277-walls-of-a-tessellated-model.md):
 * the allowance a tessellated CAD model's walls are given, and a measured wall in words. One rule
 * for the wall check (wall-thickness.ts), the machining check (cnc-features.ts), the maps on the
 * model (model-maps.ts) and each material's check in the quote (domain/pricing).
 */

/**
 * The most a measured wall may read under a minimum and still meet it, as a share of the minimum
 * (ADR 277): a tessellated CAD model's allowance never lets through a wall plainly too thin.
 */
const MOST_TESSELLATION_ALLOWANCE = 0.05;

/**
 * How far under `minimumMm` a wall of a tessellated CAD model may measure and still meet it (ADR
 * 277): each of the wall's two faces was cut into facets that stand off the true surface by up to
 * the chord tolerance, so a wall modelled at exactly the minimum measures up to twice that less;
 * at most MOST_TESSELLATION_ALLOWANCE of the minimum. 0 for a mesh file (no tolerance): its facets
 * are the part.
 */
export function wallAllowanceMm(minimumMm: number, chordToleranceMm = 0): number {
  return Math.min(2 * chordToleranceMm, MOST_TESSELLATION_ALLOWANCE * minimumMm);
}

/** Whether a measured wall is thinner than `minimumMm`, the tessellation's allowance given (`wallAllowanceMm`). */
export function isThinnerThan(measuredMm: number, minimumMm: number, chordToleranceMm = 0): boolean {
  return measuredMm < minimumMm - wallAllowanceMm(minimumMm, chordToleranceMm);
}

/**
 * A measured wall in a finding's words, to two significant digits, or more where two would round it
 * up to the minimum it is reported under ("0.996 mm; … needs at least 1 mm", not "1 mm").
 */
export function formatWallMm(measuredMm: number, minimumMm: number): string {
  for (let digits = 2; digits < 4; digits++) {
    const shown = +measuredMm.toPrecision(digits);
    if (!(measuredMm < minimumMm) || shown < minimumMm) return String(shown);
  }
  return String(+measuredMm.toPrecision(4));
}
