/**
 * The maps on the model in words (issue 36 item 6; docs/decisions/178-maps-on-the-model.md): what the
 * wall-thickness map and, for machining, the tool-access map show, as information findings of the
 * quote. They travel where the quote's findings go: the quote document and its PDF, the shared
 * quote page and the order's findings (`partFindingNotes`).
 */
import type { Material, ProcessSlug } from '#domain/catalogue/types';
import { createFinding, type Finding } from '#domain/geometry/findings';
import type { ManufacturingMetrics } from '#domain/geometry/part-metrics';
import { setupsInWords } from '#domain/geometry/setups';
import { formatWallMm, isThinnerThan } from '#domain/geometry/wall-allowance';
import { fmt } from './cost-component';

/** "Wall thickness: the thinnest wall measured is 1.2 mm (all of the surface measured); PU, ABS-like needs at least 1.5 mm." */
export function wallThicknessSummary(m: ManufacturingMetrics | undefined, material: Material): Finding | null {
  if (!m) return null;
  if (m.minWallMm === null) {
    // Measured (not still to come, ADR 145), and no two faces face each other across the part (ADR 280).
    return m.wallCoverage > 0
      ? createFinding('wall-thickness-summary', 'Wall thickness: no wall to measure: no two faces of the part face each other across it, so its thinnest parts are its edges and corners.')
      : null;
  }
  const minimum = material.minWallMm ?? material.minDimensionMm;
  const coverage = m.wallCoverage >= 0.9995 ? 'all of the surface measured' : `${Math.round(m.wallCoverage * 100)} % of the surface measured`;
  const verdict = isThinnerThan(m.minWallMm, minimum, m.chordToleranceMm)
    ? `below the ${minimum} mm ${material.name} needs, where the map shows the warning colour`
    : m.minWallMm < minimum
      ? `which meets the ${minimum} mm ${material.name} needs: the facets it was measured on stand up to ${+(m.chordToleranceMm ?? 0).toPrecision(2)} mm off the model's curved faces`
      : `at least the ${minimum} mm ${material.name} needs`;
  return createFinding('wall-thickness-summary', `Wall thickness: the thinnest wall measured is ${formatWallMm(m.minWallMm, minimum)} mm (${coverage}), ${verdict}.`);
}

/** "Tool access: 3 set-ups: top, bottom and front; 2 pockets and slots; no undercut." */
export function toolAccessSummary(m: ManufacturingMetrics | undefined, fiveAxisMachine: boolean): Finding | null {
  const machining = m?.machining;
  if (!machining) return null;
  const onFiveAxis = machining.undercutAreaMm2 > 0 && fiveAxisMachine && machining.undercutAtAngleAreaMm2 >= machining.undercutAreaMm2;
  const setups = onFiveAxis ? `${machining.fiveAxisSetups === 1 ? '1 clamping' : `${machining.fiveAxisSetups} clampings`} on a 5-axis machine` : setupsInWords(machining.setups);
  const pockets = machining.recesses.length;
  const undercut =
    machining.undercutAreaMm2 <= 0
      ? 'no undercut'
      : onFiveAxis
        ? `${fmt(machining.undercutAreaMm2)} mm² of undercut, reached at an angle`
        : `${fmt(machining.undercutAreaMm2)} mm² of undercut${machining.undercutAtAngleAreaMm2 > 0 ? `, ${fmt(machining.undercutAtAngleAreaMm2)} of it reached at an angle` : ''}, highlighted on the map`;
  const parts = [setups, ...(pockets > 0 ? [`${pockets} pocket${pockets === 1 ? '' : 's'} and slot${pockets === 1 ? '' : 's'}`] : []), undercut];
  return createFinding('tool-access-summary', `Tool access: ${parts.join('; ')}.`);
}

/** The summaries that concern a part made by `process` (the tool-access map is for machining). */
export function mapSummaries(m: ManufacturingMetrics | undefined, material: Material, process: ProcessSlug, fiveAxisMachine: boolean): Finding[] {
  return [wallThicknessSummary(m, material), ...(process === 'cnc' ? [toolAccessSummary(m, fiveAxisMachine)] : [])].filter((f): f is Finding => f !== null);
}
