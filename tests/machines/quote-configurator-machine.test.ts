import { describe, expect, test, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { QuoteMetrics, QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import {
  SAVE_DEBOUNCE_MS,
  quoteConfiguratorMachine,
  selectQuote,
  serverAgrees,
  visibleErrors,
  type ConfiguratorInput,
  type SaveTarget,
} from '#machines/quote-configurator-machine';

/** A 20 mm cube, read in millimetres. */
const cube: QuoteMetrics = {
  volumeMm3: 8000,
  areaMm2: 2400,
  size: [20, 20, 20],
  watertight: true,
  units: { unit: 'mm', source: 'file', confidence: 1, reason: 'STEP' },
};
const MONDAY_9AM = Date.UTC(2026, 10, 23, 9, 0, 0);

type Save = (args: { input: { configuration: PartConfiguration; target: SaveTarget } }) => Promise<QuoteResult>;

const TARGET: SaveTarget = { projectId: 'p1', fileId: 'f1' };
const served = (configuration: PartConfiguration) => selectQuote({ metrics: cube, configuration, orderedAt: MONDAY_9AM, geometryFindings: [] });

function start(
  save: ReturnType<typeof vi.fn<Save>> = vi.fn<Save>(async ({ input }) => served(input.configuration)),
  input: Partial<ConfiguratorInput> = {},
) {
  const clock = new SimulatedClock();
  const actor = createActor(quoteConfiguratorMachine.provide({ actors: { saveConfiguration: fromPromise(save) } }), {
    input: { metrics: cube, orderedAt: MONDAY_9AM, target: TARGET, serverQuote: served(defaultConfiguration('3d-printing')), ...input },
    clock,
  }).start();
  const quote = () => selectQuote(actor.getSnapshot().context);
  return { actor, clock, save, quote };
}

describe('the configuration', () => {
  test('opens priced on the process\'s first material; the colour is asked for only once ordering is attempted', () => {
    const { actor, quote } = start();
    expect(actor.getSnapshot().context.configuration).toMatchObject({ process: '3d-printing', colourId: null, quantity: 1 });
    expect(quote().totalCents).toBeGreaterThan(0);
    expect(quote().orderable).toBe(false);
    expect(visibleErrors(actor.getSnapshot().context, quote()).colour).toBeUndefined();
    actor.send({ type: 'order.attempted' });
    expect(visibleErrors(actor.getSnapshot().context, quote()).colour).toEqual(['Please choose a colour']);
    actor.send({ type: 'colour.changed', colourId: 'white' });
    expect(visibleErrors(actor.getSnapshot().context, quote()).colour).toBeUndefined();
    expect(quote().orderable).toBe(true);
  });

  test('other rules show at once; the price and lead time are derived on every change', () => {
    const { actor, quote } = start();
    actor.send({ type: 'quantity.changed', quantity: 0 });
    expect(visibleErrors(actor.getSnapshot().context, quote()).quantity).toEqual(['Quantity must be a whole number of at least 1']);
    actor.send({ type: 'colour.changed', colourId: 'white' });
    actor.send({ type: 'quantity.changed', quantity: 1 });
    const one = quote();
    expect(one.validation.valid).toBe(true);
    expect(one.totalCents).toBeGreaterThan(0);
    actor.send({ type: 'quantity.changed', quantity: 10 });
    const ten = quote();
    expect(ten.totalCents).toBeGreaterThan(one.totalCents!);
    expect(ten.unitPriceCents).toBeLessThanOrEqual(one.unitPriceCents!);
  });

  test('painting with 2 colours adds 8 days to the lead time and moves the ship date', () => {
    const { actor, quote } = start();
    actor.send({ type: 'colour.changed', colourId: 'white' });
    const before = quote();
    actor.send({ type: 'finish.set', finish: { kind: 'painting', colours: ['red', 'blue'] } });
    const after = quote();
    expect(after.leadTime!.totalWorkingDays - before.leadTime!.totalWorkingDays).toBe(8);
    expect(after.shipDate! > before.shipDate!).toBe(true);
    actor.send({ type: 'finish.removed', kind: 'painting' });
    expect(quote().leadTime!.totalWorkingDays).toBe(before.leadTime!.totalWorkingDays);
  });

  test('a brass insert with too shallow a hole breaks the rule, on the hole depth', () => {
    const { actor, quote } = start(undefined, { process: 'cnc', serverQuote: null, target: null });
    actor.send({ type: 'material.changed', materialId: 'pom' });
    actor.send({ type: 'colour.changed', colourId: 'white' });
    actor.send({ type: 'finish.set', finish: { kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 6, holeDepthMm: 7 }] } });
    expect(quote().validation.errors['brassInsert.0.depth']?.[0]).toMatch(/1\.5 mm/);
    actor.send({ type: 'finish.set', finish: { kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 6, holeDepthMm: 7.5 }] } });
    expect(quote().validation.valid).toBe(true);
  });

  test('a configuration the server replaced (the project\'s service changed) is taken as it is, with the server\'s quote, and not saved again', () => {
    const { actor, save } = start();
    const cnc = { ...defaultConfiguration('cnc'), quantity: 5 };
    actor.send({ type: 'configuration.replaced', configuration: cnc, serverQuote: served(cnc) });
    expect(actor.getSnapshot().context.configuration).toBe(cnc);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(serverAgrees(actor.getSnapshot().context)).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  test('changing the material drops finishes the new material does not offer and keeps a colour it has', () => {
    const { actor } = start();
    actor.send({ type: 'colour.changed', colourId: 'white' });
    actor.send({ type: 'material.changed', materialId: 'fdm-pla' });
    expect(actor.getSnapshot().context.configuration.colourId).toBe('white');
    actor.send({ type: 'material.changed', materialId: 'sla-clear-resin' });
    // A material with one colour has it chosen.
    expect(actor.getSnapshot().context.configuration.colourId).not.toBeNull();
  });

  test('an unknown material is ignored', () => {
    const { actor } = start();
    const before = actor.getSnapshot().context.configuration;
    actor.send({ type: 'material.changed', materialId: 'unobtainium' });
    expect(actor.getSnapshot().context.configuration).toBe(before);
  });

  test('the derived quote is memoised per configuration (no work twice for the same snapshot)', () => {
    const { actor } = start();
    const context = actor.getSnapshot().context;
    expect(selectQuote(context)).toBe(selectQuote(context));
  });
});

