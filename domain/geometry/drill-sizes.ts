/**
 * Standard metric drill and tap-drill sizes, for telling a customer whether a hole can be made
 * with a stock tool. Engineering standards rather than catalogue data: a shop's own tool list
 * (the catalogue's, when it has one) can be passed to the functions instead.
 */

/**
 * The metric jobber-drill series of BS 328 (the sizes stocked as DIN 338 drills), mm:
 * 0.20–0.98 in steps of 0.1 with 0.02, 0.05 and 0.08 between; 1.00–2.95 every 0.05;
 * 3.0–13.9 every 0.1; 14.0–25.0 every 0.25.
 */
export const METRIC_DRILL_SIZES_MM: readonly number[] = (() => {
  const sizes: number[] = [];
  const add = (hundredths: number) => sizes.push(hundredths / 100);
  for (let n = 2; n <= 9; n++) for (const extra of [0, 2, 5, 8]) add(n * 10 + extra);
  for (let n = 10; n <= 29; n++) for (const extra of [0, 5]) add(n * 10 + extra);
  for (let n = 30; n <= 139; n++) add(n * 10);
  for (let m = 14; m <= 25; m++) for (const extra of m === 25 ? [0] : [0, 25, 50, 75]) add(m * 100 + extra);
  return sizes;
})();

/** ISO metric coarse threads M2–M12 and the drill for each before tapping, mm. */
export const TAP_DRILLS_MM = {
  M2: 1.6,
  'M2.5': 2.05,
  M3: 2.5,
  'M3.5': 2.9,
  M4: 3.3,
  M5: 4.2,
  M6: 5.0,
  M8: 6.8,
  M10: 8.5,
  M12: 10.2,
} as const;

export type ThreadSize = keyof typeof TAP_DRILLS_MM;

/** How far a measured diameter may be from a nominal size and still match it, mm. */
export const DEFAULT_SIZE_TOLERANCE_MM = 0.01;

/** The standard drill size a hole of `diameterMm` matches within `toleranceMm`, or null. */
export function standardDrillSize(diameterMm: number, toleranceMm = DEFAULT_SIZE_TOLERANCE_MM, series: readonly number[] = METRIC_DRILL_SIZES_MM): number | null {
  let best: number | null = null;
  for (const size of series) {
    if (Math.abs(size - diameterMm) <= toleranceMm && (best === null || Math.abs(size - diameterMm) < Math.abs(best - diameterMm))) best = size;
  }
  return best;
}

/** The thread (M2–M12) whose tap drill a hole of `diameterMm` matches within `toleranceMm`, or null. */
export function threadForTapDrill(diameterMm: number, toleranceMm = DEFAULT_SIZE_TOLERANCE_MM): ThreadSize | null {
  for (const [thread, drill] of Object.entries(TAP_DRILLS_MM) as [ThreadSize, number][]) {
    if (Math.abs(drill - diameterMm) <= toleranceMm) return thread;
  }
  return null;
}
