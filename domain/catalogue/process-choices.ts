/**
 * The three manufacturing services by name: what the quote page's first render needs (the service
 * choice, the `technology` query), without the rest of the catalogue (materials, prices, finishes),
 * which loads with the workspace (ADR 137). `catalogue.ts` builds each process on its record here.
 */
import type { ProcessId, ProcessSlug } from './types';

export interface ProcessChoice {
  readonly id: ProcessId;
  readonly slug: ProcessSlug;
  readonly name: string;
}

export const PROCESS_CHOICES = [
  { id: 22, slug: '3d-printing', name: '3D printing' },
  { id: 23, slug: 'cnc', name: 'CNC machining' },
  { id: 27, slug: 'vacuum-casting', name: 'Vacuum casting' },
] as const satisfies readonly ProcessChoice[];

export const PROCESS_SLUGS: readonly ProcessSlug[] = PROCESS_CHOICES.map((p) => p.slug);

export function isProcessSlug(value: unknown): value is ProcessSlug {
  return typeof value === 'string' && (PROCESS_SLUGS as readonly string[]).includes(value);
}

/** The service's name, or the slug itself for one the catalogue does not know. */
export function processName(slug: string): string {
  return PROCESS_CHOICES.find((p) => p.slug === slug)?.name ?? slug;
}

/** The service's record by slug. */
export function processChoice(slug: ProcessSlug): ProcessChoice {
  const choice = PROCESS_CHOICES.find((p) => p.slug === slug);
  if (!choice) throw new Error(`No manufacturing service "${slug}"`);
  return choice;
}
