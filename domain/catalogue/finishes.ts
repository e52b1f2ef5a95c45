/**
 * Finishes and secondary operations, one record each: what it is called, what it costs, the
 * working days it adds, the shape of the options the customer fills in, and the limits and
 * messages of its rules. The price (`domain/pricing/finish-cost.ts`), the lead time
 * (`domain/lead-time/lead-time.ts`), the rules (`domain/rules/quote-rules.ts`), the API's
 * configuration reader (`domain/api/quote.ts`), the quote document and the configurator all read
 * these records and branch on the options' shape, never on a finish's name: a new finish is one
 * record here (and its name in the `finishes` list of the materials that offer it).
 * Spec section 5 (rules) and 9 (days); prices: docs/decisions/010-pricing-model.md.
 */
import {
  INSERT_HOLE_DEPTH_MARGIN_MM,
  MAX_CREAM_DYEING_COLOURS,
  MAX_DYEING_COLOURS,
  MAX_HOLES_PER_PART,
  MAX_PAINTING_COLOURS,
  MAX_SILKSCREEN_COLOURS,
} from './limits';

/** Price of one finish. Every field is optional and adds up (docs/decisions/010-pricing-model.md). */
export interface FinishPricing {
  /** Per part, whatever the options. */
  readonly centsPerPart?: number;
  /** Per cm² of the part's surface, per part. */
  readonly centsPerCm2?: number;
  /** Per colour, per part, beyond the `includedColours` that `centsPerPart` already pays for. */
  readonly centsPerColourPerPart?: number;
  readonly includedColours?: number;
  /** One-off per colour and quote line (a silkscreen stencil), shared by the parts. */
  readonly setupCentsPerColour?: number;
  /** Per threaded hole or insert, per part. */
  readonly centsPerHole?: number;
}

/** Working days a finish adds to the lead time (spec section 9); all are working days (ADR 011). */
export interface FinishLeadDays {
  /** Days added (per colour when `perColour`). */
  readonly days: number;
  readonly perColour?: boolean;
  /** Days instead of `days` when more than one colour is chosen. */
  readonly severalColours?: number;
  /** Days instead of `days` when another finish is chosen on the same part too. */
  readonly alongside?: { readonly finish: string; readonly days: number };
}

/** A variant of a colour finish (solid, gradient or cream dyeing), with its own colour limit. */
export interface FinishStyle {
  readonly id: string;
  readonly label: string;
  readonly maxColours: number;
  /** Factor on the finish's price (a gradient costs more than a solid colour). */
  readonly priceFactor: number;
}

/** A group of identical inserts a new insert operation starts with, mm. */
export const DEFAULT_INSERT = { count: 1, insertLengthMm: 5, holeDepthMm: 6.5 } as const;

/**
 * What the customer fills in for a finish. Code branches on `shape`:
 * - `none`: nothing (an optional note, for the engineer);
 * - `colour`: one optional colour name or code;
 * - `colours`: 1 to `maxColours` colour names or codes;
 * - `styled-colours`: a style, then 1 to the style's `maxColours` colours;
 * - `holes`: a number of threaded holes per part;
 * - `inserts`: groups of inserts (count, insert length, hole depth at least `holeDepthMarginMm` deeper).
 */
export type FinishOptions =
  | { readonly shape: 'none' }
  | { readonly shape: 'colour' }
  | { readonly shape: 'colours'; readonly maxColours: number; readonly countMessage: string }
  | { readonly shape: 'styled-colours'; readonly styles: readonly FinishStyle[]; readonly countMessage: string; readonly styleMessage: string }
  | { readonly shape: 'holes'; readonly maxHoles: number; readonly countMessage: string }
  | { readonly shape: 'inserts'; readonly maxPerGroup: number; readonly holeDepthMarginMm: number };

export type FinishShape = FinishOptions['shape'];

export interface Finish {
  readonly kind: string;
  readonly label: string;
  readonly description: string;
  readonly pricing: FinishPricing;
  readonly leadDays: FinishLeadDays;
  readonly options: FinishOptions;
}

const colours = (maxColours: number, countMessage: string) => ({ shape: 'colours', maxColours, countMessage }) as const;
const inserts = { shape: 'inserts', maxPerGroup: MAX_HOLES_PER_PART, holeDepthMarginMm: INSERT_HOLE_DEPTH_MARGIN_MM } as const;

