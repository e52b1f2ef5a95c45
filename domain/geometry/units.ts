/**
 * Units. STEP and 3MF declare theirs (the importers convert to mm); STL and OBJ do not, so we
 * guess millimetres, inches, centimetres or metres and ask the user to confirm (ADR 158; the
 * centimetres and metres of ADR 275, which Blender, SketchUp and some SolidWorks exports write).
 *
 * The guess is Bayesian and small, in log-odds of millimetres against inches:
 * - **size**: the largest side of real parts is taken as log-normal around 50 mm (one standard
 *   deviation spans 10 to 250 mm), and a file is a priori three times as likely to be in
 *   millimetres as in inches;
 * - **round dimensions**: a designed part's sides are often round numbers in the unit it was drawn
 *   in (a multiple of 0.1 mm, or of 1/16 or 0.1 inch). A side that is round when read one way and
 *   not the other says which: 1.375 units is 1 3/8 inch but no round millimetre size; 9.525 units is
 *   3/8 inch drawn in millimetres (read as inches, 241.935 mm, it is round in neither); 1.338583
 *   units is 34 mm written in inches. Sides round either way (2, 5, 10, 26.6) say nothing;
 * - **words in the file**: a unit named in an STL header or solid name, or an OBJ object name
 *   ("units=mm", "inch");
 * - **hole diameters**: a drilled hole is a standard drill's size in the unit it was drawn in. A
 *   diameter that is a standard inch drill (a 64th of an inch, or a UNC/UNF tap drill) when read as
 *   inches and no metric drill when read as millimetres says inches, and the other way round
 *   (`holeDiameters`, measured by holes.ts in the file's units).
 * Centimetres and metres are weighed against millimetres by the size alone, with small priors of
 * their own (a file's words may name them too); between millimetres and inches the odds are what
 * they were before them. A side round read as inches and as metres gives metres what it gives
 * inches (ADR 286).
 * The posterior of the chosen unit is the confidence.
 */

import { METRIC_DRILL_SIZES_MM } from './drill-sizes';
import { LENGTH_UNITS, MM_PER_UNIT, UNIT_NAMES, type LengthUnit } from './length-units';

export { LENGTH_UNITS, MM_PER_UNIT, UNIT_NAMES, type LengthUnit };

export type UnitSource = 'file' | 'guess' | 'user';

export interface UnitAssessment {
  readonly unit: LengthUnit;
  readonly source: UnitSource;
  /** Probability that `unit` is right: 1 when declared by the file or confirmed by the user. */
  readonly confidence: number;
  readonly reason: string;
}

const MEDIAN_PART_MM = 50;
const LOG_SIGMA = Math.log(5);
/** Millimetres against inches, a priori (ADR 158). */
const PRIOR_MM = 0.75;
/** The share of files in centimetres and in metres, a priori (ADR 275): rare, and told apart by the size. */
const PRIOR_SCALED: Readonly<Record<'cm' | 'm', number>> = { cm: 0.02, m: 0.08 };
const SCALED = ['cm', 'm'] as const;
/** A scaled unit is named in the size's reason when at least this likely. */
const MENTIONED_SCALED = 0.05;
/** Below this confidence, the user is asked to confirm the units (a warning finding). */
export const UNIT_CONFIRMATION_THRESHOLD = 0.9;

/** What else than its largest side a file says about its unit. */
export interface UnitClues {
  /** The bounding box's sides, file units. */
  readonly sides?: readonly number[];
  /** Names the file gives (an STL header or solid name, OBJ object names). */
  readonly names?: readonly string[];
  /** Diameters of the cylindrical holes found, file units. */
  readonly holeDiameters?: readonly number[];
}

/** Chance that a designed side is a round number in the unit it was drawn in. */
const ROUND_SHARE = 0.5;
/** How strongly a unit named in the file counts (likelihood ratio). */
const NAMED_UNIT_RATIO = 50;
const MAX_ROUND_ODDS = Math.log(1000);
/**
 * Grids of round sizes, mm: sixteenths and tenths of an inch, and a metric grid that depends on the
 * reading (ADR 283). Read as millimetres, a side is round to a tenth of a millimetre: a tenth of the
 * file's unit is round read either way (26.6 units: 26.6 mm, or 26.6 in), so it says nothing; with
 * half millimetres there, every such side of a millimetre part counted for inches. Read as inches
 * (a metric part written in inches), its millimetres must be round to a half: a tenth of a
 * millimetre is within the six digits a text export keeps of one length in ten of a metre or more,
 * a coincidence as often as a clue.
 */
const MM_GRID = { mm: 0.1, inch: 0.5 } as const;
const HALF_MM = MM_GRID.inch;
const INCH_GRIDS_MM = [25.4 / 16, 25.4 / 10];

