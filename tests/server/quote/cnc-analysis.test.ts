/**
 * The machining analysis through the server (issue 36, ADRs 176–178): an uploaded CNC part's set-ups,
 * pockets and undercuts, its price from them, a part sent to an engineer's review, and the findings
 * with the maps' summaries in the quote document, its PDF, the shared quote and the order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreateOrderResponse, Order } from '#domain/api/order';
import type { Cart, PartQuote, QuoteDocumentCreated, QuoteFile } from '#domain/api/quote';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { cncParts } from '../../domain/support/cnc-parts';
import { binaryStl } from '../../domain/support/solids';
import { createOrderTestApp, db, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { pdfText } from './pdf-text.ts';

const CNC: PartConfiguration = { process: 'cnc', materialId: 'aluminium-6061', colourId: 'raw-metal', quantity: 2, tier: 'standard', finishes: [] };

let t: OrderTestApp;
let c: Customer;
let projectId: string;
let pockets: QuoteFile;
let tSlot: QuoteFile;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  projectId = (await t.project(c.token, 'Machined', 'cnc')).id;
  const parts = await cncParts();
  const part = (name: string) => parts.find((p) => p.name === name)!;
  const up = async (name: string) => {
    const res = await t.upload(projectId, c.token, binaryStl(part(name).positions), `${name}.stl`);
    expect(res.status).toBe(201);
    return res.body;
  };
  pockets = await up('three-sides');
  tSlot = await up('t-slot');
}, 120_000);
afterAll(() => t.close());

const configure = (file: QuoteFile) => t.ms<PartQuote>(`project/${projectId}/files/${file.id}/configuration`, { method: 'PUT', token: c.token, body: CNC });

describe(`a machined part through the quote (${db})`, () => {
  test('the upload answers its set-ups, pockets and undercuts, with located findings', () => {
    const machining = pockets.metrics?.manufacturing?.machining;
    expect(machining?.setups).toEqual(['top', 'bottom', 'front']);
    expect(machining?.recesses.map((r) => [r.kind, r.depthMm, r.widthMm])).toEqual([
      ['pocket', 8, 16],
      ['pocket', 8, 16],
      ['pocket', 8, 16],
    ]);
    expect(pockets.findings.filter((f) => f.code === 'pocket').every((f) => f.triangles.length > 0)).toBe(true);
    expect(tSlot.findings.find((f) => f.code === 'undercut')?.message).toMatch(/^Undercut: 2[56]\d\d mm² that no cutter reaches from any direction/);
  });

  test('the server prices the set-ups and, the units confirmed, says the price is final', async () => {
    const units = await t.ms<QuoteFile>(`project/${projectId}/files/${pockets.id}/units`, { method: 'PUT', token: c.token, body: { unit: 'mm' } });
    expect(units.status).toBe(200);
    const res = await configure(pockets);
    expect(res.status).toBe(200);
    const result = res.body.result;
    expect(result.price?.items.find((i) => i.id === 'extra-setups')?.explanation).toMatch(/^3 set-ups: top, bottom and front\./);
    expect(result.certainty.final).toBe(true);
    expect(result.certainty.notes).toContain('Machining: every feature was recognised (3 set-ups, 3 pockets and slots) and none needs an engineer, so this price is final.');
    expect(result.needsReview).toBeNull();
  });

  test('a T-slot has no instant price: it needs an engineer’s review, and says why', async () => {
    const res = await configure(tSlot);
    expect(res.status).toBe(200);
    expect(res.body.result.price).toBeNull();
    expect(res.body.result.needsReview?.reason).toMatch(/mm² of undercut that no cutter reaches, straight or tilted on our 5-axis machine/);
    expect(res.body.result.blocking.map((f) => f.code)).toEqual(['needs-review']);
    const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: tSlot.id, configuration: CNC }] } });
    expect(cart.status).toBe(422);
  });

  test('the quote document, its PDF and the shared quote carry the findings and the maps in words', async () => {
    const created = await t.ms<QuoteDocumentCreated>(`project/${projectId}/quote-document`, { token: c.token, body: { fileIds: [pockets.id] } });
    expect(created.status).toBe(201);
    const codes = created.body.lines[0]!.findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['pocket', 'tool-access-summary', 'wall-thickness-summary']));
    const pdf = await t.fetch(`/msapi/manufacture/quote-document/${created.body.token}.pdf`);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Tool access: 3 set-ups: top, bottom and front; 3 pockets and slots; no undercut.');
    expect(text).toMatch(/Pocket 1 of 3, from the (top|bottom|front): 8 mm deep, 16 mm wide/);
    const shared = await t.ms<QuoteDocumentCreated>(`quote-document/${created.body.token}`, { method: 'GET' });
    expect(shared.status).toBe(200);
    expect(shared.body.lines[0]!.findings.find((f) => f.code === 'tool-access-summary')?.message).toBe('Tool access: 3 set-ups: top, bottom and front; 3 pockets and slots; no undercut.');
  });

  test('the order keeps them, and only its owner reads them', async () => {
    const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: pockets.id, configuration: CNC }] } });
    expect(cart.status).toBe(201);
    const res = await t.call<CreateOrderResponse>('checkout/order', {
      token: c.token,
      body: { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    });
    expect(res.status).toBe(201);
    const detail = (await t.call<Order>(`order/${res.body.order.id}`, { token: c.token })).body;
    const line = detail.products.find((p) => p.model.fileId === pockets.id)!;
    expect(line.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['pocket', 'tool-access-summary']));
    const other = await t.customer();
    expect((await t.call(`order/${res.body.order.id}`, { token: other.token })).status).toBe(404);
  });
});
