/**
 * Units read again from the holes (ADR 158, as amended by ADR 219): a file without units (STL,
 * OBJ) whose size and sides leave the guess less than certain has its cylindrical holes found in
 * the file's own units, and their diameters join the clues: a hole that is a standard inch drill
 * read as inches and no metric drill read as millimetres says inches, and the other way round.
 */
import { findHoles } from './holes';
import type { Mesh } from './mesh';
import { unitsFindings } from './mesh-findings';
import { analyseMesh, type AnalyseOptions, type MeshAnalysis } from './metrics';
import { guessUnit, MM_PER_UNIT } from './units';

/** Above this confidence the size and sides have settled the unit: the holes are not looked for. */
export const SETTLED_UNIT_CONFIDENCE = 0.999;

/**
 * The analysis with its unit guessed again with the holes' diameters as clues: the same analysis
 * when the unit was declared or confirmed, the mesh is not closed, the guess is settled or the
 * holes tell nothing; the same measures with the new confidence and reason when the unit stays; the
 * mesh measured again in the other unit when the holes turn the guess.
 */
export function withUnitsFromHoles(analysis: MeshAnalysis, input: Mesh, options: Pick<AnalyseOptions, 'buildVolumes'> = {}): MeshAnalysis {
  const { metrics } = analysis;
  if (metrics.units.source !== 'guess' || !metrics.watertight || metrics.units.confidence >= SETTLED_UNIT_CONFIDENCE) return analysis;
  const holes = findHoles(analysis.mesh, { weld: analysis.structure });
  if (holes.holes.length === 0) return analysis;
  const mmPerUnit = MM_PER_UNIT[metrics.units.unit];
  const sides = metrics.size.map((v) => v / mmPerUnit);
  const units = guessUnit(Math.max(...sides), { sides, names: input.bodies.map((b) => b.name), holeDiameters: holes.holes.map((h) => h.diameterMm) });
  if (units.reason === metrics.units.reason) return analysis;
  if (units.unit !== metrics.units.unit) return analyseMesh(input, { unit: units, buildVolumes: options.buildVolumes });
  const next = { ...metrics, units };
  const findings = analysis.findings.filter((f) => f.code !== 'units-uncertain');
  return { ...analysis, metrics: next, findings: [...unitsFindings(next), ...findings] };
}
