/**
 * Precision and recall of the machining analysis over the CNC test parts (issue 36 item 7): each
 * expected feature found (true positive), missed (false negative), or found where the part has none
 * (false positive), by kind; and the figures' largest errors. Used by the test of the set and by
 * scripts/bench-cnc-features.ts, which prints the table of docs/benchmarks.md.
 */
import type { Finding } from '#domain/geometry/findings';
import type { MachiningMetrics } from '#domain/geometry/part-metrics';
import type { CncTestPart } from './cnc-parts';

export interface Analysed {
  readonly part: CncTestPart;
  readonly machining: MachiningMetrics;
  readonly findings: readonly Finding[];
  readonly holeCount: number;
}

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

export interface Score {
  /** By feature kind. */
  readonly tallies: Record<'pockets and slots' | 'undercuts' | 'undercuts for review' | 'deep narrow features' | 'long-reach features' | 'sharp inside corners' | 'thin walls' | 'holes', Tally>;
  /** Parts whose set-up count is the expected one, of all. */
  readonly setups: { right: number; of: number };
  /** Largest errors of the matched pockets' figures (mm, mm, relative, mm). */
  readonly errors: { depthMm: number; widthMm: number; floorArea: number; cornerRadiusMm: number };
  /** Largest relative error of the undercut areas known exactly. */
  readonly undercutArea: number;
}

const counts = (tally: Tally, expected: number, found: number) => {
  tally.tp += Math.min(expected, found);
  tally.fp += Math.max(0, found - expected);
  tally.fn += Math.max(0, expected - found);
};

export function score(results: readonly Analysed[]): Score {
  const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });
  const tallies: Score['tallies'] = {
    'pockets and slots': tally(),
    undercuts: tally(),
    'undercuts for review': tally(),
    'deep narrow features': tally(),
    'long-reach features': tally(),
    'sharp inside corners': tally(),
    'thin walls': tally(),
    holes: tally(),
  };
  const errors = { depthMm: 0, widthMm: 0, floorArea: 0, cornerRadiusMm: 0 };
  let undercutArea = 0;
  let setupsRight = 0;
  for (const { part, machining, findings, holeCount } of results) {
    const found = [...machining.recesses];
    for (const expected of part.pockets) {
      const i = found.findIndex((r) => r.direction === expected.direction && r.kind === expected.kind && Math.abs(r.floorAreaMm2 - expected.floorAreaMm2) < 0.02 * expected.floorAreaMm2);
      if (i < 0) {
        tallies['pockets and slots'].fn++;
        continue;
      }
      const [r] = found.splice(i, 1);
      tallies['pockets and slots'].tp++;
      errors.depthMm = Math.max(errors.depthMm, Math.abs(r!.depthMm - expected.depthMm));
      errors.widthMm = Math.max(errors.widthMm, Math.abs(r!.widthMm - expected.widthMm));
      errors.floorArea = Math.max(errors.floorArea, Math.abs(r!.floorAreaMm2 / expected.floorAreaMm2 - 1));
      if (expected.cornerRadiusMm !== null && r!.cornerRadiusMm !== null) errors.cornerRadiusMm = Math.max(errors.cornerRadiusMm, Math.abs(r!.cornerRadiusMm - expected.cornerRadiusMm));
    }
    tallies['pockets and slots'].fp += found.length;
    const hasUndercut = machining.undercutAreaMm2 > 0;
    counts(tallies.undercuts, part.undercut === 'none' ? 0 : 1, hasUndercut ? 1 : 0);
    const review = hasUndercut && machining.undercutAtAngleAreaMm2 < machining.undercutAreaMm2;
    counts(tallies['undercuts for review'], part.undercut === 'review' ? 1 : 0, review ? 1 : 0);
    if (part.undercutAreaMm2) undercutArea = Math.max(undercutArea, Math.abs(machining.undercutAreaMm2 / part.undercutAreaMm2 - 1));
    const deep = findings.filter((f) => f.code === 'deep-feature');
    counts(tallies['deep narrow features'], part.deepFeatures, deep.filter((f) => /An engineer decides/.test(f.message)).length);
    counts(tallies['long-reach features'], part.longReach ?? 0, deep.filter((f) => /cut with a long-reach tool/.test(f.message)).length);
    counts(tallies['sharp inside corners'], part.sharpCorners, machining.sharpCorners);
    counts(tallies['thin walls'], part.thinWalls ?? 0, findings.filter((f) => f.code === 'machining-thin-wall').length);
    counts(tallies.holes, part.holes, holeCount);
    if (machining.setups.length === part.setups) setupsRight++;
  }
  return { tallies, setups: { right: setupsRight, of: results.length }, errors, undercutArea };
}

export const precision = (t: Tally) => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
export const recall = (t: Tally) => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));
