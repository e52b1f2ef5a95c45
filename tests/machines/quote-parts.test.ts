import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { QuoteFile } from '#domain/api/quote';
import { defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import { quoteConfiguratorMachine, selectQuote } from '#machines/quote-configurator-machine';
import { distinctNames, partName, partRow, quoteTotals, type PartRow } from '#machines/quote-parts';
import { boxMetrics, cubeMetrics, storedQuoteFile } from '../../stories/support/quote-fixtures.ts';

const NOW = Date.UTC(2026, 10, 23, 1, 0, 0);

/** A configurator of a cube of `side` mm, saved to the server, in `configuration`. */
function configurator(configuration: Partial<PartConfiguration> = {}, metrics = cubeMetrics(20)) {
  const full = { ...defaultConfiguration('3d-printing'), ...configuration };
  const served = selectQuote({ metrics, configuration: full, orderedAt: NOW, geometryFindings: [] });
  return createActor(quoteConfiguratorMachine.provide({ actors: { saveConfiguration: fromPromise(async () => served) } }), {
    input: { metrics, configuration: full, orderedAt: NOW, target: { projectId: 'p', fileId: 'f' }, serverQuote: served },
  }).start();
}

const file = (fields: Partial<QuoteFile> = {}) => storedQuoteFile({ id: 'f', name: 'bracket.stl', ...fields });
const part = (serverFile: QuoteFile | null = file(), fileName = 'bracket.stl') => ({ id: 'part-1', fileName, serverFile });

describe('a part’s row', () => {
  test('priced: quantity, unit price, line total, lead time and ship date from the configurator; orderable once a colour is chosen', () => {
    const row = partRow(part(), { configurator: configurator({ quantity: 4 }).getSnapshot() });
    expect(row).toMatchObject({ status: 'priced', quantity: 4, needsColour: true, orderable: false });
    expect(row.totalCents).toBe(row.unitPriceCents! * 4);
    expect(row.leadDays).toBeGreaterThan(0);
    expect(row.shipDate).toMatch(/^2026-\d\d-\d\d$/);
    expect(partRow(part(), { configurator: configurator({ colourId: 'white' }).getSnapshot() })).toMatchObject({ status: 'priced', needsColour: false, orderable: true });
  });

  test('no price: a part that cannot be made says its first blocking problem', () => {
    const row = partRow(part(file({ metrics: boxMetrics([3000, 3000, 3000]) })), { configurator: configurator({}, boxMetrics([3000, 3000, 3000])).getSnapshot() });
    expect(row.status).toBe('no-price');
    expect(row.noPriceReason).toMatch(/larger|too large|does not fit/i);
    expect(row.totalCents).toBeNull();
  });

  test('needs attention: a rule broken (besides the colour), units to confirm, a failed upload or analysis', () => {
    expect(partRow(part(), { configurator: configurator({ quantity: 0 }).getSnapshot() })).toMatchObject({ status: 'attention', attention: { kind: 'invalid' } });
    const guessed = cubeMetrics(20);
    const units = createActor(quoteConfiguratorMachine, {
      input: {
        metrics: guessed,
        geometryFindings: [{ code: 'units-uncertain', severity: 'warning', message: 'Units guessed', fixHint: 'Confirm them', triangles: [], count: 1 }],
        orderedAt: NOW,
      },
    }).start();
    expect(partRow(part(), { configurator: units.getSnapshot() })).toMatchObject({ status: 'attention', attention: { kind: 'units' } });
    expect(partRow(part(null), { upload: { value: 'failed', context: { progress: null, importProgress: null, error: 'Too big' } } })).toMatchObject({
      status: 'attention',
      attention: { kind: 'upload-failed', message: 'Too big' },
    });
    expect(partRow(part(file({ analysis: 'failed', analysisError: 'The reader stopped', metrics: null })), {})).toMatchObject({
      status: 'attention',
      attention: { kind: 'analysis-failed', message: 'The reader stopped' },
    });
  });

  test('reading while the browser reads or sends the file (with the fraction), analysing while the server measures it', () => {
    const sending = { value: { active: { geometry: 'done', transfer: 'uploading' } }, context: { progress: 0.4, importProgress: null, error: null } };
    expect(partRow(part(null), { upload: sending })).toMatchObject({ status: 'reading', progress: { phase: 'uploading', fraction: 0.4 } });
    expect(partRow(part(file({ analysis: 'analysing', metrics: null })), {})).toMatchObject({ status: 'analysing', progress: null });
    // The browser's first price shows while the server still measures; the part is not counted priced yet.
    const row = partRow(part(file({ analysis: 'analysing' })), { configurator: configurator().getSnapshot() });
    expect(row.status).toBe('analysing');
    expect(row.totalCents).toBeGreaterThan(0);
  });

  test('an assembly’s part shows its own name in full, with its assembly; an upload whose name has a dash is not taken for one', () => {
    expect(partName('as1-oc-214.stp – as1 / rod', 'gone-file')).toEqual({ name: 'as1 / rod', assembly: 'as1-oc-214.stp' });
    expect(partName('as1-oc-214.stp – as1 / rod', null)).toEqual({ name: 'as1-oc-214.stp – as1 / rod', assembly: null });
    expect(partRow(part(file({ splitFrom: 'gone' }), 'as1-oc-214.stp – as1 / rod-end'), {})).toMatchObject({ name: 'as1 / rod-end', assembly: 'as1-oc-214.stp' });
  });
});

describe('a part in manual review (ADR 163)', () => {
  const configuration = { ...defaultConfiguration('3d-printing'), colourId: 'white', quantity: 2 };
  const review = (fields: Partial<NonNullable<QuoteFile['review']>>): QuoteFile['review'] => ({
    id: 'r1',
    fileId: 'f',
    status: 'pending',
    note: 'Titanium',
    configuration,
    reasons: [],
    attachments: [],
    requestedAt: '2026-11-20T00:00:00.000Z',
    answer: null,
    refusal: null,
    ...fields,
  });
  const answer = (expiresAt: string) => ({ unitPriceCents: 4_850, totalCents: 9_700, leadTimeDays: 12, message: null, answeredAt: '2026-11-21T00:00:00.000Z', expiresAt, expired: false });

  test('pending: in review; refused: no price, with the reason', () => {
    expect(partRow(part(file({ review: review({}) })), { configurator: configurator(configuration).getSnapshot() })).toMatchObject({ status: 'in-review', quantity: 2, review: { state: 'pending' } });
    const refused = partRow(part(file({ review: review({ status: 'refused', refusal: { reason: 'Too thin', answeredAt: '2026-11-21T00:00:00.000Z' } }) })), {});
    expect(refused).toMatchObject({ status: 'no-price', noPriceReason: 'Too thin', review: { state: 'refused', reason: 'Too thin' } });
  });

  test('answered: priced at the reviewed price while it holds and the options are the reviewed ones; otherwise as any part', () => {
    const held = partRow(part(file({ review: review({ status: 'answered', answer: answer('2026-12-20T00:00:00.000Z') }) })), { configurator: configurator(configuration).getSnapshot() });
    expect(held).toMatchObject({ status: 'priced', orderable: true, unitPriceCents: 4_850, totalCents: 9_700, leadDays: 12, review: { state: 'held' } });
    expect(held.shipDate).toMatch(/^2026-12-\d\d$/);
    const changed = partRow(part(file({ review: review({ status: 'answered', answer: answer('2026-12-20T00:00:00.000Z') }) })), { configurator: configurator({ ...configuration, quantity: 5 }).getSnapshot() });
    expect(changed).toMatchObject({ status: 'priced', quantity: 5, review: { state: 'changed' } });
    expect(changed.unitPriceCents).not.toBe(4_850);
    const expired = partRow(part(file({ review: review({ status: 'answered', answer: answer('2026-11-22T00:00:00.000Z') }) })), { configurator: configurator(configuration).getSnapshot() });
    expect(expired.review).toMatchObject({ state: 'expired' });
  });
});

describe('the rows together', () => {
  const base = (fields: Partial<PartRow> & Pick<PartRow, 'id' | 'name' | 'status'>): PartRow => ({
    assembly: null,
    perAssembly: null,
    attention: null,
    noPriceReason: null,
    progress: null,
    quantity: null,
    unitPriceCents: null,
    totalCents: null,
    leadDays: null,
    shipDate: null,
    needsColour: false,
    orderable: false,
    fileId: null,
    review: null,
    ...fields,
  });

  test('two rows of the same name are numbered in their order; names of different assemblies stay as they are', () => {
    const rows = distinctNames([
      base({ id: 'a', name: 'Body 1', assembly: 'x.stp', status: 'priced' }),
      base({ id: 'b', name: 'Body 1', assembly: 'y.stp', status: 'priced' }),
      base({ id: 'c', name: 'cube.stl', status: 'priced' }),
      base({ id: 'd', name: 'cube.stl', status: 'reading' }),
    ]);
    expect(rows.map((r) => r.name)).toEqual(['Body 1', 'Body 1', 'cube.stl (1)', 'cube.stl (2)']);
  });

  test('the quote’s total: priced parts only, the latest of their ship dates, and how many are left out', () => {
    const totals = quoteTotals([
      base({ id: 'a', name: 'a', status: 'priced', totalCents: 1_000, shipDate: '2026-12-01' }),
      base({ id: 'b', name: 'b', status: 'priced', totalCents: 2_500, shipDate: '2026-12-04' }),
      base({ id: 'c', name: 'c', status: 'analysing', totalCents: 9_999, shipDate: '2026-12-30' }),
      base({ id: 'd', name: 'd', status: 'no-price' }),
    ]);
    expect(totals).toEqual({ totalCents: 3_500, pricedCount: 2, unpricedCount: 2, latestShipDate: '2026-12-04' });
    expect(quoteTotals([])).toEqual({ totalCents: 0, pricedCount: 0, unpricedCount: 0, latestShipDate: null });
  });
});
