import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order, OrderList, ReorderResponse } from '#domain/api/order';
import type { PartQuote, ProjectList, QuoteFileList } from '#domain/api/quote';
import { formatUsd } from '#domain/pricing/money';
import { pdfText } from '../quote/pdf-text.ts';
import { CUBE_STEP, CUBE_STL, PRINT_CONFIG, readFixture } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from './order-test-app.ts';

let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

const main = (path: string, token: string) => t.fetch(`/api/${t.config.apiSegment}/${path}`, { headers: { authorization: `Bearer ${token}` } });
const ms = (path: string, token: string) => t.fetch(`/msapi/${t.config.apiSegment}/${path}`, { headers: { authorization: `Bearer ${token}` } });

describe(`order history: filter and search (${db})`, () => {
  test('by order ID or PO number, any case, in part; with a status; a search that finds nothing answers an empty page', async () => {
    const u = await t.customer();
    const a = await t.placeOrder(u, { poNumber: 'PO-Alpha_7%' }, 2);
    const b = await t.placeOrder(u, { poNumber: 'po-beta-8' }, 3);
    const d = await t.placeOrder(u, {}, 4);
    await t.pay(`order/${b.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: u.token });
    const list = async (query: string) => (await t.call<OrderList>(`order/list?${query}`, { token: u.token })).body;

    expect((await list('q=PO-')).list.map((o) => o.number)).toEqual([b.number, a.number]);
    expect((await list('q=alpha')).list.map((o) => o.number)).toEqual([a.number]);
    // `%` and `_` are matched literally, never as wildcards.
    expect((await list(`q=${encodeURIComponent('_7%')}`)).list.map((o) => o.number)).toEqual([a.number]);
    expect((await list(`q=${encodeURIComponent('a%7')}`)).total).toBe(0);
    expect((await list(`q=${d.number.toLowerCase()}`)).list.map((o) => o.number)).toEqual([d.number]);
    expect((await list("q=w")).total).toBe(3);
    expect((await list('status=paid')).list.map((o) => o.number)).toEqual([b.number]);
    expect((await list('status=pending_payment&q=po')).list.map((o) => o.number)).toEqual([a.number]);
    expect((await list('status=paid,pending_payment&pageSize=1&page=3')).list.map((o) => o.number)).toEqual([a.number]);
    expect(await list('q=W00000000')).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    // Another account's orders never match.
    expect((await t.call<OrderList>(`order/list?q=${a.number}`, { token: c.token })).body.total).toBe(0);
    const bad = await t.call<{ errors: Record<string, string[]> }>('order/list?status=lost', { token: u.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status?.[0]).toMatch(/^Status must be one or more of/);
  });
});

describe(`reorder (${db})`, () => {
  test('the products come back in a new project with the configurations ordered, priced again; a moved price is said', async () => {
    const order = await t.placeOrder(c, {}, 7);
    // The price in the order is not today's (as after a price change): the answer says so.
    await t.database.db.updateTable('order_line').set({ total_cents: 1 }).where('order_id', '=', order.id).execute();
    const res = await t.call<ReorderResponse>(`order/${order.id}/reorder`, { method: 'POST', token: c.token });
    expect(res.status).toBe(201);
    expect(res.body.projects).toHaveLength(1);
    const project = res.body.projects[0]!;
    expect(project).toMatchObject({ name: `Reorder of ${order.number}`, process: '3d-printing', fileCount: 1 });
    const files = (await t.ms<QuoteFileList>(`project/${project.id}/files`, { token: c.token })).body.list;
    expect(files.map((f) => [f.name, f.configuration?.quantity, f.status])).toEqual([['bracket.stl', 7, 'kept']]);
    expect(files[0]!.id).not.toBe(c.file.id);
    const quote = (await t.ms<PartQuote>(`project/${project.id}/files/${files[0]!.id}/quote`, { token: c.token })).body;
    expect(quote.configuration).toEqual({ ...PRINT_CONFIG, quantity: 7 });
    expect(quote.result.totalCents).toBe(order.products[0]!.totalCents);
    expect(res.body.changedPrices).toBe(1);
    expect(res.body.notices).toEqual([`The price of "bracket" is now ${formatUsd(quote.result.totalCents!)} (it was $0.01 in order ${order.number}).`]);
    // The new project is the first of the list (most recently changed).
    const listed = (await t.ms<ProjectList>('project/list', { token: c.token })).body.list[0]!;
    expect(listed).toMatchObject({ id: project.id, firstFile: { id: files[0]!.id, name: 'bracket.stl' } });
  });

  test('the new project owns its bytes: deleting the original project leaves it whole; then the order can no longer come back', async () => {
    const u = await t.customer();
    const order = await t.placeOrder(u, {}, 2);
    const again = (await t.call<ReorderResponse>(`order/${order.id}/reorder`, { method: 'POST', token: u.token })).body;
    expect(again.notices).toEqual([]);
    const copy = (await t.ms<QuoteFileList>(`project/${again.projects[0]!.id}/files`, { token: u.token })).body.list[0]!;
    expect((await t.ms(`project/${u.projectId}`, { method: 'DELETE', token: u.token })).status).toBe(200);
    const bytes = await ms(`project/${again.projects[0]!.id}/files/${copy.id}/content`, u.token);
    expect(bytes.status).toBe(200);
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(await readFixture(CUBE_STL));

    const detail = (await t.call<Order>(`order/${order.id}`, { token: u.token })).body;
    expect(detail.actions.reorder).toBe(false);
    expect(detail.products[0]!.attachment).toBeNull();
    const gone = await t.call<{ message: string }>(`order/${order.id}/reorder`, { method: 'POST', token: u.token });
    expect(gone).toEqual({ status: 410, body: { message: "None of this order's model files is kept any more (files are kept 3 months): upload them again to quote them." } });
  });

  test('a file removed after 3 months is left out and said; the others come back (a cancelled order too)', async () => {
    const u = await t.customer();
    const project = await t.project(u.token, 'Two parts');
    const step = (await t.upload(project.id, u.token, await readFixture(CUBE_STEP), 'lid.step')).body;
    await t.ms(`project/${project.id}/files/${step.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG });
    await t.ms('cart/items', { token: u.token, body: { items: [{ fileId: u.file.id, configuration: PRINT_CONFIG }, { fileId: step.id, configuration: PRINT_CONFIG }] } });
    const placed = await t.call<{ order: Order }>('checkout/order', {
      token: u.token,
      body: { shippingAddressId: u.shippingAddressId, billingAddressId: u.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' } },
    });
    const order = placed.body.order;
    expect(order.products.map((p) => p.name)).toEqual(['bracket', 'lid']);
    await t.call(`order/${order.id}/cancel`, { token: u.token, body: {} });
    await t.database.db.updateTable('quote_file').set({ removed_at: t.clock().toISOString() }).where('id', '=', u.file.id).execute();

    const res = await t.call<ReorderResponse>(`order/${order.id}/reorder`, { method: 'POST', token: u.token });
    expect(res.status).toBe(201);
    expect(res.body.notices).toEqual(['"bracket.stl" could not come back: its model file was removed after being kept for 3 months. Upload it again to quote it.']);
    const files = (await t.ms<QuoteFileList>(`project/${res.body.projects[0]!.id}/files`, { token: u.token })).body.list;
    expect(files.map((f) => f.name)).toEqual(['lid.step']);
  });
});

describe(`the order as a PDF (${db})`, () => {
  test('a proforma invoice before payment, an invoice after, with the products, amounts, addresses and entrust fields', async () => {
    const order = await t.placeOrder(c, { poNumber: 'PO-PDF-1', comment: 'Deliver to the lab' }, 3);
    const before = await main(`order/${order.id}/document`, c.token);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('application/pdf');
    expect(before.headers.get('content-disposition')).toBe(`attachment; filename="proforma-invoice-${order.number}.pdf"`);
    const text = pdfText(new Uint8Array(await before.arrayBuffer())).replace(/\s+/g, ' ');
    for (const expected of [
      'Proforma invoice',
      `Order: ${order.number}`,
      'PO number: PO-PDF-1',
      'Buyer Ltd',
      '1 Test Street',
      'bracket',
      formatUsd(order.products[0]!.unitPriceCents),
      `Total (USD): ${formatUsd(order.amounts.totalCents)}`,
      'EXW (Incoterms 2020)',
      'Comment: Deliver to the lab',
    ]) {
      expect(text).toContain(expected);
    }
    await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token });
    const after = await main(`order/${order.id}/document`, c.token);
    expect(after.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${order.number}.pdf"`);
    expect(pdfText(new Uint8Array(await after.arrayBuffer()))).toMatch(/^Invoice\n/);
  });
});

