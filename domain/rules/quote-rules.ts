/**
 * The business rules of a part's configuration (spec section 5), as one rule table shared by a
 * vest suite (UI and server) and the quote engine. Messages are what the customer reads.
 */
import { enforce } from 'vest';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { FINISHES, finishField } from '#domain/catalogue/finishes';
import { HARDNESS_SHORE_A, INSERT_HOLE_DEPTH_MARGIN_MM, MAX_QUANTITY } from '#domain/catalogue/limits';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import { LEAD_TIME_TIERS, type Catalogue, type Finish, type Material, type Process } from '#domain/catalogue/types';
import { finishFields, type FinishFields, type FinishSelection, type InsertSpec, type PartConfiguration } from './quote-configuration';
import { runRules, suiteFromRules, type Rule, type ValidationResult } from './quote-rule-engine';

export interface QuoteRuleContext {
  readonly configuration: PartConfiguration;
  readonly process: Process | undefined;
  readonly material: Material | undefined;
  readonly catalogue: Catalogue;
}

export type QuoteRule = Rule<QuoteRuleContext>;

export const QUOTE_MESSAGES = {
  process: 'Please choose a manufacturing service',
  material: 'Please choose a material',
  colour: 'Please choose a colour',
  quantity: 'Quantity must be a whole number of at least 1',
  quantityTooLarge: `For more than ${MAX_QUANTITY.toLocaleString('en-US')} parts, please contact us for a quote`,
  tier: 'Please choose a lead time',
  hardness: `Hardness must be between Shore A ${HARDNESS_SHORE_A.min} and ${HARDNESS_SHORE_A.max}`,
  paintingColours: FINISHES.painting.options.countMessage,
  dyeingColours: FINISHES.dyeing.options.countMessage,
  silkscreenColours: FINISHES.silkscreen.options.countMessage,
  colourNames: 'Each colour needs a name or code (e.g. RAL 9005)',
  tappingHoles: FINISHES.tapping.options.countMessage,
  finishUnknown: 'This finish is not offered',
} as const;

export function quoteRuleContext(configuration: PartConfiguration, catalogue: Catalogue = CATALOGUE): QuoteRuleContext {
  const process = findProcess(configuration.process, catalogue);
  const material = process ? findMaterial(process.slug, configuration.materialId, catalogue) : undefined;
  return { configuration, process, material, catalogue };
}

const rule = (
  field: string,
  key: string,
  message: string,
  check: (c: QuoteRuleContext) => void,
  severity: 'error' | 'warning' = 'error',
): QuoteRule => ({ field, key, message, check, severity });

/** The rules that apply to this configuration, in the order the configurator shows fields. */
export function quoteRules(context: QuoteRuleContext): QuoteRule[] {
  const { configuration, material } = context;
  const inGroup = (name: string, rules: QuoteRule[]) => rules.map((r) => ({ ...r, group: name }));
  return [
    ...inGroup('part', baseRules(context)),
    ...inGroup('material', material ? materialRules(material, configuration) : []),
    ...inGroup('finishes', material ? finishRules(material, configuration.finishes, context.catalogue) : []),
  ];
}

/** The vest groups of the configuration suite, for `suite.focus({ onlyGroup })`. */
export const QUOTE_RULE_GROUPS = ['part', 'material', 'finishes'] as const;

function baseRules({ configuration }: QuoteRuleContext): QuoteRule[] {
  return [
    rule('process', 'process', QUOTE_MESSAGES.process, (c) => enforce(c.process).isNotUndefined()),
    rule('material', 'material', QUOTE_MESSAGES.material, (c) => enforce(c.material).isNotUndefined()),
    rule('colour', 'colour', QUOTE_MESSAGES.colour, () => enforce(configuration.colourId).isString().isNotBlank()),
    rule('quantity', 'quantity', QUOTE_MESSAGES.quantity, () => {
      enforce(configuration.quantity).isNumber().greaterThanOrEquals(1);
      enforce(Number.isInteger(configuration.quantity)).isTruthy();
    }),
    rule('quantity', 'quantity-max', QUOTE_MESSAGES.quantityTooLarge, () => {
      if (Number.isFinite(configuration.quantity)) enforce(configuration.quantity).lessThanOrEquals(MAX_QUANTITY);
    }),
    rule('tier', 'tier', QUOTE_MESSAGES.tier, () => enforce(configuration.tier).inside([...LEAD_TIME_TIERS])),
  ];
}

