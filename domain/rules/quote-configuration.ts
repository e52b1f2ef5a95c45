/**
 * What the customer chooses for one part: the input of the rules, the price and the lead time.
 * Plain data (JSON), the same in the configurator, the worker and the server.
 */
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { DEFAULT_INSERT, type FinishShape, type FinishShapeOf } from '#domain/catalogue/finishes';
import { findMaterial, findProcess, getFinish } from '#domain/catalogue/lookup';
import type { Catalogue, Finish, FinishKind, LeadTimeTier, Material, ProcessSlug, ToleranceOption } from '#domain/catalogue/types';

/** A group of identical threaded inserts (brass inserts or Helicoils). */
export interface InsertSpec {
  readonly count: number;
  /** Length of the insert, mm. */
  readonly insertLengthMm: number;
  /** Depth of the hole it goes in, mm: at least the insert length plus 1.5 mm. */
  readonly holeDepthMm: number;
}

/** What a selection holds, by the shape of its finish's options (`domain/catalogue/finishes.ts`). */
export interface FinishFieldsByShape {
  none: { readonly note?: string };
  colour: { readonly colour?: string };
  colours: { readonly colours: readonly string[] };
  'styled-colours': { readonly style: string; readonly colours: readonly string[] };
  holes: { readonly holes: number };
  inserts: { readonly inserts: readonly InsertSpec[] };
}

/** One chosen finish: its kind and the fields its options' shape asks for. */
export type FinishSelection = { [K in FinishKind]: { readonly kind: K } & FinishFieldsByShape[FinishShapeOf<K>] }[FinishKind];

export type FinishOf<K extends FinishKind> = Extract<FinishSelection, { kind: K }>;

/** Any selection seen through its fields: what code that branches on the shape reads. */
export interface FinishFields {
  readonly kind: string;
  readonly note?: string;
  readonly colour?: string;
  readonly colours?: readonly string[];
  readonly style?: string;
  readonly holes?: number;
  readonly inserts?: readonly InsertSpec[];
}

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

export function finishFields(selection: FinishSelection | FinishFields): FinishFields {
  return selection;
}

/** How many colours a selection of this shape names (0 for shapes without colours). */
export function colourCount(shape: FinishShape, selection: FinishFields): number {
  if (shape === 'colours' || shape === 'styled-colours') return selection.colours?.length ?? 0;
  if (shape === 'colour') return selection.colour ? 1 : 0;
  return 0;
}

/** Threaded holes or inserts per part a selection asks for (whole, never negative). */
export function holeCount(shape: FinishShape, selection: FinishFields): number {
  const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);
  if (shape === 'holes') return whole(selection.holes ?? 0);
  if (shape === 'inserts') return (selection.inserts ?? []).reduce((sum, i) => sum + whole(i.count), 0);
  return 0;
}

/** What the file's analysis says a finish's options may start from. */
export interface FinishSeed {
  /** Holes found at a tap drill size (`ManufacturingMetrics.tappableHoles`): the count of threads or inserts to start with. */
  readonly holes?: number;
}

/**
 * The selection a finish starts with when the customer ticks it: a hole count seeded from the
 * holes the analysis found (1 when it found none, within the finish's limit), which the customer
 * can still correct.
 */
export function defaultFinishSelection(finish: Finish, seed: FinishSeed = {}): FinishSelection {
  const found = seed.holes !== undefined && Number.isInteger(seed.holes) && seed.holes > 0 ? seed.holes : 1;
  const options = finish.options;
  const kind = finish.kind;
  switch (options.shape) {
    case 'none':
    case 'colour':
      return { kind } as FinishSelection;
    case 'colours':
      return { kind, colours: [] } as unknown as FinishSelection;
    case 'styled-colours':
      return { kind, style: options.styles[0]?.id ?? '', colours: [] } as unknown as FinishSelection;
    case 'holes':
      return { kind, holes: Math.min(found, options.maxHoles) } as unknown as FinishSelection;
    case 'inserts':
      return { kind, inserts: [{ ...DEFAULT_INSERT, count: Math.min(found, options.maxPerGroup) }] } as unknown as FinishSelection;
  }
}

