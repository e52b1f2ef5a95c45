/**
 * The machine shops' standard cutting tools, as data (docs/decisions/177-cnc-features-and-time.md):
 * what the geometry measures CNC features against (the smallest corner radius, the tool that fits a
 * pocket, how deep it reaches) and what the machining time is computed with. Change a value here and
 * the analysis, the findings and the price follow.
 */
import { MAX_HOLE_DEPTH_TO_DIAMETER, SMALLEST_TOOL_MM } from './limits';

/** Flat end mills kept in stock, diameters in mm, smallest first (the first is the shop's smallest tool). */
export const END_MILL_DIAMETERS_MM = [SMALLEST_TOOL_MM, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20] as const;

/** The smallest end mill, mm: an internal vertical corner sharper than half of it cannot be cut as drawn. */
export const SMALLEST_END_MILL_MM = END_MILL_DIAMETERS_MM[0];

/** The materials' roughing rates (`CncPricing.removalRateCm3PerMinute`) are for an end mill this wide, mm. */
export const REFERENCE_END_MILL_MM = 10;

/** An end mill cuts at full speed this many diameters deep (standard flute length). */
export const STANDARD_REACH_DIAMETERS = 4;

/** With long-reach tools, at `LONG_REACH_RATE_FACTOR` of the speed, this many; deeper needs an engineer. */
export const MAX_REACH_DIAMETERS = 6;

/**
 * A recess shallower than this, mm, is not a feature (ADR 278): within the finest tolerance we machine
 * to (the catalogue's "Fine ±0.05 mm"), the finishing pass leaves it. A tessellated curve's flat
 * facets and modelling slivers read as 0.01 mm pockets otherwise.
 */
export const MIN_RECESS_DEPTH_MM = 0.05;

/** Share of the removal rate a long-reach tool keeps (lighter cuts against deflection). */
export const LONG_REACH_RATE_FACTOR = 0.5;

/** The widest standard end mill that fits a gap `widthMm` wide, or null when even the smallest does not. */
export function endMillFor(widthMm: number): number | null {
  let best: number | null = null;
  for (const d of END_MILL_DIAMETERS_MM) if (d <= widthMm + 1e-9) best = d;
  return best;
}

/** The thinnest wall machined in metals, mm (a CNC material's `minWallMm`). */
export const METAL_MIN_WALL_MM = 0.8;

/** The thinnest wall machined in plastics, mm: they bend away from the cutter. */
export const PLASTIC_MIN_WALL_MM = 1.5;

/** Walls thinner than this are located on every CNC part (the largest of the materials' minimums). */
export const MACHINING_THIN_WALL_MM = Math.max(METAL_MIN_WALL_MM, PLASTIC_MIN_WALL_MM);

/** Each hole: positioning, pecks out and in, the drill's share of a tool change, minutes. */
export const DRILL_APPROACH_MINUTES = 0.2;

/** A 3D surface (neither square nor parallel to its set-up) is finished by a ball end mill in close passes at this share of the flat finishing rate. */
export const SURFACE_FINISHING_FACTOR = 0.25;

/** Whether a standard drill makes a hole: at least the smallest tool across, at most the drills' reach deep. */
export function drillable(hole: { readonly diameterMm: number; readonly depthMm: number }): boolean {
  return hole.diameterMm >= SMALLEST_TOOL_MM && hole.depthMm <= MAX_HOLE_DEPTH_TO_DIAMETER * hole.diameterMm;
}

/** ISO metric coarse pitches of the threads a tap drill size is matched to (drill-sizes.ts), mm a turn. */
export const THREAD_PITCH_MM = {
  M2: 0.4,
  'M2.5': 0.45,
  M3: 0.5,
  'M3.5': 0.6,
  M4: 0.7,
  M5: 0.8,
  M6: 1,
  M8: 1.25,
  M10: 1.5,
  M12: 1.75,
} as const;

/** Nominal diameters of those threads, mm. */
export const THREAD_DIAMETER_MM = { M2: 2, 'M2.5': 2.5, M3: 3, 'M3.5': 3.5, M4: 4, M5: 5, M6: 6, M8: 8, M10: 10, M12: 12 } as const;

/** Each tapped hole: positioning over the drilled hole and the tap's share of a tool change, minutes. */
export const TAP_APPROACH_MINUTES = 0.15;

/** Spindle speed of rigid tapping, turns a minute: a speed the catalogue's steels take with an M3–M12 tap (lighter materials are not tapped faster by the shop). */
export const TAPPING_RPM = 300;

/** A thread is cut this many nominal diameters deep at most (deeper adds no strength); shallower holes along their whole depth. */
export const THREAD_DEPTH_DIAMETERS = 2;
