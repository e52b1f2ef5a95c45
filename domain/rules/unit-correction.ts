/**
 * Units a file declares (STEP, 3MF) but gets wrong: a model drawn in millimetres and saved as
 * inches comes out 25.4 times too large, one drawn in inches and saved as millimetres 25.4 times
 * too small. STL and OBJ carry no units (the customer confirms a guess, `withUnit`); a file with
 * declared units may be corrected instead, by the customer, when its size says it is wrong.
 * The same function runs in the browser (the preview) and on the server (the price).
 */
import { withUnit, type PartMetrics } from '#domain/geometry/metrics';
import { MM_PER_UNIT } from '#domain/geometry/units';

export const UNIT_CORRECTIONS = ['none', 'inch-to-mm', 'mm-to-inch'] as const;
/**
 * - `none`: read as the file declares;
 * - `inch-to-mm`: the file says inches, the model is in millimetres (25.4 × smaller);
 * - `mm-to-inch`: the file says millimetres, the model is in inches (25.4 × larger).
 */
export type UnitCorrection = (typeof UNIT_CORRECTIONS)[number];

const STEPS: Readonly<Record<UnitCorrection, number>> = { none: 0, 'inch-to-mm': -1, 'mm-to-inch': 1 };

export const UNIT_CORRECTION_REASONS: Readonly<Record<UnitCorrection, string>> = {
  none: 'The file declares its units; the model was converted to millimetres.',
  'inch-to-mm': 'The file declares inches; read as millimetres (25.4 times smaller), as you chose.',
  'mm-to-inch': 'The file declares millimetres; read as inches (25.4 times larger), as you chose.',
};

/** Whether a file's units are declared by the file (and so corrected, not confirmed). */
export function declaresUnits(metrics: Pick<PartMetrics, 'units'>, correction: UnitCorrection = 'none'): boolean {
  return metrics.units.source === 'file' || correction !== 'none';
}

/**
 * The metrics of a file with declared units, read with another correction: `from` is the
 * correction the metrics were read with, `to` the one wanted. Every length is in mm after as before.
 */
export function correctUnits(metrics: PartMetrics, from: UnitCorrection, to: UnitCorrection): PartMetrics {
  let steps = STEPS[to] - STEPS[from];
  let next = metrics;
  // One step is a factor 25.4 either way: reading mm values as inches multiplies, inches as mm divides.
  for (; steps > 0; steps--) next = withUnit({ ...next, units: { ...next.units, unit: 'mm' } }, 'inch');
  for (; steps < 0; steps++) next = withUnit({ ...next, units: { ...next.units, unit: 'inch' } }, 'mm');
  return {
    ...next,
    units: { unit: 'mm', source: to === 'none' ? 'file' : 'user', confidence: 1, reason: UNIT_CORRECTION_REASONS[to] },
  };
}

/**
 * Millimetres per unit of the file's own coordinates, as the file is read now: a file without
 * units in the unit guessed or confirmed; a file that declares them (its mesh already converted to
 * millimetres) 1, or 25.4 either way when corrected. A part split from it is stored in mm (ADR 131).
 */
export function millimetresPerFileUnit(metrics: Pick<PartMetrics, 'units'>, correction: UnitCorrection = 'none'): number {
  if (!declaresUnits(metrics, correction)) return MM_PER_UNIT[metrics.units.unit];
  return MM_PER_UNIT.inch ** STEPS[correction];
}