function materialRules(material: Material, configuration: PartConfiguration): QuoteRule[] {
  const rules: QuoteRule[] = [];
  const colourId = configuration.colourId;
  if (typeof colourId === 'string' && colourId.trim() !== '') {
    rules.push(
      rule('colour', 'colour-offered', `${material.name} is not offered in this colour`, () =>
        enforce(colourId).inside(material.colours.map((c) => c.id)),
      ),
    );
  }
  if (configuration.toleranceId !== undefined) {
    rules.push(
      rule('tolerance', 'tolerance', `${material.name} is not offered with this tolerance`, () =>
        enforce(configuration.toleranceId).inside(material.tolerances.map((t) => t.id)),
      ),
    );
  }
  if (material.hardnessShoreA) {
    const { min, max } = material.hardnessShoreA;
    rules.push(
      rule('hardness', 'hardness', QUOTE_MESSAGES.hardness, () => {
        const hardness = configuration.hardnessShoreA ?? material.hardnessShoreA?.common;
        enforce(hardness).isNumber().isBetween(min, max);
      }),
    );
  } else if (configuration.hardnessShoreA !== undefined) {
    rules.push(
      rule('hardness', 'hardness-unused', `${material.name} has a fixed hardness; the chosen Shore A value is ignored`, () =>
        enforce(configuration.hardnessShoreA).isUndefined(), 'warning'),
    );
  }
  return rules;
}

function finishRules(material: Material, finishes: readonly FinishSelection[], catalogue: Catalogue): QuoteRule[] {
  const rules: QuoteRule[] = [];
  const seen = new Set<string>();
  finishes.forEach((selection, index) => {
    const finish = catalogue.finishes[selection.kind];
    const field = finishField(selection.kind);
    const key = `finish-${index}-${selection.kind}`;
    if (!finish) {
      rules.push(rule(field, `${key}-known`, QUOTE_MESSAGES.finishUnknown, () => enforce(finish).isNotUndefined()));
      return;
    }
    rules.push(
      rule(field, `${key}-offered`, `${finish.label} is not offered for ${material.name}`, () => enforce(selection.kind).inside([...material.finishes])),
    );
    if (seen.has(selection.kind)) {
      rules.push(rule(field, `${key}-once`, `Choose ${finish.label.toLowerCase()} once`, () => enforce(true).isFalsy()));
    }
    seen.add(selection.kind);
    rules.push(...finishOptionRules(finish, finishFields(selection), field, key));
  });
  return rules;
}

/** The rules of a finish's options, by their shape; limits and messages come from the finish's record. */
function finishOptionRules(finish: Finish, selection: FinishFields, field: string, key: string): QuoteRule[] {
  const options = finish.options;
  switch (options.shape) {
    case 'colours':
      return colourCountRules(field, key, selection.colours ?? [], options.maxColours, options.countMessage);
    case 'styled-colours': {
      const style = options.styles.find((s) => s.id === selection.style);
      return [
        rule(field, `${key}-style`, options.styleMessage, () => enforce(style).isNotUndefined()),
        ...colourCountRules(field, key, selection.colours ?? [], style?.maxColours ?? 0, options.countMessage),
      ];
    }
    case 'holes':
      return [
        rule(field, `${key}-holes`, options.countMessage, () => {
          enforce(selection.holes).isNumber().isBetween(1, options.maxHoles);
          enforce(Number.isInteger(selection.holes)).isTruthy();
        }),
      ];
    case 'inserts':
      return insertRules(field, key, finish.label, selection.inserts ?? [], options.maxPerGroup, options.holeDepthMarginMm);
    case 'colour':
      return selection.colour === undefined ? [] : [rule(field, `${key}-colour`, QUOTE_MESSAGES.colourNames, () => enforce(selection.colour).isString().isNotBlank())];
    case 'none':
      return [];
  }
}

