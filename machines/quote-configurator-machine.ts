import { assign, fromPromise, setup } from 'xstate';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { findMaterial, findProcess } from '#domain/catalogue/lookup';
import type { FinishKind, LeadTimeTier, Material, ProcessSlug, ToleranceOption } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import { quotePart, type QuoteMetrics, type QuoteResult } from '#domain/pricing/quote-part';
import type { FinishSelection, PartConfiguration } from '#domain/rules/quote-configuration';

/**
 * One part's configuration (process, material, colour, quantity, tolerance, lead-time tier,
 * finishes, hardness). Every change is an event; the price, lead time and ship date are derived
 * from the context with the domain's `quotePart` (`selectQuote`), never stored twice. After a
 * change settles, the configuration is saved to the server, whose price is the one that counts.
 * Pure: the save arrives as an injected actor.
 */

export interface ConfiguratorInput {
  metrics: QuoteMetrics;
  geometryFindings?: readonly Finding[];
  configuration?: PartConfiguration;
  process?: ProcessSlug;
  /** Epoch ms the lead time counts from (the app passes Date.now()). */
  orderedAt: number;
}

export interface ConfiguratorContext {
  metrics: QuoteMetrics;
  geometryFindings: readonly Finding[];
  configuration: PartConfiguration;
  orderedAt: number;
  /** The server's answer for the last saved configuration. */
  serverQuote: QuoteResult | null;
  saveError: string | null;
}

export type ConfiguratorEvent =
  | { type: 'process.changed'; process: ProcessSlug }
  | { type: 'material.changed'; materialId: string }
  | { type: 'colour.changed'; colourId: string | null }
  | { type: 'quantity.changed'; quantity: number }
  | { type: 'tier.changed'; tier: LeadTimeTier }
  | { type: 'tolerance.changed'; toleranceId: ToleranceOption['id'] }
  | { type: 'hardness.changed'; shoreA: number }
  | { type: 'finish.set'; finish: FinishSelection }
  | { type: 'finish.removed'; kind: FinishKind }
  | { type: 'metrics.changed'; metrics: QuoteMetrics; geometryFindings?: readonly Finding[] }
  | { type: 'clock.ticked'; now: number }
  | { type: 'save.retry' };

/** How long the configuration must stay still before it is saved (a typed quantity, a dragged slider). */
export const SAVE_DEBOUNCE_MS = 400;

/** The default configuration of a process: its first material, no colour yet (the user must choose). */
export function defaultConfiguration(process: ProcessSlug = '3d-printing'): PartConfiguration {
  const found = findProcess(process, CATALOGUE);
  const material = found?.materials[0];
  if (!found || !material) throw new Error(`The catalogue has no material for ${process}`);
  return withMaterial({ process, materialId: material.id, colourId: null, quantity: 1, tier: 'standard', finishes: [] }, material);
}

/** Moves a configuration to another material, keeping what still applies. */
function withMaterial(config: PartConfiguration, material: Material): PartConfiguration {
  const colourKept = material.colours.some((c) => c.id === config.colourId) ? config.colourId : null;
  const onlyColour = material.colours.length === 1 ? (material.colours[0]?.id ?? null) : null;
  const toleranceKept = material.tolerances.some((t) => t.id === config.toleranceId) ? config.toleranceId : material.tolerances[0]?.id;
  const next: PartConfiguration = {
    process: material.process,
    materialId: material.id,
    colourId: colourKept ?? onlyColour,
    quantity: config.quantity,
    tier: material.leadDays[config.tier] !== undefined ? config.tier : 'standard',
    finishes: config.finishes.filter((f) => material.finishes.includes(f.kind)),
    ...(toleranceKept ? { toleranceId: toleranceKept } : {}),
    ...(material.hardnessShoreA ? { hardnessShoreA: config.hardnessShoreA ?? material.hardnessShoreA.common } : {}),
  };
  return next;
}

function update(context: ConfiguratorContext, change: (c: PartConfiguration) => PartConfiguration) {
  return { configuration: change(context.configuration) };
}

