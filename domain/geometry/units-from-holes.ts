/**
 * Units read again from the holes (ADR 158, as amended by ADR 219): a file without units (STL,
 * OBJ) whose size and sides leave the guess less than certain has its cylindrical holes found in
 * the file's own units, and their diameters join the clues: a hole that is a standard inch drill
 * read as inches and no metric drill read as millimetres says inches, and the other way round.
 */
import { findHoles, type HoleAnalysis } from './holes';
import type { Mesh } from './mesh';
import { unitsFindings } from './mesh-findings';
import { analyseMesh, type AnalyseOptions, type MeshAnalysis } from './metrics';
import type { SharedMeasures } from './shared-measures';
import { guessUnit, MM_PER_UNIT } from './units';

/** Above this confidence the size and sides have settled the unit: the holes are not looked for. */
export const SETTLED_UNIT_CONFIDENCE = 0.999;

/** The analysis, and the holes found for the guess when they hold for it (null: not looked for, or measured again since). */
export interface UnitsFromHoles {
  readonly analysis: MeshAnalysis;
  /** Found on `analysis.mesh` in its unit: the manufacturing checks take them rather than search again. */
  readonly holes: HoleAnalysis | null;
}

/**
 * The analysis with its unit guessed again with the holes' diameters as clues: the same analysis
 * when the unit was declared or confirmed, the mesh is not closed, the guess is settled or the
 * holes tell nothing; the same measures with the new confidence and reason when the unit stays; the
 * mesh measured again in the other unit when the holes turn the guess.
 */
export function withUnitsFromHoles(
  analysis: MeshAnalysis,
  input: Mesh,
  options: Pick<AnalyseOptions, 'buildVolumes'> & { readonly shared?: SharedMeasures } = {},
): UnitsFromHoles {
  const { metrics } = analysis;
  if (metrics.units.source !== 'guess' || !metrics.watertight || metrics.units.confidence >= SETTLED_UNIT_CONFIDENCE) return { analysis, holes: null };
  const mmPerUnit = MM_PER_UNIT[metrics.units.unit];
  // The weld's pairing and the facets the checks will take too, when given for this analysis (ADR 233).
  const shared = options.shared?.analysis === analysis ? options.shared : undefined;
  // In the unit read, so that the manufacturing checks can take them when the unit stays.
  const holes = findHoles(analysis.mesh, shared ? { mmPerUnit, weld: shared.weld, facets: shared.facets } : { mmPerUnit, weld: analysis.structure });
  if (holes.holes.length === 0) return { analysis, holes };
  const sides = metrics.size.map((v) => v / mmPerUnit);
  const units = guessUnit(Math.max(...sides), { sides, names: input.bodies.map((b) => b.name), holeDiameters: holes.holes.map((h) => h.diameterMm / mmPerUnit) });
  if (units.reason === metrics.units.reason) return { analysis, holes };
  if (units.unit !== metrics.units.unit) return { analysis: analyseMesh(input, { unit: units, buildVolumes: options.buildVolumes }), holes: null };
  const next = { ...metrics, units };
  const findings = analysis.findings.filter((f) => f.code !== 'units-uncertain');
  return { analysis: { ...analysis, metrics: next, findings: [...unitsFindings(next), ...findings] }, holes };
}
