/**
 * The six directions a part is machined from on a 3-axis machine (ADR 176), by name, as vectors
 * and as bits. A module of its own so that the API's schemas name them without the analysis.
 */
import type { Vec3 } from './part-metrics';

/** The six set-up directions: where the cutter comes from (top: from +z, looking down). */
export const AXIS_DIRECTIONS = ['top', 'bottom', 'front', 'back', 'left', 'right'] as const;
export type AxisDirection = (typeof AXIS_DIRECTIONS)[number];

/** Unit vector of each direction, pointing from the part to the cutter (front: −y, as CAD's front view). */
export const AXIS_VECTORS: Readonly<Record<AxisDirection, Vec3>> = {
  top: [0, 0, 1],
  bottom: [0, 0, -1],
  front: [0, -1, 0],
  back: [0, 1, 0],
  left: [-1, 0, 0],
  right: [1, 0, 0],
};

/** A set of directions as bits: bit i is AXIS_DIRECTIONS[i]. */
export type DirectionMask = number;
export const ALL_DIRECTIONS: DirectionMask = 0b111111;

/** The bit of one direction. */
export function directionBit(direction: AxisDirection): DirectionMask {
  return 1 << AXIS_DIRECTIONS.indexOf(direction);
}

/** The directions of a mask, in AXIS_DIRECTIONS order. */
export function directionsOf(mask: DirectionMask): AxisDirection[] {
  return AXIS_DIRECTIONS.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The axis direction a unit vector points along (within `tolerance` of 1), or null. */
export function axisDirectionOf(v: Vec3, tolerance = 1e-4): AxisDirection | null {
  for (const d of AXIS_DIRECTIONS) {
    const a = AXIS_VECTORS[d];
    if (a[0] * v[0] + a[1] * v[1] + a[2] * v[2] > 1 - tolerance) return d;
  }
  return null;
}
