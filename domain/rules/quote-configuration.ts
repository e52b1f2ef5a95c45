/**
 * What the customer chooses for one part: the input of the rules, the price and the lead time.
 * Plain data (JSON), the same in the configurator, the worker and the server.
 */
import type { FinishKind, LeadTimeTier, ProcessSlug, ToleranceOption } from '#domain/catalogue/types';

/** A group of identical threaded inserts (brass inserts or Helicoils). */
export interface InsertSpec {
  readonly count: number;
  /** Length of the insert, mm. */
  readonly insertLengthMm: number;
  /** Depth of the hole it goes in, mm: at least the insert length plus 1.5 mm. */
  readonly holeDepthMm: number;
}

export type DyeingStyle = 'solid' | 'gradient' | 'cream';

export type FinishSelection =
  | { readonly kind: 'painting'; readonly colours: readonly string[] }
  | { readonly kind: 'dyeing'; readonly style: DyeingStyle; readonly colours: readonly string[] }
  | { readonly kind: 'silkscreen'; readonly colours: readonly string[] }
  | { readonly kind: 'special-treatment'; readonly note?: string }
  | { readonly kind: 'spray-paint'; readonly colour?: string }
  | { readonly kind: 'tapping'; readonly holes: number }
  | { readonly kind: 'brass-insert'; readonly inserts: readonly InsertSpec[] }
  | { readonly kind: 'helicoil'; readonly inserts: readonly InsertSpec[] };

export type FinishOf<K extends FinishKind> = Extract<FinishSelection, { kind: K }>;

export interface PartConfiguration {
  readonly process: ProcessSlug;
  readonly materialId: string;
  /** Id of one of the material's colours; null until chosen. */
  readonly colourId: string | null;
  readonly quantity: number;
  readonly tier: LeadTimeTier;
  /** One of the material's tolerances; the material's first (standard) when absent. */
  readonly toleranceId?: ToleranceOption['id'];
  /** Shore A hardness, for materials that offer a choice (rubber-like polyurethane). */
  readonly hardnessShoreA?: number;
  readonly finishes: readonly FinishSelection[];
}

export function findFinish<K extends FinishKind>(finishes: readonly FinishSelection[], kind: K): FinishOf<K> | undefined {
  return finishes.find((f): f is FinishOf<K> => f.kind === kind);
}
