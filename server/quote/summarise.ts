import { ASSEMBLY_PARTS_LISTED, type Assembly, type QuoteFileSummary } from '#domain/api/quote';
import type { PartSplit } from '#domain/geometry/bodies';
import type { CadFileReport } from '#domain/geometry/import-cad';

const MAX_BODIES = 20;

/** A small, mesh-free summary of a report, for lists, the cart and the upload history. */
export function summarise(report: CadFileReport): QuoteFileSummary | null {
  const m = report.metrics;
  if (!m) return null;
  return {
    triangleCount: m.triangleCount,
    sizeMm: [m.size[0], m.size[1], m.size[2]],
    volumeMm3: m.volumeMm3,
    areaMm2: m.areaMm2,
    watertight: m.watertight,
    unit: m.units.unit,
    unitSource: m.units.source,
    bodyCount: m.bodyCount,
    bodies: (report.mesh?.bodies ?? []).slice(0, MAX_BODIES).map((b) => ({ name: b.name, triangleCount: b.triangleCount })),
    unitCorrection: 'none',
    errors: report.findings.filter((f) => f.severity === 'error').length,
    warnings: report.findings.filter((f) => f.severity === 'warning').length,
    assembly: assemblyOf(report.parts ?? null),
  };
}

/**
 * How the file would split (ADR 131): offered when it holds two bodies or more and was split
 * (more than MAX_SPLIT_BODIES bodies are fragments, not an assembly: `split` false, not offered).
 */
export function assemblyOf(split: PartSplit | null): Assembly | null {
  if (!split || !split.split || split.bodies.length < 2) return null;
  return {
    bodyCount: split.bodies.length,
    partCount: split.parts.length,
    parts: split.parts.slice(0, ASSEMBLY_PARTS_LISTED).map((p) => ({ name: p.name, count: p.count })),
    offered: true,
  };
}
