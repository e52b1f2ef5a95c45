import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Cart, PartQuote, QuoteFile } from '#domain/api/quote';
import { EXW_NOTE, quotePart } from '#domain/pricing/quote-part';
import { CUBE_STL, PRINT_CONFIG, WORKING_MORNING, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';
import { removeExpiredQuoteFiles } from '#server/quote/retention';

let t: QuoteTestApp;

beforeAll(async () => {
  t = await createQuoteTestApp();
});
afterAll(() => t.close());

async function configuredFile(token: string, config = PRINT_CONFIG) {
  const project = await t.project(token, 'Cart project');
  const file = (await t.upload(project.id, token, await readFixture(CUBE_STL), 'cube.stl')).body as QuoteFile;
  const quote = (await t.ms<PartQuote>(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token, body: config })).body;
  return { project, file, quote };
}

describe(`cart: priced lines the checkout will order (${db})`, () => {
  test('add with the saved or a given configuration; each line holds the server’s price, lead time and ship date', async () => {
    const u = await t.registerUser();
    const { project, file, quote } = await configuredFile(u.token);
    const added = await t.ms<Cart>('cart/items', { token: u.token, body: { items: [{ fileId: file.id }, { fileId: file.id, configuration: { ...PRINT_CONFIG, quantity: 50 } }] } });
    expect(added.status).toBe(201);
    expect(added.body.lines).toHaveLength(2);
    const [saved, fifty] = added.body.lines;
    expect(saved).toMatchObject({
      fileId: file.id,
      fileName: 'cube.stl',
      projectId: project.id,
      projectName: 'Cart project',
      quantity: 5,
      unitPriceCents: quote.result.unitPriceCents,
      totalCents: quote.result.totalCents,
      currency: 'USD',
      leadTimeDays: quote.result.leadTime?.totalWorkingDays,
      shipDate: quote.result.shipDate,
      problem: null,
      problemMessage: null,
    });
    const expected50 = quotePart(file.metrics!, { ...PRINT_CONFIG, quantity: 50 }, fifty!.pricedAt, { geometryFindings: file.findings });
    expect(fifty).toMatchObject({ quantity: 50, unitPriceCents: expected50.unitPriceCents, totalCents: expected50.totalCents });
    expect(fifty!.unitPriceCents).toBeLessThanOrEqual(saved!.unitPriceCents);
    expect(added.body.totalCents).toBe(saved!.totalCents + fifty!.totalCents);
    expect(added.body.exwNote).toBe(EXW_NOTE);

    // The same part with the same configuration is not added twice.
    const again = await t.ms<Cart>('cart/items', { token: u.token, body: { items: [{ fileId: file.id }] } });
    expect(again.body.lines).toHaveLength(2);
    expect((await t.ms<Cart>('cart', { token: u.token })).body).toEqual(again.body);
    expect((await t.ms(`cart/items/${saved!.id}`, { token: u.token })).body).toMatchObject({ id: saved!.id, quantity: 5 });

    const removed = await t.ms<Cart>(`cart/items/${saved!.id}`, { method: 'DELETE', token: u.token });
    expect(removed.body.lines.map((l) => l.id)).toEqual([fifty!.id]);
    expect((await t.ms(`cart/items/${saved!.id}`, { method: 'DELETE', token: u.token })).status).toBe(404);
  });

  test('must be orderable: nothing is added when one part is not (422 naming it)', async () => {
    const u = await t.registerUser();
    const good = await configuredFile(u.token);
    const bad = await configuredFile(u.token, { ...PRINT_CONFIG, colourId: null });
    const res = await t.ms<{ message: string; errors: Record<string, string[]> }>('cart/items', { token: u.token, body: { items: [{ fileId: good.file.id }, { fileId: bad.file.id }] } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('"cube.stl" cannot be ordered as configured: Please choose a colour');
    expect(res.body.errors['items.1.colour']).toEqual(['Please choose a colour']);
    expect((await t.ms<Cart>('cart', { token: u.token })).body.lines).toEqual([]);

    const project = await t.project(u.token);
    // Never configured: stored in its service's defaults (ADR 257), which ask for a colour.
    const unconfigured = (await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'raw.stl')).body as QuoteFile;
    const defaults = await t.ms<{ message: string }>('cart/items', { token: u.token, body: { items: [{ fileId: unconfigured.id }] } });
    expect(defaults.body.message).toBe('"raw.stl" cannot be ordered as configured: Please choose a colour');
    // With no configuration at all (a file the job queue has not analysed yet, ADR 115).
    await t.ctx.db.updateTable('quote_file').set({ configuration: null, quote: null, priced_at: null }).where('id', '=', unconfigured.id).execute();
    const noConfig = await t.ms<{ message: string }>('cart/items', { token: u.token, body: { items: [{ fileId: unconfigured.id }] } });
    expect(noConfig.body.message).toBe('Choose the options of "raw.stl" before adding it to the cart.');
    expect((await t.ms('cart/items', { token: u.token, body: { items: [] } })).status).toBe(422);
    expect((await t.ms('cart/items', { token: u.token, body: { items: [{ fileId: good.file.id, configuration: { process: 'cnc' } }] } })).status).toBe(422);
  });

  test('a line older than a day is priced again when the cart is read; a removed file is flagged', async () => {
    const clocked = await createQuoteTestApp();
    try {
      clocked.clock.set(WORKING_MORNING);
      const u = await clocked.registerUser();
      const project = await clocked.project(u.token);
      const file = (await clocked.upload(project.id, u.token, await readFixture(CUBE_STL), 'cube.stl')).body as QuoteFile;
      await clocked.ms(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG });
      const first = (await clocked.ms<Cart>('cart/items', { token: u.token, body: { items: [{ fileId: file.id }] } })).body.lines[0]!;
      clocked.clock.advance(23 * 3600);
      expect((await clocked.ms<Cart>('cart', { token: u.token })).body.lines[0]?.pricedAt).toBe(first.pricedAt);
      clocked.clock.advance(2 * 24 * 3600);
      const later = (await clocked.ms<Cart>('cart', { token: u.token })).body.lines[0]!;
      expect(later.pricedAt > first.pricedAt).toBe(true);
      expect(later.shipDate > first.shipDate).toBe(true);
      const expected = quotePart(file.metrics!, PRINT_CONFIG, later.pricedAt, { geometryFindings: file.findings });
      expect(later).toMatchObject({ unitPriceCents: expected.unitPriceCents, shipDate: expected.shipDate, problem: null });

      // Three months on, the file's bytes are gone: the line says so and no longer counts.
      const login = await clocked.call<{ accessToken: string }>('account/login', { body: { email: u.email, password: u.password } });
      clocked.clock.advance(92 * 24 * 3600);
      await removeExpiredQuoteFiles({ db: clocked.database.db, files: clocked.ctx.quote.files }, clocked.clock());
      const fresh = await clocked.call<{ accessToken: string }>('account/login', { body: { email: u.email, password: u.password } });
      expect(login.status).toBe(200);
      const cart = (await clocked.ms<Cart>('cart', { token: fresh.body.accessToken })).body;
      expect(cart.lines[0]).toMatchObject({ problem: 'file-removed', problemMessage: expect.stringMatching(/removed after being kept for 3 months/) });
      expect(cart.totalCents).toBe(0);
    } finally {
      await clocked.close();
    }
  });
});
