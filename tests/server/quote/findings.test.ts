import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreateOrderResponse, Order } from '#domain/api/order';
import type { Cart, PartQuote, QuoteDocumentCreated, QuoteFile } from '#domain/api/quote';
import { corpusFile } from '../../domain/support/fixtures';
import { binaryStl, concat, cup, subdividedCube, translated } from '../../domain/support/solids';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { PRINT_CONFIG } from './quote-test-app.ts';
import { pdfText } from './pdf-text.ts';

let t: OrderTestApp;
let c: Customer;
let file: QuoteFile;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  // A cup with 0.6 mm side walls: printable in standard resin (0.5 mm), with a thin-wall warning.
  const upload = await t.upload(c.projectId, c.token, binaryStl(cup(20, 30, 0.6, 2, 64)), 'thin-cup.stl');
  expect(upload.status).toBe(201);
  file = upload.body;
  const configured = await t.ms<PartQuote>(`project/${c.projectId}/files/${file.id}/configuration`, { method: 'PUT', token: c.token, body: PRINT_CONFIG });
  expect(configured.status).toBe(200);
});
afterAll(() => t.close());

describe(`a STEP model's walls (ADR 277, ${db})`, () => {
  test('a CATIA shell modelled 1 mm thick is no thin wall for a 1 mm material: the server keeps its chord tolerance and says why', async () => {
    const upload = await t.upload(c.projectId, c.token, corpusFile('step/caxif-FOOT_BACK_000.stp'), 'FOOT_BACK_000.stp');
    expect(upload.status).toBe(201);
    const step = upload.body;
    const manufacturing = step.metrics!.manufacturing!;
    expect(manufacturing.minWallMm).toBeLessThan(1);
    expect(manufacturing.chordToleranceMm).toBeGreaterThan(0.004);
    expect(step.findings.map((f) => f.code)).not.toContain('thin-wall');
    const pla = await t.ms<PartQuote>(`project/${c.projectId}/files/${step.id}/configuration`, { method: 'PUT', token: c.token, body: { ...PRINT_CONFIG, materialId: 'fdm-pla' } });
    expect(pla.status).toBe(200);
    expect(pla.body.result.findings.map((f) => f.code)).not.toContain('thin-wall');
    expect(pla.body.result.findings.find((f) => f.code === 'wall-thickness-summary')?.message).toMatch(/which meets the 1 mm PLA \(FDM\) needs: the facets it was measured on stand up to 0\.006\d* mm off the model's curved faces\.$/);
  });
});

describe(`an assembly's walls (ADR 279, ${db})`, () => {
  test('two blocks whose mates overlap by a rounding are not walls of 0.001 mm: each is measured through the other', async () => {
    const assembly = concat(subdividedCube(10, 2), translated(subdividedCube(10, 2), [9.999, 0, 0]));
    const upload = await t.upload(c.projectId, c.token, binaryStl(assembly), 'two-blocks.stl');
    expect(upload.status).toBe(201);
    expect(upload.body.metrics?.bodyCount).toBe(2);
    expect(upload.body.metrics?.manufacturing?.minWallMm).toBeCloseTo(10, 2);
    expect(upload.body.findings.map((f) => f.code)).not.toContain('thin-wall');
  });
});

describe(`findings travel with the part (${db})`, () => {
  test('the server measures walls and supports: the thin wall is a located warning, the support volume is in the metrics', () => {
    const thin = file.findings.find((f) => f.code === 'thin-wall');
    expect(thin?.severity).toBe('warning');
    expect(thin?.triangles.length).toBeGreaterThan(0);
    expect(file.metrics?.manufacturing?.minWallMm).toBeCloseTo(0.6, 1);
    expect(file.metrics?.manufacturing?.supportVolumeMm3).toBeGreaterThanOrEqual(0);
    expect(file.orderable).toBe(true);
  });

  test('the quote document and its PDF name the finding and what to do', async () => {
    const created = await t.ms<QuoteDocumentCreated>(`project/${c.projectId}/quote-document`, { token: c.token, body: { fileIds: [file.id] } });
    expect(created.status).toBe(201);
    const line = created.body.lines[0]!;
    const note = line.findings.find((f) => f.code === 'thin-wall');
    expect(note).toMatchObject({ severity: 'warning', message: expect.stringMatching(/Walls are as thin as 0\.6 mm/), fixHint: expect.stringMatching(/Thicken/) });
    const pdf = await t.fetch(`/msapi/manufacture/quote-document/${created.body.token}.pdf`);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\n/g, ' ');
    expect(text).toContain('Check:');
    expect(text).toMatch(/Walls are as thin as 0\.6 mm/);
  });

  test('the order line keeps the findings the customer saw, and the order detail shows them', async () => {
    const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: file.id, configuration: PRINT_CONFIG }] } });
    expect(cart.status).toBe(201);
    const res = await t.call<CreateOrderResponse>('checkout/order', {
      token: c.token,
      body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    });
    expect(res.status).toBe(201);
    const detail = (await t.call<Order>(`order/${res.body.order.id}`, { token: c.token })).body;
    const cupLine = detail.products.find((p) => p.model.fileId === file.id)!;
    expect(cupLine.findings.map((f) => f.code)).toContain('thin-wall');
    // A printing order: hole findings would not concern it; the cube's line has nothing to say.
    expect(cupLine.findings.every((f) => f.code !== 'deep-hole' && f.code !== 'small-hole')).toBe(true);
    // Another account cannot read the order (nor its findings).
    const other = await t.customer();
    expect((await t.call(`order/${res.body.order.id}`, { token: other.token })).status).toBe(404);
  });
});
