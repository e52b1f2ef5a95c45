/**
 * The lengths a file without declared units may be in (units.ts guesses among them, the customer
 * confirms one): a module of its own, so that the API's schemas and the price's notes name them
 * without carrying the guess.
 */

/** The confirmation's choices, in this order. */
export const LENGTH_UNITS = ['mm', 'inch', 'cm', 'm'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];
export const MM_PER_UNIT: Readonly<Record<LengthUnit, number>> = { mm: 1, inch: 25.4, cm: 10, m: 1000 };
/** The units' names in the findings' and notes' English. */
export const UNIT_NAMES: Readonly<Record<LengthUnit, string>> = { mm: 'millimetres', inch: 'inches', cm: 'centimetres', m: 'metres' };
