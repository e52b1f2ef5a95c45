/** A cost before quantity effects: what each part costs, and what the parts of a line share. */
import type { ManufacturingMetrics } from '#domain/geometry/part-metrics';

/** 'final' items cannot change once ordered; 'may-change' items can after a named review. */
export type Certainty = 'final' | 'may-change';

export interface CostComponent {
  readonly id: string;
  readonly label: string;
  readonly explanation: string;
  readonly certainty: Certainty;
  /** Why a 'may-change' item could change. */
  readonly changeReason?: string;
  /** Exact cents each part costs whatever the quantity; quantity discounts apply to this. */
  readonly perPartCents: number;
  /** Exact cents per part of what the line shares (set-up, moulds); must not increase with quantity. */
  readonly sharedCentsPerPart: (quantity: number) => number;
  /** The explanation at a quantity, when it depends on it (how many moulds the run needs); `explanation` otherwise. */
  readonly explainAt?: (quantity: number) => string;
}

/** Geometry the price depends on, in millimetres. */
export interface PricingGeometry {
  readonly volumeMm3: number;
  readonly areaMm2: number;
  readonly size: readonly [number, number, number];
  /** Supports measured in the best printing orientation (domain/geometry/manufacturing.ts), when known. */
  readonly manufacturing?: Pick<ManufacturingMetrics, 'supportVolumeMm3' | 'overhangAreaMm2' | 'buildHeightMm'> & Partial<Pick<ManufacturingMetrics, 'machining'>>;
}

export const NOTHING_SHARED = (): number => 0;

/** A one-off cost spread evenly over the parts of the line. */
export function spreadOver(oneOffCents: number): (quantity: number) => number {
  return (quantity) => oneOffCents / quantity;
}

export const MM3_PER_CM3 = 1000;
export const MM2_PER_CM2 = 100;

export function boxVolumeMm3(size: readonly [number, number, number], margin = 0): number {
  return (size[0] + 2 * margin) * (size[1] + 2 * margin) * (size[2] + 2 * margin);
}

/** Numbers in explanations: "12.3", "0.45", "1,250" (fixed digits, trailing zeros dropped). */
export function fmt(value: number, digits = 1): string {
  const places = Math.abs(value) < 1 && value !== 0 ? digits + 1 : digits;
  const [whole = '0', fraction = ''] = value.toFixed(places).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${groupThousands(whole)}${trimmed ? `.${trimmed}` : ''}`;
}

export function groupThousands(digits: string): string {
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  const grouped = body.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}
