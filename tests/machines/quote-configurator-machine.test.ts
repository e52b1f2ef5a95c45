import { describe, expect, test, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { QuoteMetrics, QuoteResult } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import {
  SAVE_DEBOUNCE_MS,
  quoteConfiguratorMachine,
  selectQuote,
  serverAgrees,
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

type Save = (args: { input: { configuration: PartConfiguration } }) => Promise<QuoteResult>;

function start(save: ReturnType<typeof vi.fn<Save>> = vi.fn<Save>(async () => ({}) as QuoteResult)) {
  const clock = new SimulatedClock();
  const actor = createActor(quoteConfiguratorMachine.provide({ actors: { saveConfiguration: fromPromise(save) } }), {
    input: { metrics: cube, orderedAt: MONDAY_9AM },
    clock,
  }).start();
  const quote = () => selectQuote(actor.getSnapshot().context);
  return { actor, clock, save, quote };
}

describe('the configuration', () => {
  test('starts on the process\'s first material with no colour: the colour must be chosen', () => {
    const { actor, quote } = start();
    expect(actor.getSnapshot().context.configuration).toMatchObject({ process: '3d-printing', colourId: null, quantity: 1 });
    expect(quote().validation.valid).toBe(false);
    expect(quote().orderable).toBe(false);
  });

  test('choosing a colour makes it priceable; the price and lead time are derived on every change', () => {
    const { actor, quote } = start();
    actor.send({ type: 'colour.changed', colourId: 'white' });
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

  test('a brass insert with too shallow a hole breaks the rule', () => {
    const { actor, quote } = start();
    actor.send({ type: 'process.changed', process: 'cnc' });
    actor.send({ type: 'material.changed', materialId: 'pom' });
    actor.send({ type: 'colour.changed', colourId: 'white' });
    actor.send({ type: 'finish.set', finish: { kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 6, holeDepthMm: 7 }] } });
    const messages = Object.values(quote().validation.errors).flat().join(' ');
    expect(messages).toMatch(/1\.5 mm/);
    actor.send({ type: 'finish.set', finish: { kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 6, holeDepthMm: 7.5 }] } });
    expect(quote().validation.valid).toBe(true);
  });

  test('changing the process starts from that process\'s defaults but keeps the quantity', () => {
    const { actor } = start();
    actor.send({ type: 'quantity.changed', quantity: 5 });
    actor.send({ type: 'process.changed', process: 'vacuum-casting' });
    const c = actor.getSnapshot().context.configuration;
    expect(c).toMatchObject({ process: 'vacuum-casting', quantity: 5 });
    expect(c.hardnessShoreA === undefined || c.hardnessShoreA === 70).toBe(true);
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
  test('waits for the user to pause, then saves once', async () => {
    const { actor, clock, save } = start();
    actor.send({ type: 'colour.changed', colourId: 'white' });
    actor.send({ type: 'quantity.changed', quantity: 2 });
    actor.send({ type: 'quantity.changed', quantity: 3 });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(SAVE_DEBOUNCE_MS - 1);
    expect(save).not.toHaveBeenCalled();
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(save).toHaveBeenCalledOnce();
    expect(save.mock.calls[0]![0].input.configuration).toMatchObject({ quantity: 3, colourId: 'white' });
  });

  test('an invalid configuration is not sent', () => {
    const { actor, clock, save } = start();
    actor.send({ type: 'quantity.changed', quantity: 4 }); // still no colour
    clock.increment(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(save).not.toHaveBeenCalled();
  });

  test('a failed save can be retried; a change also retries', async () => {
    const save = vi.fn<Save>().mockRejectedValueOnce(new Error('Failed to fetch quotation data.')).mockResolvedValue({} as QuoteResult);
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
    release({} as QuoteResult);
    clock.increment(SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(2);
  });

  test('serverAgrees compares the server\'s total and ship date with what is on screen', async () => {
    const save = vi.fn<Save>(async ({ input }) =>
      selectQuote({ metrics: cube, configuration: input.configuration, orderedAt: MONDAY_9AM, geometryFindings: [] }),
    );
    const { actor, clock } = start(save);
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
