/** Spec section 9: a reload is at least USD 100, in whole dollars. Re-exported by balance-rules.ts; apart from its suite so that the route table reads it without the validation library (ADR 128). */
export const MIN_RELOAD_USD = 100;