export const quoteConfiguratorMachine = setup({
  types: {
    input: {} as ConfiguratorInput,
    context: {} as ConfiguratorContext,
    events: {} as ConfiguratorEvent,
  },
  actors: {
    /** Saves the configuration; the server answers with its own quote (the price that counts). */
    saveConfiguration: fromPromise<QuoteResult, { configuration: PartConfiguration }>(async () => {
      throw new Error('saveConfiguration is not provided');
    }),
  },
  actions: {
    applyChange: assign(({ context, event }) => {
      switch (event.type) {
        case 'process.changed': {
          if (event.process === context.configuration.process) return {};
          const next = defaultConfiguration(event.process);
          return { configuration: { ...next, quantity: context.configuration.quantity } };
        }
        case 'material.changed': {
          const material = findMaterial(context.configuration.process, event.materialId, CATALOGUE);
          return material ? update(context, (c) => withMaterial(c, material)) : {};
        }
        case 'colour.changed':
          return update(context, (c) => ({ ...c, colourId: event.colourId }));
        case 'quantity.changed':
          return update(context, (c) => ({ ...c, quantity: event.quantity }));
        case 'tier.changed':
          return update(context, (c) => ({ ...c, tier: event.tier }));
        case 'tolerance.changed':
          return update(context, (c) => ({ ...c, toleranceId: event.toleranceId }));
        case 'hardness.changed':
          return update(context, (c) => ({ ...c, hardnessShoreA: event.shoreA }));
        case 'finish.set':
          return update(context, (c) => ({ ...c, finishes: [...c.finishes.filter((f) => f.kind !== event.finish.kind), event.finish] }));
        case 'finish.removed':
          return update(context, (c) => ({ ...c, finishes: c.finishes.filter((f) => f.kind !== event.kind) }));
        case 'metrics.changed':
          return { metrics: event.metrics, geometryFindings: event.geometryFindings ?? context.geometryFindings };
        default:
          return {};
      }
    }),
  },
  guards: {
    /** Nothing to save while the configuration cannot be priced (no colour, a broken rule). */
    isSavable: ({ context }) => selectQuote(context).validation.valid,
  },
  delays: { debounce: SAVE_DEBOUNCE_MS },
}).createMachine({
  id: 'quoteConfigurator',
  context: ({ input }) => ({
    metrics: input.metrics,
    geometryFindings: input.geometryFindings ?? [],
    configuration: input.configuration ?? defaultConfiguration(input.process),
    orderedAt: input.orderedAt,
    serverQuote: null,
    saveError: null,
  }),
  on: {
    'clock.ticked': { actions: assign({ orderedAt: ({ event }) => event.now }) },
  },
  initial: 'idle',
  states: {
    /** Nothing changed since the last save (or since the start). */
    idle: {
      on: {
        '*': { target: 'waiting', actions: 'applyChange', guard: ({ event }) => isChange(event) },
      },
    },
    /** A change was made: wait for the user to pause before saving. */
    waiting: {
      on: {
        '*': { target: 'waiting', reenter: true, actions: 'applyChange', guard: ({ event }) => isChange(event) },
      },
      after: {
        debounce: [{ guard: 'isSavable', target: 'saving' }, { target: 'idle' }],
      },
    },
    saving: {
      invoke: {
        src: 'saveConfiguration',
        input: ({ context }) => ({ configuration: context.configuration }),
        onDone: { target: 'idle', actions: assign({ serverQuote: ({ event }) => event.output, saveError: null }) },
        onError: {
          target: 'failed',
          // The screen words the failure (the catalogue's "Failed to fetch quotation data."); this keeps the cause.
          actions: assign({ saveError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
      on: {
        // A change while saving: the answer will be stale, so save again once the user pauses.
        '*': { target: 'waiting', actions: 'applyChange', guard: ({ event }) => isChange(event) },
      },
    },
    failed: {
      on: {
        'save.retry': { target: 'saving' },
        '*': { target: 'waiting', actions: 'applyChange', guard: ({ event }) => isChange(event) },
      },
    },
  },
});

function isChange(event: ConfiguratorEvent): boolean {
  return event.type !== 'clock.ticked' && event.type !== 'save.retry';
}

const cache = new WeakMap<PartConfiguration, { metrics: QuoteMetrics; orderedAt: number; findings: readonly Finding[]; result: QuoteResult }>();

/**
 * The live quote of the part: price, price breaks, lead time, ship date, validation, findings.
 * Derived from the context (memoised per configuration), so it is never stale and never stored.
 */
export function selectQuote(context: Pick<ConfiguratorContext, 'metrics' | 'configuration' | 'orderedAt' | 'geometryFindings'>): QuoteResult {
  const hit = cache.get(context.configuration);
  if (hit && hit.metrics === context.metrics && hit.orderedAt === context.orderedAt && hit.findings === context.geometryFindings) return hit.result;
  const result = quotePart(context.metrics, context.configuration, context.orderedAt, { geometryFindings: context.geometryFindings });
  cache.set(context.configuration, { metrics: context.metrics, orderedAt: context.orderedAt, findings: context.geometryFindings, result });
  return result;
}

/** Whether the server has priced exactly what is on screen, and agrees. */
export function serverAgrees(context: ConfiguratorContext): boolean {
  const server = context.serverQuote;
  if (!server) return false;
  const local = selectQuote(context);
  return server.totalCents === local.totalCents && server.shipDate === local.shipDate;
}