describe(`projects: search, first file and thumbnail (${db})`, () => {
  test('search by name in any case; the first kept file stands for the project and is drawn as a PNG once', async () => {
    const u = await t.registerUser();
    const bracket = await t.project(u.token, 'Drone Bracket');
    await t.project(u.token, 'Empty box');
    const first = (await t.upload(bracket.id, u.token, await readFixture(CUBE_STEP), 'arm.step')).body;
    await t.upload(bracket.id, u.token, await readFixture(CUBE_STEP), 'arm-2.step');

    const found = (await t.ms<ProjectList>('project/list?q=dRONE', { token: u.token })).body;
    expect(found.list.map((p) => [p.name, p.fileCount, p.firstFile?.name])).toEqual([['Drone Bracket', 2, 'arm.step']]);
    expect(found.list[0]!.firstFile?.id).toBe(first.id);
    expect((await t.ms<ProjectList>('project/list?q=%25', { token: u.token })).body.total).toBe(0);
    const all = (await t.ms<ProjectList>('project/list', { token: u.token })).body;
    // The upload changed the bracket project last: it comes first.
    expect(all.list.map((p) => [p.name, p.firstFile])).toEqual([
      ['Drone Bracket', { id: first.id, name: 'arm.step' }],
      ['Empty box', null],
    ]);

    const png = await ms(`project/${bracket.id}/thumbnail`, u.token);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([160, 160]);
    const kept = await t.database.db.selectFrom('quote_file_thumbnail').select('file_id').execute();
    expect(kept.map((k) => k.file_id)).toContain(first.id);
    // Drawn once: the second answer is the stored picture.
    expect(Buffer.from(await (await ms(`project/${bracket.id}/thumbnail`, u.token)).arrayBuffer())).toEqual(bytes);

    const empty = all.list[1]!;
    const none = await ms(`project/${empty.id}/thumbnail`, u.token);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: 'This project has no picture: it holds no file that could be drawn.' });
    // Deleting the file deletes its picture.
    await t.ms(`project/${bracket.id}/files/${first.id}`, { method: 'DELETE', token: u.token });
    expect((await t.database.db.selectFrom('quote_file_thumbnail').select('file_id').where('file_id', '=', first.id).execute()).length).toBe(0);
  });
});
