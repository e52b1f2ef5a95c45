/**
 * Units. STEP and 3MF declare theirs (the importers convert to mm); STL and OBJ do not, so we
 * guess millimetres or inches from the size and ask the user to confirm.
 *
 * The guess is Bayesian and small: the largest side of real parts is taken as log-normal around
 * 50 mm (one standard deviation spans 10 to 250 mm), and a file is a priori three times as likely
 * to be in millimetres as in inches. The posterior of the chosen unit is the confidence.
 */

export type LengthUnit = 'mm' | 'inch';
export type UnitSource = 'file' | 'guess' | 'user';

export interface UnitAssessment {
  readonly unit: LengthUnit;
  readonly source: UnitSource;
  /** Probability that `unit` is right: 1 when declared by the file or confirmed by the user. */
  readonly confidence: number;
  readonly reason: string;
}

export const MM_PER_UNIT: Readonly<Record<LengthUnit, number>> = { mm: 1, inch: 25.4 };

const MEDIAN_PART_MM = 50;
const LOG_SIGMA = Math.log(5);
const PRIOR_MM = 0.75;
/** Below this confidence, the user is asked to confirm the units (a warning finding). */
export const UNIT_CONFIRMATION_THRESHOLD = 0.9;

export function guessUnit(largestSide: number): UnitAssessment {
  if (!(largestSide > 0) || !Number.isFinite(largestSide)) {
    return { unit: 'mm', source: 'guess', confidence: PRIOR_MM, reason: 'The model has no size to judge its units by.' };
  }
  const logLikelihood = (mm: number) => -0.5 * ((Math.log(mm / MEDIAN_PART_MM) / LOG_SIGMA) ** 2);
  const mmWeight = PRIOR_MM * Math.exp(logLikelihood(largestSide));
  const inchWeight = (1 - PRIOR_MM) * Math.exp(logLikelihood(largestSide * MM_PER_UNIT.inch));
  const total = mmWeight + inchWeight;
  const pMm = total > 0 ? mmWeight / total : largestSide * MM_PER_UNIT.inch > MEDIAN_PART_MM ? 1 : 0;
  const unit: LengthUnit = pMm >= 0.5 ? 'mm' : 'inch';
  const side = formatLength(largestSide);
  return {
    unit,
    source: 'guess',
    confidence: unit === 'mm' ? pMm : 1 - pMm,
    reason: `The largest side is ${side} units: ${side} mm read as millimetres, ${formatLength(largestSide * 25.4)} mm read as inches.`,
  };
}

export function declaredMillimetres(): UnitAssessment {
  return { unit: 'mm', source: 'file', confidence: 1, reason: 'The file declares its units; the model was converted to millimetres.' };
}

export function confirmedUnit(unit: LengthUnit): UnitAssessment {
  return { unit, source: 'user', confidence: 1, reason: `Confirmed as ${unit === 'mm' ? 'millimetres' : 'inches'}.` };
}

function formatLength(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);
}