export function guessUnit(largestSide: number, clues: UnitClues = {}): UnitAssessment {
  if (!(largestSide > 0) || !Number.isFinite(largestSide)) {
    return { unit: 'mm', source: 'guess', confidence: PRIOR_MM, reason: 'The model has no size to judge its units by.' };
  }
  const logLikelihood = (mm: number) => -0.5 * ((Math.log(mm / MEDIAN_PART_MM) / LOG_SIGMA) ** 2);
  // Log-odds of millimetres against inches.
  let odds = Math.log(PRIOR_MM / (1 - PRIOR_MM)) + logLikelihood(largestSide) - logLikelihood(largestSide * MM_PER_UNIT.inch);
  // Log-odds of centimetres, and of metres, against millimetres: the prior and the size (and, for
  // metres, below, what inch-round sides give inches). The sides' roundness cannot tell them from
  // millimetres: a size drawn to a thousandth of a millimetre is round read a thousand times
  // larger, and one drawn round in metres is often round read ten times smaller too (0.05 m read as
  // centimetres is half a millimetre).
  const scaled = { cm: 0, m: 0 };
  for (const u of SCALED) {
    const priorMm = PRIOR_MM * (1 - PRIOR_SCALED.cm - PRIOR_SCALED.m);
    scaled[u] = Math.log(PRIOR_SCALED[u] / priorMm) + logLikelihood(largestSide * MM_PER_UNIT[u]) - logLikelihood(largestSide);
  }
  const reasons: string[] = [];
  const round = roundSides(clues.sides ?? []);
  // However many sides agree, a coincidence stays possible: at most 1000 to 1 from roundness.
  const roundOdds = Math.max(-MAX_ROUND_ODDS, Math.min(MAX_ROUND_ODDS, round.odds));
  odds += roundOdds;
  // What sides round read as inches say for inches over millimetres, they say for metres too where
  // the metre reading is round as well (0.25 units: 1/4 in, or 250 mm), not for inches over metres:
  // the two readings are 39 times apart, and a small part's inch reading and its metre reading are
  // both plausible sizes (a robot's link written in metres, ADR 286).
  scaled.m += Math.min(round.alsoRoundInMetres, Math.max(0, -roundOdds));
  if (round.reason) reasons.push(round.reason);
  const drilled = standardHoles(clues.holeDiameters ?? []);
  odds += Math.max(-MAX_ROUND_ODDS, Math.min(MAX_ROUND_ODDS, drilled.odds));
  if (drilled.reason) reasons.push(drilled.reason);
  const named = namedUnit(clues.names ?? []);
  if (named) {
    // The named unit gains the ratio against every other.
    const ratio = Math.log(NAMED_UNIT_RATIO);
    if (named.unit === 'mm') odds += ratio;
    else if (named.unit === 'inch') odds -= ratio;
    for (const u of SCALED) scaled[u] += named.unit === u ? ratio : named.unit === 'mm' ? -ratio : 0;
    reasons.push(`The file's header says "${named.word}".`);
  }
  // The posterior over the four, from their log-odds against millimetres.
  const score: Record<LengthUnit, number> = { mm: 0, inch: -odds, cm: scaled.cm, m: scaled.m };
  const top = Math.max(...LENGTH_UNITS.map((u) => score[u]));
  const total = LENGTH_UNITS.reduce((sum, u) => sum + Math.exp(score[u] - top), 0);
  const posterior = (u: LengthUnit) => Math.exp(score[u] - top) / total;
  const unit = LENGTH_UNITS.reduce((best, u) => (score[u] > score[best] ? u : best), 'mm' as LengthUnit);
  const side = formatLength(largestSide);
  const readings = [`${side} mm read as millimetres`, `${formatLength(largestSide * MM_PER_UNIT.inch)} mm read as inches`];
  for (const u of SCALED) if (u === unit || posterior(u) >= MENTIONED_SCALED) readings.push(`${formatLength(largestSide * MM_PER_UNIT[u])} mm read as ${UNIT_NAMES[u]}`);
  reasons.unshift(`The largest side is ${side} units: ${readings.join(', ')}.`);
  return { unit, source: 'guess', confidence: posterior(unit), reason: reasons.join(' ') };
}

/** Whether a length in mm is a round size: a multiple of `mmGrid` mm, or of 1/16 or 1/10 inch. */
function isRound(mm: number, mmGrid: number): boolean {
  if (!(mm > 0)) return false;
  return [mmGrid, ...INCH_GRIDS_MM].some((grid) => Math.abs(mm / grid - Math.round(mm / grid)) * grid <= tolerance(mm));
}

/** How close to a grid a written size must come: 6 significant digits (what text exports keep). */
function tolerance(mm: number): number {
  return Math.max(2e-6 * mm, 1e-5);
}

