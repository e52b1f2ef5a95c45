import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OpsOrder, OpsOrderList } from '#domain/api/ops';
import type { Order } from '#domain/api/order';
import { importCad } from '#domain/geometry/import-cad';
import { parseBinaryStl } from '#domain/geometry/stl-binary';
import { STAFF_MESSAGES } from '#domain/rules/staff-rules';
import { STAFF_PRODUCT_NOT_FOUND } from '#server/staff/ops-order-files';
import { CUBE_STL, readFixture } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-test-app.ts';

let t: OrderTestApp;
let c: Customer;
let operator: SignedInStaff;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
  operator = await signedInStaff(t, 'operator');
});
afterAll(() => t.close());

const move = (order: Order, body: Record<string, unknown>) =>
  t.call<OpsOrder & { message: string; errors: Record<string, string[]> }>(`ops/orders/${order.id}/event`, { token: operator.token, body });
const page = async (order: Order) => (await t.call<OpsOrder>(`ops/orders/${order.id}`, { token: operator.token })).body;
const paidOrder = async () => {
  const order = await t.placeOrder(c);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
  return order;
};

describe(`staff move orders through the lifecycle's own rule, audited and mailed (${db})`, () => {
  test('paid → in production → shipped with carrier and tracking → delivered; each step offered, audited and mailed', async () => {
    const order = await paidOrder();
    expect((await page(order)).events).toEqual(['start_production', 'refund']);

    const started = await move(order, { event: 'start_production' });
    expect(started.status).toBe(200);
    expect(started.body.order.status).toBe('in_production');
    expect(started.body.events).toEqual(['ship']);
    expect((await t.outbox(c.email))[0]?.subject).toBe(`Order ${order.number} is in production`);

    const untracked = await move(order, { event: 'ship', carrier: 'DHL' });
    expect(untracked.status).toBe(422);
    expect(untracked.body.errors.trackingNumber).toEqual([STAFF_MESSAGES.trackingRequired]);

    const shipped = await move(order, { event: 'ship', carrier: 'DHL Express', trackingNumber: '1234567890' });
    expect(shipped.body.order.tracking).toMatchObject([{ logisticsCompany: 'DHL Express', trackNumber: '1234567890' }]);
    const shippedMail = (await t.outbox(c.email))[0];
    expect(shippedMail?.text).toContain('with DHL Express, tracking number 1234567890');
    expect(shippedMail?.links[0]).toContain(`/user/order/detail/${order.id}`);

    const delivered = await move(order, { event: 'deliver', reason: 'Signed for by reception' });
    expect(delivered.body.order.status).toBe('delivered');
    expect(delivered.body.events).toEqual([]);
    expect(delivered.body.audit.map((a) => [a.action, a.before?.status, a.after?.status, a.staffEmail])).toEqual([
      ['order.start_production', 'paid', 'in_production', operator.email],
      ['order.ship', 'in_production', 'shipped', operator.email],
      ['order.deliver', 'shipped', 'delivered', operator.email],
    ]);
    expect(delivered.body.audit[2]?.reason).toBe('Signed for by reception');
    // The customer's own page shows the moves in its history.
    const own = await t.call<Order>(`order/${order.id}`, { token: c.token });
    expect(own.body.statusHistory.map((h) => h.to)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped', 'delivered']);
  });

  test('a move the lifecycle refuses answers 409 with its sentence and writes nothing', async () => {
    const order = await paidOrder();
    const refused = await move(order, { event: 'deliver' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An order that is paid cannot be marked delivered.');
    expect((await page(order)).audit).toEqual([]);
  });

  test('cancelling an unpaid order needs a reason; the customer reads it', async () => {
    const order = await t.placeOrder(c);
    expect((await page(order)).events).toEqual(['cancel']);
    const bare = await move(order, { event: 'cancel' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.reason).toEqual([STAFF_MESSAGES.reasonRequired]);
    const cancelled = await move(order, { event: 'cancel', reason: 'The customer asked by phone' });
    expect(cancelled.body.order.status).toBe('cancelled');
    expect((await t.outbox(c.email))[0]?.text).toContain('Reason: The customer asked by phone');
  });

  test('refunding a paid order gives the money back through the payments and audits it in the refund’s transaction', async () => {
    const order = await paidOrder();
    const refunded = await move(order, { event: 'refund', reason: 'Material out of stock' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.order.status).toBe('cancelled');
    expect(refunded.body.order.payments.map((p) => p.status)).toEqual(['refunded']);
    expect(refunded.body.audit.map((a) => a.action)).toEqual(['order.refund']);
    expect((await t.outbox(c.email))[0]?.subject).toBe(`Order ${order.number} was cancelled and refunded`);
  });

  test('when the audit or the mail cannot be written, the move is undone with it (one transaction)', async () => {
    const order = await paidOrder();
    const spy = vi.spyOn(t.ctx.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox unavailable'));
    try {
      expect((await move(order, { event: 'start_production' })).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const after = await page(order);
    expect(after.order.status).toBe('paid');
    expect(after.audit).toEqual([]);
  });

  test('the order page lists each product’s files: the model, its picture and its drawing, read with a staff token that may see the order', async () => {
    const buyer = await t.customer();
    const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
    const drawing = new FormData();
    drawing.append('drawing', new Blob([pdf]), 'bracket.pdf');
    const put = await t.fetch(`/msapi/${t.config.apiSegment}/project/${buyer.projectId}/files/${buyer.file.id}/drawing`, { method: 'PUT', body: drawing, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(put.status).toBe(200);
    const order = await t.placeOrder(buyer);
    const product = order.products[0]!;
    const { files } = await page(order);
    const base = `ops/orders/${order.id}/products/${product.id}`;
    expect(files).toEqual([
      { productId: product.id, model: { name: product.model.fileName, path: `${base}/model` }, preview: `${base}/preview`, mesh: `${base}/mesh`, drawing: { name: 'bracket.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, path: `${base}/drawing` }, partNote: null },
    ]);
    const read = (path: string, token: string) => t.fetch(`/api/${t.config.apiSegment}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    const model = await read(`${base}/model`, operator.token);
    expect(model.status).toBe(200);
    expect((await model.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const picture = await read(`${base}/preview`, operator.token);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await picture.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
    const drawn = await read(`${base}/drawing`, operator.token);
    expect(new Uint8Array(await drawn.arrayBuffer())).toEqual(pdf);
    // The customer's token opens none; a success manager who does not serve the buyer finds nothing; another order's product is not this order's.
    expect((await read(`${base}/model`, buyer.token)).status).toBe(401);
    const sm = await signedInStaff(t, 'success_manager');
    expect((await read(`${base}/drawing`, sm.token)).status).toBe(404);
    const other = await t.placeOrder(c);
    expect((await read(`ops/orders/${other.id}/products/${product.id}/model`, operator.token)).status).toBe(404);
  });

  test('the 3D view’s mesh: the model’s triangles as a binary STL, for a staff member who may see the order; refused to others, 404 for another order’s product and an unknown one', async () => {
    const buyer = await t.customer();
    const order = await t.placeOrder(buyer);
    const product = order.products[0]!;
    const base = `ops/orders/${order.id}/products/${product.id}`;
    const read = (path: string, token: string) => t.fetch(`/api/${t.config.apiSegment}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    const res = await read(`${base}/mesh`, operator.token);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/octet-stream']);
    const stl = new Uint8Array(await res.arrayBuffer());
    // The same triangles as the uploaded file, read by the domain's reader, corner for corner.
    const sent = parseBinaryStl(stl).mesh!;
    const uploaded = (await importCad(new Uint8Array(await readFixture(CUBE_STL)))).mesh!;
    expect(stl.byteLength).toBe(84 + 50 * uploaded.triangleCount);
    expect(sent.triangleCount).toBe(uploaded.triangleCount);
    expect(Array.from(sent.positions)).toEqual(Array.from(uploaded.positions));
    // The customer's token opens nothing; a success manager who does not serve the buyer finds nothing.
    const refused = await read(`${base}/mesh`, buyer.token);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([401, STAFF_MESSAGES.staffOnly]);
    const sm = await signedInStaff(t, 'success_manager');
    expect((await read(`${base}/mesh`, sm.token)).status).toBe(404);
    // Another order's product is not this order's; an unknown product or order is not found.
    const other = await t.placeOrder(c);
    const foreign = await read(`ops/orders/${other.id}/products/${product.id}/mesh`, operator.token);
    expect([foreign.status, ((await foreign.json()) as { message: string }).message]).toEqual([404, STAFF_PRODUCT_NOT_FOUND]);
    expect((await read(`ops/orders/${order.id}/products/00000000-0000-4000-8000-000000000000/mesh`, operator.token)).status).toBe(404);
    expect((await read(`ops/orders/00000000-0000-4000-8000-000000000000/products/${product.id}/mesh`, operator.token)).status).toBe(404);
  });

  test('the list finds orders by status and by the customer’s email, any case', async () => {
    const byStatus = await t.call<OpsOrderList>('ops/orders?status=delivered', { token: operator.token });
    expect(byStatus.body.list.every((o) => o.order.status === 'delivered')).toBe(true);
    expect(byStatus.body.total).toBe(1);
    const byEmail = await t.call<OpsOrderList>(`ops/orders?q=${encodeURIComponent(c.email.toUpperCase())}`, { token: operator.token });
    expect(byEmail.body.total).toBeGreaterThanOrEqual(5);
    expect(byEmail.body.list[0]?.customer.email).toBe(c.email);
    // Each listed order says when it is due to ship (the board's cards): its products' latest ship date.
    const newest = byEmail.body.list[0]!;
    expect(newest.shipBy).toBe((await page({ id: newest.order.id } as Order)).order.shipDate);
    expect((await t.call<OpsOrderList>('ops/orders?q=nobody-at-all', { token: operator.token })).body.total).toBe(0);
  });
});