/** A finish and its options in words, for documents and lists: "Painting: red, blue", "Tapping: 4 holes". */
export function describeFinish(selection: FinishSelection | FinishFields, catalogue: Catalogue = CATALOGUE): string {
  const finish = getFinish(selection.kind, catalogue);
  const fields = finishFields(selection);
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  switch (finish.options.shape) {
    case 'none':
      return fields.note ? `${finish.label}: ${fields.note}` : finish.label;
    case 'colour':
      return fields.colour ? `${finish.label}: ${fields.colour}` : finish.label;
    case 'colours':
      return `${finish.label}: ${(fields.colours ?? []).join(', ')}`;
    case 'styled-colours': {
      const style = finish.options.styles.find((s) => s.id === fields.style)?.label.toLowerCase() ?? fields.style;
      return `${finish.label} (${style}): ${(fields.colours ?? []).join(', ')}`;
    }
    case 'holes':
      return `${finish.label}: ${plural(holeCount('holes', fields), 'hole')}`;
    case 'inserts':
      return `${finish.label}: ${plural(holeCount('inserts', fields), 'insert')}`;
  }
}

/**
 * The configuration a part starts with for a process: the process's first material, standard tier,
 * quantity 1, the material's standard tolerance; the colour is asked for (chosen already when the
 * material comes in one colour only). It prices at once: the colour is needed to order, not to price.
 */
export function defaultConfiguration(process: ProcessSlug = '3d-printing', catalogue: Catalogue = CATALOGUE): PartConfiguration {
  const found = findProcess(process, catalogue);
  const material = found?.materials[0];
  if (!found || !material) throw new Error(`The catalogue has no material for ${process}`);
  return withMaterial({ process, materialId: material.id, colourId: null, quantity: 1, tier: 'standard', finishes: [] }, material);
}

/** Moves a configuration to another material, keeping what still applies (colour, tier, finishes offered). */
export function withMaterial(config: PartConfiguration, material: Material): PartConfiguration {
  const colourKept = material.colours.some((c) => c.id === config.colourId) ? config.colourId : null;
  const onlyColour = material.colours.length === 1 ? (material.colours[0]?.id ?? null) : null;
  const toleranceKept = material.tolerances.some((t) => t.id === config.toleranceId) ? config.toleranceId : material.tolerances[0]?.id;
  return {
    process: material.process,
    materialId: material.id,
    colourId: colourKept ?? onlyColour,
    quantity: config.quantity,
    tier: material.leadDays[config.tier] !== undefined ? config.tier : 'standard',
    finishes: config.finishes.filter((f) => material.finishes.includes(f.kind)),
    ...(toleranceKept ? { toleranceId: toleranceKept } : {}),
    ...(material.hardnessShoreA ? { hardnessShoreA: config.hardnessShoreA ?? material.hardnessShoreA.common } : {}),
  };
}

/**
 * A part's configuration for another process (ADR 100: the process is the project's): a
 * configuration already for `process` is kept; any other becomes the process's defaults, keeping
 * the quantity, the tier, the colour and the finishes where the new material offers them.
 */
export function configurationForProcess(config: PartConfiguration | null, process: ProcessSlug, catalogue: Catalogue = CATALOGUE): PartConfiguration {
  if (config && config.process === process && findMaterial(process, config.materialId, catalogue)) return config;
  const defaults = defaultConfiguration(process, catalogue);
  if (!config) return defaults;
  const material = findMaterial(process, defaults.materialId, catalogue)!;
  return withMaterial({ ...defaults, quantity: config.quantity, tier: config.tier, colourId: config.colourId, finishes: config.finishes }, material);
}

/** Whether two configurations say the same, whatever the order of their keys (a cart line's, a review's). */
export function sameConfiguration(a: PartConfiguration, b: PartConfiguration): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
