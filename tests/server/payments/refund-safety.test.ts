import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Order } from '#domain/api/order';
import { SANDBOX_UNKNOWN_CHARGE } from '#server/payments/sandbox-provider';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Issue 12 item 13: a card refund after a restart of the sandbox answered 500, and a refund could
 * race the start of production (the card refunded, the order made all the same).
 */
let t: OrderTestApp;
let c: Customer;
beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

const event = (order: Order, name: string) => t.admin<Order & { message?: string }>(`admin/order/${order.id}/event`, { event: name });

async function paidByCard(): Promise<Order> {
  const order = await t.placeOrder(c);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
  return order;
}

/** Holds the provider's refunds until `release()`: the refund is in flight meanwhile. */
function holdRefunds() {
  const original = t.sandbox.refund.bind(t.sandbox);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls: string[] = [];
  const spy = vi.spyOn(t.sandbox, 'refund').mockImplementation(async (request) => {
    calls.push(request.chargeId);
    await gate;
    return original(request);
  });
  return { release, calls, restore: () => spy.mockRestore() };
}

describe(`a refund and the start of production (${db})`, () => {
  test('while the card is being refunded, production cannot start; the refund completes', async () => {
    const order = await paidByCard();
    const held = holdRefunds();
    try {
      const refund = event(order, 'refund');
      await vi.waitFor(() => expect(held.calls).toHaveLength(1));
      const start = await event(order, 'start_production');
      expect(start).toEqual({ status: 409, body: { message: 'The order changed meanwhile; look again and retry.' } });
      held.release();
      expect((await refund).body).toMatchObject({ status: 'cancelled', payments: [{ method: 'card', status: 'refunded' }] });
    } finally {
      held.restore();
    }
    expect((await event(order, 'start_production')).status).toBe(409);
  });

  test('once production started, a refund is refused before the provider is asked', async () => {
    const order = await paidByCard();
    expect((await event(order, 'start_production')).body.status).toBe('in_production');
    const held = holdRefunds();
    try {
      expect((await event(order, 'refund')).status).toBe(409);
      expect(held.calls).toEqual([]);
    } finally {
      held.release();
      held.restore();
    }
  });

  test('two refunds at once: one gives the money back, the other is told the order changed', async () => {
    const order = await paidByCard();
    const statuses = (await Promise.all([event(order, 'refund'), event(order, 'refund')])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  test('a refund interrupted by a crash is finished by a later attempt', async () => {
    const order = await paidByCard();
    const old = new Date(t.clock().getTime() - 10 * 60_000).toISOString();
    await t.database.db.updateTable('customer_order').set({ paying_key: 'refund', paying_since: old }).where('id', '=', order.id).execute();
    expect((await event(order, 'start_production')).status).toBe(409);
    expect((await event(order, 'refund')).body).toMatchObject({ status: 'cancelled' });
  });
});

describe(`the sandbox after a restart (${db})`, () => {
  test('refunding a card charge it forgot answers 422 with what to do; the order stays paid and can go on', async () => {
    const order = await paidByCard();
    t.sandbox.charges.clear(); // what a restart does to the in-memory sandbox
    const refused = await event(order, 'refund');
    expect(refused).toEqual({ status: 422, body: { message: SANDBOX_UNKNOWN_CHARGE } });
    expect((await t.call<Order>(`order/${order.id}`, { token: c.token })).body.status).toBe('paid');
    expect((await event(order, 'start_production')).body.status).toBe('in_production');
  });
});
