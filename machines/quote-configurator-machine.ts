import { assign, fromPromise, setup } from 'xstate';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { findMaterial } from '#domain/catalogue/lookup';
import type { FinishKind, LeadTimeTier, ProcessSlug, ToleranceOption } from '#domain/catalogue/types';
import type { Finding } from '#domain/geometry/findings';
import { quotePart, type QuoteMetrics, type QuoteResult } from '#domain/pricing/quote-part';
import { defaultConfiguration, sameConfiguration, withMaterial, type FinishSelection, type PartConfiguration } from '#domain/rules/quote-configuration';

/**
 * One part's configuration (material, colour, quantity, tolerance, lead-time tier, finishes,
 * hardness; the process is the project's, ADR 100). Every change is an event; the price, lead
 * time and ship date are derived from the context with the domain's `quotePart` (`selectQuote`),
 * never stored twice. It opens priced with the process's defaults: the colour is asked for before
 * ordering, not before pricing, and its message shows only once ordering was attempted. The
 * configuration is saved to the server (whose price is the one that counts) as soon as the server
 * has the file, unless the server stored the file with it already (ADR 257), then after each change
 * settles. Pure: the save arrives as an injected actor.
 */

/** Where the configuration is saved: the server's copy of the file. */
export interface SaveTarget {
  projectId: string;
  fileId: string;
}

export interface ConfiguratorInput {
  metrics: QuoteMetrics;
  geometryFindings?: readonly Finding[];
  configuration?: PartConfiguration | null;
  process?: ProcessSlug;
  /** Epoch ms the lead time counts from (the app passes Date.now()). */
  orderedAt: number;
  /** Known once the server has the file; saving waits for it. */
  target?: SaveTarget | null;
  /** The server's quote of `configuration`, when it was saved before (a reopened project). */
  serverQuote?: QuoteResult | null;
}

export interface ConfiguratorContext {
  metrics: QuoteMetrics;
  geometryFindings: readonly Finding[];
  configuration: PartConfiguration;
  orderedAt: number;
  target: SaveTarget | null;
  /** The server's answer for the last saved configuration. */
  serverQuote: QuoteResult | null;
  saveError: string | null;
  /** Ordering was attempted: the rules that only matter for ordering (the colour) now show. */
  attempted: boolean;
}

export type ConfiguratorEvent =
  | { type: 'material.changed'; materialId: string }
  | { type: 'colour.changed'; colourId: string | null }
  | { type: 'quantity.changed'; quantity: number }
  | { type: 'tier.changed'; tier: LeadTimeTier }
  | { type: 'tolerance.changed'; toleranceId: ToleranceOption['id'] }
  | { type: 'hardness.changed'; shoreA: number }
  | { type: 'finish.set'; finish: FinishSelection }
  | { type: 'finish.removed'; kind: FinishKind }
  | { type: 'metrics.changed'; metrics: QuoteMetrics; geometryFindings?: readonly Finding[] }
  /** A whole configuration chosen elsewhere (a change made to several parts at once): saved like any change. */
  | { type: 'configuration.set'; configuration: PartConfiguration }
  /**
   * The server has the file (with its own analysis): save there from now on. `saved` is the
   * configuration the server stored with it and its quote (ADR 257): when it is the one on screen,
   * there is nothing to save.
   */
  | { type: 'server.ready'; target: SaveTarget; metrics: QuoteMetrics; geometryFindings: readonly Finding[]; saved?: { configuration: PartConfiguration; quote: QuoteResult } | null }
  /**
   * The server measured the file's walls and holes after its price (ADR 145): their findings and
   * metrics, with nothing to save (they never change the price).
   */
  | { type: 'server.checked'; metrics: QuoteMetrics; geometryFindings: readonly Finding[] }
  /** The server configured the part itself (the project's service changed): nothing to save. */
  | { type: 'configuration.replaced'; configuration: PartConfiguration; serverQuote: QuoteResult | null }
  | { type: 'order.attempted' }
  | { type: 'clock.ticked'; now: number }
  | { type: 'save.retry' };

/** How long the configuration must stay still before it is saved (a typed quantity, a dragged slider). */
export const SAVE_DEBOUNCE_MS = 400;

/** Fields whose rules are asked before ordering rather than shown at once. */
export const ORDER_ONLY_FIELDS: readonly string[] = ['colour'];

function update(context: ConfiguratorContext, change: (c: PartConfiguration) => PartConfiguration) {
  return { configuration: change(context.configuration) };
}

const CHANGES: ReadonlySet<ConfiguratorEvent['type']> = new Set([
  'material.changed',
  'colour.changed',
  'quantity.changed',
  'tier.changed',
  'tolerance.changed',
  'hardness.changed',
  'finish.set',
  'finish.removed',
  'metrics.changed',
  'configuration.set',
]);