/** The chance that a length of this size falls that close to one of the grids by accident. */
function chanceRound(mm: number, mmGrid: number): number {
  return Math.min(1, [mmGrid, ...INCH_GRIDS_MM].reduce((sum, grid) => sum + (2 * tolerance(mm)) / grid, 0));
}

/**
 * Log-odds (mm against inch) from the sides' roundness. Each side is read both ways: round when
 * read in the right unit with probability ROUND_SHARE (plus chance), round when read in the wrong
 * one by chance only. `alsoRoundInMetres`: what the sides round read as inches (and not as
 * millimetres) gave inches, on those sides whose reading in metres is round too.
 */
function roundSides(sides: readonly number[]): { odds: number; reason: string | null; alsoRoundInMetres: number } {
  let odds = 0;
  let alsoRoundInMetres = 0;
  const telling: string[] = [];
  const seen = new Set<string>();
  for (const v of sides) {
    if (!(v > 0) || !Number.isFinite(v)) continue;
    const key = v.toPrecision(6);
    if (seen.has(key)) continue; // a cube's three equal sides are one clue
    seen.add(key);
    const asMm = v, asInch = v * MM_PER_UNIT.inch;
    const roundMm = isRound(asMm, MM_GRID.mm), roundInch = isRound(asInch, MM_GRID.inch);
    if (roundMm === roundInch) continue;
    const chanceMm = chanceRound(asMm, MM_GRID.mm), chanceInch = chanceRound(asInch, MM_GRID.inch);
    const p = (right: boolean, chance: number) => (right ? ROUND_SHARE + (1 - ROUND_SHARE) * chance : (1 - ROUND_SHARE) * (1 - chance));
    const q = (round: boolean, chance: number) => (round ? chance : 1 - chance);
    // P(observations | mm) = P(roundMm | right) P(roundInch | wrong); and the other way round.
    const given = { mm: p(roundMm, chanceMm) * q(roundInch, chanceInch), inch: p(roundInch, chanceInch) * q(roundMm, chanceMm) };
    const side = Math.log(given.mm / given.inch);
    odds += side;
    if (roundInch && isRound(v * MM_PER_UNIT.m, HALF_MM)) alsoRoundInMetres -= side;
    telling.push(roundMm ? `${formatSize(v)} is a round size in millimetres (${describeRound(asMm)}), not in inches` : `${formatSize(v)} is a round size read as inches (${describeRound(asInch)}), not as millimetres`);
  }
  return { odds, reason: telling.length > 0 ? `Side ${telling.join('; side ')}.` : null, alsoRoundInMetres };
}

/**
 * Inch drills, mm: every 64th of an inch to 1 inch (fractional drills), and the number and letter
 * tap drills of UNC and UNF threads from #2 to 7/16 in: #50, #43, #36, #29, #25, #21, #7, #3, F, I,
 * Q and U (the others' tap drills are fractional).
 */
const INCH_DRILLS_MM: readonly number[] = [
  ...Array.from({ length: 64 }, (_, k) => ((k + 1) / 64) * 25.4),
  ...[0.07, 0.089, 0.1065, 0.136, 0.1495, 0.159, 0.201, 0.213, 0.257, 0.272, 0.332, 0.368].map((inch) => inch * 25.4),
].sort((a, b) => a - b);

/** How far a fitted diameter may be from a drill's size and still be that drill, mm (holes.ts's). */
const DRILL_TOLERANCE_MM = 0.01;
/** Only holes of these diameters (mm, read either way) are drilled with a standard drill. */
const DRILLED_RANGE_MM = [0.5, 25.4] as const;

/** The drill of `series` within the tolerance of `mm`, and the chance of coming that close by accident. */
function drillMatch(mm: number, series: readonly number[]): { match: number | null; chance: number } {
  const window = Math.max(1, mm * 0.1);
  const near = series.filter((d) => Math.abs(d - mm) <= window).length;
  const chance = Math.min(0.95, Math.max(1, near) * (2 * DRILL_TOLERANCE_MM) / (2 * window));
  const match = series.find((d) => Math.abs(d - mm) <= DRILL_TOLERANCE_MM) ?? null;
  return { match, chance };
}

/**
 * Log-odds (mm against inch) from the holes' diameters, each distinct one read both ways as
 * `roundSides` reads a side: a standard drill in the unit drawn with probability ROUND_SHARE (plus
 * chance), in the other unit by chance only (how dense that series is around it).
 */
