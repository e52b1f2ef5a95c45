import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AfterSaleOrder, Order } from '#domain/api/order';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from './order-test-app.ts';

/**
 * Issue 32 item 3: three after-sale requests of 4 on a line of 6 were all accepted (12 claimed of
 * 6). The sum over the line's open and accepted requests is checked in the transaction that stores
 * a request, also when the requests arrive at once, and a refused one says how many remain.
 */
let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

/** An order of `quantity` parts, paid, made and shipped: after-sale requests are open to it. */
async function shippedOrder(quantity: number): Promise<Order> {
  const order = await t.placeOrder(c, {}, quantity);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
  expect((await t.admin(`admin/order/${order.id}/event`, { event: 'start_production' })).status).toBe(200);
  expect((await t.admin(`admin/order/${order.id}/event`, { event: 'ship', tracking: [{ logisticsCompany: 'DHL Express', trackNumber: '42' }] })).status).toBe(200);
  return order;
}

const ask = (order: Order, quantity: number) =>
  t.call<AfterSaleOrder & { message?: string; errors?: Record<string, string[]> }>('order/after-sale', {
    token: c.token,
    body: { orderNumber: 'PO-32', wedoOrderNumber: order.number, items: [{ productId: order.products[0]!.id, quantity }] },
  });

async function claimedOf(order: Order): Promise<number> {
  const rows = await t.database.db
    .selectFrom('after_sale_item')
    .innerJoin('after_sale_order', 'after_sale_order.id', 'after_sale_item.after_sale_id')
    .select('after_sale_item.quantity')
    .where('after_sale_item.order_line_id', '=', order.products[0]!.id)
    .where('after_sale_order.status', '<>', 'rejected')
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.quantity), 0);
}

describe(`after-sale requests never claim more than was ordered (${db})`, () => {
  test('one after another: the second request of 4 on a line of 6 is refused with how many remain; a rejected request frees its quantity', async () => {
    const order = await shippedOrder(6);
    expect((await ask(order, 4)).status).toBe(201);
    const second = await ask(order, 4);
    expect(second.status).toBe(422);
    const remaining = 'Only 2 of the 6 ordered can still be requested: 4 are already in your earlier after-sale requests.';
    expect(second.body).toEqual({ message: remaining, errors: { 'items.0.quantity': [remaining] } });
    expect((await ask(order, 2)).status).toBe(201);
    const full = await ask(order, 1);
    expect(full).toMatchObject({ status: 422, body: { message: 'All 6 ordered are already in your earlier after-sale requests; none can be requested again.' } });
    expect(await claimedOf(order)).toBe(6);
    // Our team rejects the first request: its 4 can be asked for again, no more.
    const first = await t.database.db.selectFrom('after_sale_order').select('id').where('order_id', '=', order.id).orderBy('created_at').executeTakeFirstOrThrow();
    await t.database.db.updateTable('after_sale_order').set({ status: 'rejected' }).where('id', '=', first.id).execute();
    expect((await ask(order, 5)).body.message).toBe('Only 4 of the 6 ordered can still be requested: 2 are already in your earlier after-sale requests.');
    expect((await ask(order, 4)).status).toBe(201);
    expect(await claimedOf(order)).toBe(6);
  });

  test('ten requests of 4 at once on a line of 6: exactly one is stored, the rest say what remains', async () => {
    const order = await shippedOrder(6);
    const results = await Promise.all(Array.from({ length: 10 }, () => ask(order, 4)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r).toMatchObject({ status: 422, body: { message: 'Only 2 of the 6 ordered can still be requested: 4 are already in your earlier after-sale requests.' } });
    expect(await claimedOf(order)).toBe(4);
  });

  test('twelve requests of 1 at once on a line of 6: six are stored', async () => {
    const order = await shippedOrder(6);
    const results = await Promise.all(Array.from({ length: 12 }, () => ask(order, 1)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    expect(await claimedOf(order)).toBe(6);
  });
});