export const quoteConfiguratorMachine = setup({
  types: {
    input: {} as ConfiguratorInput,
    context: {} as ConfiguratorContext,
    events: {} as ConfiguratorEvent,
  },
  actors: {
    /** Saves the configuration; the server answers with its own quote (the price that counts). */
    saveConfiguration: fromPromise<QuoteResult, { configuration: PartConfiguration; target: SaveTarget }>(async () => {
      throw new Error('saveConfiguration is not provided');
    }),
  },
  actions: {
    applyChange: assign(({ context, event }) => {
      switch (event.type) {
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
        case 'configuration.set':
          return event.configuration.process === context.configuration.process ? { configuration: event.configuration } : {};
        default:
          return {};
      }
    }),
    serverReady: assign(({ context, event }) => {
      if (event.type !== 'server.ready') return {};
      const ready = { target: event.target, metrics: event.metrics, geometryFindings: event.geometryFindings };
      return savedOnScreen(context, event) ? { ...ready, serverQuote: event.saved!.quote, saveError: null } : ready;
    }),
  },
  guards: {
    hasTarget: ({ context }) => context.target !== null,
    /** The server stored the file with the configuration on screen, priced: nothing to save. */
    savedOnScreen: ({ context, event }) => event.type === 'server.ready' && savedOnScreen(context, event),
    /** The server has the file but has not priced what is on screen yet. */
    needsSave: ({ context }) => context.target !== null && context.serverQuote === null,
  },
  delays: { debounce: SAVE_DEBOUNCE_MS },
}).createMachine({
  id: 'quoteConfigurator',
  context: ({ input }) => ({
    metrics: input.metrics,
    geometryFindings: input.geometryFindings ?? [],
    configuration: input.configuration ?? defaultConfiguration(input.process),
    orderedAt: input.orderedAt,
    target: input.target ?? null,
    serverQuote: input.serverQuote ?? null,
    saveError: null,
    attempted: false,
  }),
  on: {
    'clock.ticked': { actions: assign({ orderedAt: ({ event }) => event.now }) },
    'order.attempted': { actions: assign({ attempted: true }) },
    'server.checked': { actions: assign(({ event }) => ({ metrics: event.metrics, geometryFindings: event.geometryFindings })) },
  },
  initial: 'idle',
  states: {
    /** Nothing changed since the last save (or since the start). */
    idle: {
      // The first save goes at once: the confirmed price should not wait for a pause nobody made.
      always: { guard: 'needsSave', target: 'saving' },
      on: {
        '*': { target: 'waiting', actions: 'applyChange', guard: ({ event }) => CHANGES.has(event.type) },
        'server.ready': [{ guard: 'savedOnScreen', actions: 'serverReady' }, { target: 'saving', actions: 'serverReady' }],
        'configuration.replaced': { actions: assign(({ event }) => ({ configuration: event.configuration, serverQuote: event.serverQuote })) },
      },
    },
    /** A change was made: wait for the user to pause before saving. */
    waiting: {
      on: {
        '*': { target: 'waiting', reenter: true, actions: 'applyChange', guard: ({ event }) => CHANGES.has(event.type) },
        'server.ready': { actions: 'serverReady' },
        'configuration.replaced': { target: 'idle', actions: assign(({ event }) => ({ configuration: event.configuration, serverQuote: event.serverQuote })) },
      },
      after: {
        debounce: [{ guard: 'hasTarget', target: 'saving' }, { target: 'idle' }],
      },
    },
    saving: {
      invoke: {
        src: 'saveConfiguration',
        input: ({ context }) => ({ configuration: context.configuration, target: context.target! }),
        onDone: { target: 'idle', actions: assign({ serverQuote: ({ event }) => event.output, saveError: null }) },
        onError: {
          target: 'failed',
          // The screen words the failure (the catalogue's "Failed to fetch quotation data."); this keeps the cause.
          actions: assign({ saveError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
      on: {
        // A change while saving: the answer will be stale, so save again once the user pauses.
        '*': { target: 'waiting', actions: 'applyChange', guard: ({ event }) => CHANGES.has(event.type) },
        'configuration.replaced': { target: 'idle', actions: assign(({ event }) => ({ configuration: event.configuration, serverQuote: event.serverQuote })) },
      },
    },
    failed: {
      on: {
        'save.retry': { target: 'saving' },
        '*': { target: 'waiting', actions: 'applyChange', guard: ({ event }) => CHANGES.has(event.type) },
        'server.ready': [{ guard: 'savedOnScreen', target: 'idle', actions: 'serverReady' }, { target: 'saving', actions: 'serverReady' }],
        'configuration.replaced': { target: 'idle', actions: assign(({ event }) => ({ configuration: event.configuration, serverQuote: event.serverQuote, saveError: null })) },
      },
    },
  },
});

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

/** Whether the configuration the server stored with the file (ADR 257) is the one on screen. */
function savedOnScreen(context: Pick<ConfiguratorContext, 'configuration'>, event: Extract<ConfiguratorEvent, { type: 'server.ready' }>): boolean {
  return !!event.saved && sameConfiguration(event.saved.configuration, context.configuration);
}

/** Whether the server has priced exactly what is on screen, and agrees. */
export function serverAgrees(context: ConfiguratorContext): boolean {
  const server = context.serverQuote;
  if (!server) return false;
  const local = selectQuote(context);
  return server.totalCents === local.totalCents && server.shipDate === local.shipDate && server.blocking.length === local.blocking.length;
}

/**
 * The messages to show now, by field: every rule's at once, except the ones asked before ordering
 * (the colour), which wait until ordering was attempted.
 */
export function visibleErrors(context: Pick<ConfiguratorContext, 'attempted'>, quote: QuoteResult): Readonly<Record<string, readonly string[]>> {
  if (context.attempted) return quote.validation.errors;
  return Object.fromEntries(Object.entries(quote.validation.errors).filter(([field]) => !ORDER_ONLY_FIELDS.includes(field)));
}