function standardHoles(diameters: readonly number[]): { odds: number; reason: string | null } {
  let odds = 0;
  const telling: string[] = [];
  const seen = new Set<string>();
  for (const d of diameters) {
    if (!(d > 0) || !Number.isFinite(d)) continue;
    const key = d.toPrecision(4);
    if (seen.has(key)) continue; // four holes of one size are one clue
    seen.add(key);
    const asMm = d, asInch = d * MM_PER_UNIT.inch;
    const inRange = (mm: number) => mm >= DRILLED_RANGE_MM[0] && mm <= DRILLED_RANGE_MM[1];
    const metric = inRange(asMm) ? drillMatch(asMm, METRIC_DRILL_SIZES_MM) : { match: null, chance: 0 };
    const inch = inRange(asInch) ? drillMatch(asInch, INCH_DRILLS_MM) : { match: null, chance: 0 };
    if ((metric.match === null) === (inch.match === null)) continue;
    const p = (match: boolean, chance: number) => (match ? ROUND_SHARE + (1 - ROUND_SHARE) * chance : (1 - ROUND_SHARE) * (1 - chance));
    const q = (match: boolean, chance: number) => (match ? chance : 1 - chance);
    const given = {
      mm: p(metric.match !== null, metric.chance) * q(inch.match !== null, inch.chance),
      inch: p(inch.match !== null, inch.chance) * q(metric.match !== null, metric.chance),
    };
    odds += Math.log(given.mm / given.inch);
    telling.push(
      metric.match !== null
        ? `Ø${formatSize(d)} is a metric drill size (Ø${+metric.match.toFixed(2)} mm), not an inch one`
        : `Ø${formatSize(d)} is an inch drill size read as inches (${describeDrill(inch.match as number)}), not a metric one`,
    );
  }
  return { odds, reason: telling.length > 0 ? `Hole ${telling.join('; hole ')}.` : null };
}

/** An inch drill in words: `1/4 in`, `0.257 in`. */
function describeDrill(mm: number): string {
  const inch = mm / 25.4;
  const sixtyFourths = Math.round(inch * 64);
  if (Math.abs(inch * 64 - sixtyFourths) < 1e-6) {
    let num = sixtyFourths, den = 64;
    while (num % 2 === 0 && den > 1) {
      num /= 2;
      den /= 2;
    }
    return den === 1 ? `${num} in` : `${num}/${den} in`;
  }
  return `${+inch.toFixed(4)} in`;
}

/** A round size in words: `34 mm`, `1 3/8 in`, `8 in`, `2.4 in`. */
function describeRound(mm: number): string {
  const inch = mm / 25.4;
  const sixteenths = Math.round(inch * 16);
  if (Math.abs(inch * 16 - sixteenths) * (25.4 / 16) <= tolerance(mm)) {
    const whole = Math.floor(sixteenths / 16);
    let num = sixteenths % 16, den = 16;
    while (num > 0 && num % 2 === 0) {
      num /= 2;
      den /= 2;
    }
    const mmWords = Math.abs(mm / HALF_MM - Math.round(mm / HALF_MM)) * HALF_MM <= tolerance(mm) ? `${+mm.toFixed(1)} mm = ` : '';
    return `${mmWords}${whole > 0 ? whole : ''}${whole > 0 && num > 0 ? ' ' : ''}${num > 0 ? `${num}/${den}` : ''} in`;
  }
  const tenths = Math.round(inch * 10);
  if (Math.abs(inch * 10 - tenths) * (25.4 / 10) <= tolerance(mm)) return `${+(tenths / 10).toFixed(1)} in`;
  return `${+mm.toFixed(1)} mm`;
}

function formatSize(v: number): string {
  return `${+v.toPrecision(6)} units`;
}

/** How a file's names name each unit: `units=mm`, `millimetres`, `inch`, `units=cm`, `metres`. */
const NAMED: readonly (readonly [LengthUnit, RegExp])[] = [
  ['mm', /(?:\bunits?\s*[=:]\s*mm\b|\bmillimet(?:er|re)s?\b|\(mm\)|\[mm\])/i],
  ['inch', /(?:\bunits?\s*[=:]\s*in(?:ch(?:es)?)?\b|\binch(?:es)?\b|\(in\)|\[in\])/i],
  ['cm', /(?:\bunits?\s*[=:]\s*cm\b|\bcentimet(?:er|re)s?\b|\(cm\)|\[cm\])/i],
  ['m', /(?:\bunits?\s*[=:]\s*m\b|\bmet(?:er|re)s\b|\(m\)|\[m\])/i],
];

/** A unit named in the file's names. */
function namedUnit(names: readonly string[]): { unit: LengthUnit; word: string } | null {
  for (const name of names) {
    for (const [unit, pattern] of NAMED) {
      const found = pattern.exec(name);
      if (found) return { unit, word: found[0] };
    }
  }
  return null;
}

export function declaredMillimetres(): UnitAssessment {
  return { unit: 'mm', source: 'file', confidence: 1, reason: 'The file declares its units; the model was converted to millimetres.' };
}

export function confirmedUnit(unit: LengthUnit): UnitAssessment {
  return { unit, source: 'user', confidence: 1, reason: `Confirmed as ${UNIT_NAMES[unit]}.` };
}

function formatLength(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);
}
