/** Money is integer cents of US dollars; these helpers keep it that way. */
import { groupThousands } from './cost-component';

export const CURRENCY = 'USD';

/** Rounds an exact amount of cents to a whole cent (half away from zero, the same on every platform). */
export function roundCents(exactCents: number): number {
  return Math.sign(exactCents) * Math.round(Math.abs(exactCents)) || 0; // never -0
}

/** "$1,234.50", "−$3.20". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  const dollars = groupThousands(String(Math.floor(abs / 100)));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** An exact amount of cents as dollars, for explanations: usd(150) is "$1.50". */
export function usd(exactCents: number): string {
  return formatUsd(roundCents(exactCents));
}