describe('saving to the server', () => {
  test('saves at once when the server has the file and no price for it yet, then after each pause', async () => {
    const { actor, clock, save } = start(undefined, { serverQuote: null });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(save).toHaveBeenCalledOnce();
    expect(save.mock.calls[0]![0].input).toMatchObject({ target: TARGET, configuration: { colourId: null } });
    expect(serverAgrees(actor.getSnapshot().context)).toBe(true);

    actor.send({ type: 'colour.changed', colourId: 'white' });
    actor.send({ type: 'quantity.changed', quantity: 2 });
    actor.send({ type: 'quantity.changed', quantity: 3 });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(SAVE_DEBOUNCE_MS - 1);
    expect(save).toHaveBeenCalledOnce();
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0].input.configuration).toMatchObject({ quantity: 3, colourId: 'white' });
  });

  test('a whole configuration set from elsewhere (a change to several parts) is saved after the pause like any change; one for another service is ignored', async () => {
    const { actor, clock, save } = start();
    const express = { ...defaultConfiguration('3d-printing'), tier: 'express' as const, quantity: 7 };
    actor.send({ type: 'configuration.set', configuration: express });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.configuration).toEqual(express);
    clock.increment(SAVE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(save.mock.calls.at(-1)![0].input.configuration).toEqual(express);
    actor.send({ type: 'configuration.set', configuration: defaultConfiguration('cnc') });
    expect(actor.getSnapshot().context.configuration).toEqual(express);
  });

  test('before the server has the file nothing is sent; once it has, the part is saved at once with the server\'s measurements', async () => {
    const { actor, clock, save } = start(undefined, { target: null, serverQuote: null });
    actor.send({ type: 'quantity.changed', quantity: 4 });
    clock.increment(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(save).not.toHaveBeenCalled();
    const server = { ...cube, volumeMm3: 8001 };
    actor.send({ type: 'server.ready', target: TARGET, metrics: server, geometryFindings: [] });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.metrics).toBe(server);
    await vi.waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0].input.configuration.quantity).toBe(4);
  });

  test('the server stored the file with the configuration on screen, priced (ADR 257): confirmed without a save; one the visitor changed meanwhile is saved', async () => {
    const { actor, save } = start(undefined, { target: null, serverQuote: null });
    const server = { ...cube, volumeMm3: 8001 };
    // The server's JSON, keys in another order: the same configuration.
    const stored = Object.fromEntries(Object.entries(defaultConfiguration('3d-printing')).reverse()) as PartConfiguration;
    const quote = selectQuote({ metrics: server, configuration: stored, orderedAt: MONDAY_9AM, geometryFindings: [] });
    actor.send({ type: 'server.ready', target: TARGET, metrics: server, geometryFindings: [], saved: { configuration: stored, quote } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ target: TARGET, metrics: server, serverQuote: quote });
    expect(serverAgrees(actor.getSnapshot().context)).toBe(true);
    expect(save).not.toHaveBeenCalled();

    const changed = start(undefined, { target: null, serverQuote: null });
    changed.actor.send({ type: 'quantity.changed', quantity: 4 });
    changed.clock.increment(SAVE_DEBOUNCE_MS);
    changed.actor.send({ type: 'server.ready', target: TARGET, metrics: server, geometryFindings: [], saved: { configuration: stored, quote } });
    expect(changed.actor.getSnapshot().value).toBe('saving');
    expect(changed.actor.getSnapshot().context.serverQuote).toBeNull();
    await vi.waitFor(() => expect(changed.save).toHaveBeenCalledOnce());
    expect(changed.save.mock.calls[0]![0].input.configuration.quantity).toBe(4);
  });

  test('a failed save can be retried; a change also retries', async () => {
    const save = vi.fn<Save>().mockRejectedValueOnce(new Error('Failed to fetch quotation data.')).mockImplementation(async ({ input }) => served(input.configuration));
    const { actor, clock } = start(save);
    actor.send({ type: 'colour.changed', colourId: 'white' });
    clock.increment(SAVE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.saveError).toBe('Failed to fetch quotation data.');
    actor.send({ type: 'save.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(actor.getSnapshot().context.saveError).toBeNull();
  });

  test('a change while saving saves again after the pause', async () => {
    let release: (v: QuoteResult) => void = () => {};
    const save = vi.fn<Save>(() => new Promise<QuoteResult>((r) => (release = r)));
    const { actor, clock } = start(save);
    actor.send({ type: 'colour.changed', colourId: 'white' });
    clock.increment(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'quantity.changed', quantity: 7 });
    expect(actor.getSnapshot().value).toBe('waiting');
    release(served(actor.getSnapshot().context.configuration));
    clock.increment(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(2);
  });

  test('serverAgrees compares the server\'s total and ship date with what is on screen', async () => {
    const { actor, clock } = start();
    actor.send({ type: 'colour.changed', colourId: 'white' });
    clock.increment(SAVE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(serverAgrees(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'quantity.changed', quantity: 50 });
    expect(serverAgrees(actor.getSnapshot().context)).toBe(false);
  });
});

test('the clock moves the ship date without counting as a change to save', () => {
  const { actor, quote } = start();
  actor.send({ type: 'colour.changed', colourId: 'white' });
  const monday = quote().shipDate;
  actor.send({ type: 'clock.ticked', now: MONDAY_9AM + 7 * 24 * 3600 * 1000 });
  expect(quote().shipDate! > monday!).toBe(true);
});
