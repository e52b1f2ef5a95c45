import type { QuoteFileSummary } from '#domain/api/quote';
import { createFinding, sortFindings, type Finding } from '#domain/geometry/findings';
import { withUnit, type PartMetrics } from '#domain/geometry/metrics';
import type { LengthUnit } from '#domain/geometry/units';
import { correctUnits, type UnitCorrection } from '#domain/rules/unit-correction';

/** Findings that depend on the unit the file was read in. */
const UNIT_DEPENDENT = new Set<Finding['code']>(['units-uncertain', 'too-large', 'too-small']);

/** How a file's units are to be read: confirmed (STL, OBJ) or corrected (STEP, 3MF). */
export type UnitReading = { readonly unit: LengthUnit } | { readonly correction: UnitCorrection; readonly from: UnitCorrection };

/**
 * The user confirmed the units of an STL/OBJ file (the domain's `withUnit`) or corrected the
 * declared units of a STEP/3MF file (`correctUnits`): metrics read again, the units finding dropped,
 * and "larger than any machine" checked again on the new size (the domain exports no function for
 * the file-level size findings, so this mirrors mesh-findings.ts; the material-level
 * too-large/too-small come from quotePart as always).
 */
export function findingsWithUnit(metrics: PartMetrics, findings: readonly Finding[], reading: UnitReading) {
  const next = 'unit' in reading ? withUnit(metrics, reading.unit) : correctUnits(metrics, reading.from, reading.correction);
  const kept = findings.filter((f) => !UNIT_DEPENDENT.has(f.code));
  if (!next.fits['3d-printing'] && !next.fits.cnc && !next.fits['vacuum-casting']) {
    const [x, y, z] = next.size.map((v) => Math.round(v));
    kept.push(createFinding('too-large', `At ${x} × ${y} × ${z} mm the part is larger than any of our machines.`));
  }
  const sorted = sortFindings(kept);
  return {
    metrics: next,
    findings: sorted,
    orderable: !sorted.some((f) => f.severity === 'error'),
    summary: (old: QuoteFileSummary): QuoteFileSummary => ({
      ...old,
      sizeMm: [next.size[0], next.size[1], next.size[2]],
      volumeMm3: next.volumeMm3,
      areaMm2: next.areaMm2,
      unit: next.units.unit,
      unitSource: next.units.source,
      unitCorrection: 'correction' in reading ? reading.correction : (old.unitCorrection ?? 'none'),
      errors: sorted.filter((f) => f.severity === 'error').length,
      warnings: sorted.filter((f) => f.severity === 'warning').length,
    }),
  };
}