/** Every finish the catalogue knows, by kind (the key is the kind). */
export const FINISHES = {
  painting: {
    kind: 'painting',
    label: 'Painting',
    description: `Primer and colour-matched paint, up to ${MAX_PAINTING_COLOURS} colours.`,
    pricing: { centsPerColourPerPart: 800, centsPerCm2: 2 },
    leadDays: { days: 4, perColour: true },
    options: colours(MAX_PAINTING_COLOURS, `Painting: choose 1 to ${MAX_PAINTING_COLOURS} colours per model`),
  },
  dyeing: {
    kind: 'dyeing',
    label: 'Dyeing',
    description: 'Dye bath for nylon parts: solid, gradient or cream.',
    pricing: { centsPerPart: 300, includedColours: 1, centsPerColourPerPart: 150 },
    leadDays: { days: 3, severalColours: 4 },
    options: {
      shape: 'styled-colours',
      styles: [
        { id: 'solid', label: 'Solid', maxColours: MAX_DYEING_COLOURS, priceFactor: 1 },
        { id: 'gradient', label: 'Gradient', maxColours: MAX_DYEING_COLOURS, priceFactor: 1.5 },
        { id: 'cream', label: 'Cream', maxColours: MAX_CREAM_DYEING_COLOURS, priceFactor: 1 },
      ],
      countMessage: `Dyeing: up to ${MAX_DYEING_COLOURS} colours for solid or gradient, ${MAX_CREAM_DYEING_COLOURS} for cream`,
      styleMessage: 'Dyeing: choose solid, gradient or cream',
    },
  },
  silkscreen: {
    kind: 'silkscreen',
    label: 'Silkscreen',
    description: 'Printed logo or text, one stencil per colour.',
    pricing: { setupCentsPerColour: 3000, centsPerColourPerPart: 150 },
    leadDays: { days: 3, alongside: { finish: 'painting', days: 1 } },
    options: colours(MAX_SILKSCREEN_COLOURS, `Silkscreen: choose 1 to ${MAX_SILKSCREEN_COLOURS} colours`),
  },
  'special-treatment': {
    kind: 'special-treatment',
    label: 'Special treatment',
    description: 'Heat treatment, passivation or a surface treatment agreed with the engineer.',
    pricing: { centsPerPart: 500 },
    leadDays: { days: 1 },
    options: { shape: 'none' },
  },
  'spray-paint': {
    kind: 'spray-paint',
    label: 'Spray paint',
    description: 'One-colour spray coat over the whole part.',
    pricing: { centsPerPart: 300, centsPerCm2: 1 },
    leadDays: { days: 2 },
    options: { shape: 'colour' },
  },
  tapping: {
    kind: 'tapping',
    label: 'Tapping',
    description: 'Threads cut into holes.',
    pricing: { centsPerHole: 150 },
    leadDays: { days: 1 },
    options: { shape: 'holes', maxHoles: MAX_HOLES_PER_PART, countMessage: `Tapping: enter the number of holes, 1 to ${MAX_HOLES_PER_PART}` },
  },
  'brass-insert': {
    kind: 'brass-insert',
    label: 'Brass insert',
    description: 'Threaded brass inserts pressed or heat-set into holes.',
    pricing: { centsPerHole: 200 },
    leadDays: { days: 1 },
    options: inserts,
  },
  helicoil: {
    kind: 'helicoil',
    label: 'Helicoil',
    description: 'Wire thread inserts for strong, reusable threads.',
    pricing: { centsPerHole: 300 },
    leadDays: { days: 1 },
    options: inserts,
  },
} as const satisfies Readonly<Record<string, Finish>>;

export type FinishKind = keyof typeof FINISHES;

/** The kinds of the catalogue's finishes, in the catalogue's order. */
export const FINISH_KINDS = Object.keys(FINISHES) as readonly FinishKind[];

/** The shape of a finish's options, by kind (what a selection of that finish holds). */
export type FinishShapeOf<K extends FinishKind> = (typeof FINISHES)[K]['options']['shape'];

/** The form field a finish's messages belong to: the kind in camelCase ('brass-insert' → 'brassInsert'). */
export function finishField(kind: string): string {
  return kind.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