function colourCountRules(field: string, key: string, colours: readonly string[], max: number, message: string): QuoteRule[] {
  return [
    rule(field, `${key}-colour-count`, message, () => enforce(colours).isArray().longerThanOrEquals(1).shorterThanOrEquals(max)),
    rule(field, `${key}-colour-names`, QUOTE_MESSAGES.colourNames, () => {
      for (const colour of colours) enforce(colour).isString().isNotBlank();
    }),
  ];
}

/** Brass insert and Helicoil: the hole must be deeper than the insert by at least 1.5 mm. */
function insertRules(field: string, key: string, label: string, inserts: readonly InsertSpec[], max: number, margin: number): QuoteRule[] {
  const rules: QuoteRule[] = [
    rule(field, `${key}-any`, `${label}: add at least one insert`, () => enforce(inserts).isArray().isNotEmpty()),
  ];
  inserts.forEach((insert, i) => {
    const n = inserts.length > 1 ? ` ${i + 1}` : '';
    // Each message belongs to the control it is about: `brassInsert.0.depth` is the first group's hole depth.
    rules.push(
      rule(`${field}.${i}.count`, `${key}-${i}-count`, `${label}${n}: the number of inserts must be a whole number of at least 1`, () => {
        enforce(insert.count).isNumber().isBetween(1, max);
        enforce(Number.isInteger(insert.count)).isTruthy();
      }),
      rule(`${field}.${i}.length`, `${key}-${i}-length`, `${label}${n}: enter the insert length in mm`, () => enforce(insert.insertLengthMm).isNumber().greaterThan(0)),
      rule(`${field}.${i}.depth`, `${key}-${i}-depth`, holeDepthMessage(label + n, insert, margin), () => enforce(holeDepthMarginOk(insert, margin)).isTruthy()),
    );
  });
  return rules;
}

/** Compared in micrometres so that 3.0 + 1.5 = 4.5 holds despite binary floating point. */
export function holeDepthMarginOk(insert: InsertSpec, margin: number = INSERT_HOLE_DEPTH_MARGIN_MM): boolean {
  const um = (mm: number) => Math.round(mm * 1000);
  if (!Number.isFinite(insert.holeDepthMm) || !Number.isFinite(insert.insertLengthMm)) return false;
  return um(insert.holeDepthMm) >= um(insert.insertLengthMm) + um(margin);
}

function holeDepthMessage(label: string, insert: InsertSpec, margin: number): string {
  const needed = Number.isFinite(insert.insertLengthMm) ? ` (at least ${+(insert.insertLengthMm + margin).toFixed(3)} mm)` : '';
  return `${label}: the hole must be ${margin} mm deeper than the insert${needed}`;
}

/** Validates a configuration with the rule table directly (microseconds; what the quote engine uses). */
export function validateQuoteConfiguration(configuration: PartConfiguration, catalogue: Catalogue = CATALOGUE): ValidationResult {
  const context = quoteRuleContext(configuration, catalogue);
  return runRules(quoteRules(context), context);
}

/**
 * A new vest suite over the same rules, for a form (stateful: `suite.only('colour').run(data)`)
 * or a server request. Create one per form or per request; see quote-rule-engine.ts on runStatic.
 */
export function createQuoteConfigurationSuite(catalogue: Catalogue = CATALOGUE) {
  return suiteFromRules((configuration: PartConfiguration) => quoteRuleContext(configuration, catalogue), quoteRules);
}
