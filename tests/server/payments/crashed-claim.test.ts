import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayRequest } from '#domain/api/payment';
import { CLAIM_LEASE, Idempotency } from '#server/payments/idempotency';
import { createPayments } from '#server/composition/payments';
import { orderPayable } from '#server/orders/payable';
import type { ChargeRequest, PaymentProvider } from '#server/payments/provider';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Issue 32 item 9: a payment whose process died mid-way held its key for 120 s, so the customer's
 * retry answered "still being processed" for two minutes. A claim is now a lease renewed by its
 * process's heartbeat: once the heartbeat is CLAIM_LEASE.leaseMs old, a retry takes the claim (and
 * the order's reservation) over and completes, and the provider's idempotency key makes it the same
 * charge. A live process's claim is never taken; a process that was only slow loses its claim and
 * records nothing.
 */
let t: OrderTestApp;
let c: Customer;

beforeAll(async () => {
  t = await createOrderTestApp();
  c = await t.customer();
});
afterAll(() => t.close());

const CARD: PayRequest = { method: 'card', card: SUCCESS_CARD };

/** The sandbox behind a gate: each charge waits until the test opens it (a provider that is slow to answer). */
function gatedProvider() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const charging = new Promise<void>((resolve) => (reached = resolve));
  const provider: PaymentProvider = {
    name: t.sandbox.name,
    acceptsCardNumbers: true,
    async charge(request: ChargeRequest) {
      reached();
      await gate;
      return t.sandbox.charge(request);
    },
    refund: (request) => t.sandbox.refund(request),
  };
  return { provider, open, charging };
}

/** Another API process on the same database: its own claims, holder and heartbeat. */
function otherProcess(provider: PaymentProvider, waitMs = 20_000) {
  return createPayments({ db: t.database.db, clock: t.clock, provider, idempotency: new Idempotency(t.database.db, t.clock, { waitMs, pollMs: 20, leaseMs: CLAIM_LEASE.leaseMs, heartbeatMs: 20 }) });
}

async function paymentsOf(orderId: string) {
  return t.database.db.selectFrom('payment').select(['status', 'provider_charge_id']).where('subject_id', '=', orderId).execute();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a payment caught by a crash recovers in seconds (${db})`, () => {
  test('the claim and reservation of a process that died: the retry with the same key completes once the lease is over', async () => {
    const order = await t.placeOrder(c);
    const key = `k-crashed-${order.id}`;
    const at = t.clock().toISOString();
    // What a process killed between its claim and its answer leaves behind.
    await t.database.db
      .insertInto('idempotency_record')
      .values({
        id: `rec-${order.id}`,
        scope: `user:${c.userId}`,
        idem_key: key,
        request_hash: (await import('#server/payments/idempotency')).requestHash({ op: 'pay', kind: 'order', id: order.id, method: 'card', currency: null, card: { last4: '4242', expMonth: 12, expYear: 2099 }, paymentMethodId: null }),
        state: 'in_progress',
        response_status: null,
        response_body: null,
        created_at: at,
        updated_at: at,
        holder: 'gone-host:4242:deadbeef',
      })
      .execute();
    await t.database.db.updateTable('customer_order').set({ paying_key: key, paying_since: at }).where('id', '=', order.id).execute();

    t.clock.advance(CLAIM_LEASE.leaseMs / 1000 + 1);
    const started = Date.now();
    const retry = await t.pay<{ subject: { status: string } }>(`order/${order.id}/pay`, CARD, { token: c.token, key });
    expect(retry.status).toBe(200);
    expect(retry.body.subject.status).toBe('paid');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await paymentsOf(order.id)).toEqual([{ status: 'succeeded', provider_charge_id: expect.any(String) }]);
    expect((await t.pay(`order/${order.id}/pay`, CARD, { token: c.token, key })).body).toEqual(retry.body);
  });

  test('a process that stops beating mid-charge: the retry takes over and pays once; the old one, waking up, records nothing', async () => {
    const order = await t.placeOrder(c);
    const key = `k-zombie-${order.id}`;
    const slow = gatedProvider();
    const a = otherProcess(slow.provider);
    const zombie = a.pay(orderPayable, { userId: c.userId, subjectId: order.id }, CARD, key);
    await slow.charging;
    a.idempotency.stop(); // the process dies: no more heartbeats

    t.clock.advance(CLAIM_LEASE.leaseMs / 1000 + 1);
    const retry = await t.pay<{ subject: { status: string } }>(`order/${order.id}/pay`, CARD, { token: c.token, key });
    expect(retry.status).toBe(200);
    expect(retry.body.subject.status).toBe('paid');

    // The old process was only frozen: its provider answers at last (the same charge, by the key).
    slow.open();
    await expect(zombie).rejects.toMatchObject({ status: 409 });
    const payments = await paymentsOf(order.id);
    expect(payments).toHaveLength(1);
    expect(t.sandbox.charges.get(payments[0]!.provider_charge_id!)?.amountCents).toBe(order.amounts.totalCents);
    const stored = await t.database.db.selectFrom('customer_order').select(['status', 'paying_key']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'paid', paying_key: null });
  });

  test('a live process keeps its claim however long the provider takes: a retry waits, then gets its answer', async () => {
    const order = await t.placeOrder(c);
    const key = `k-live-${order.id}`;
    const slow = gatedProvider();
    const a = otherProcess(slow.provider);
    const first = a.pay(orderPayable, { userId: c.userId, subjectId: order.id }, CARD, key);
    await slow.charging;
    t.clock.advance(CLAIM_LEASE.leaseMs / 1000 + 1);
    await sleep(200); // heartbeats carry the moved clock
    const impatient = otherProcess(t.sandbox, 300);
    await expect(impatient.pay(orderPayable, { userId: c.userId, subjectId: order.id }, CARD, key)).rejects.toMatchObject({ status: 409 });
    slow.open();
    expect((await first).status).toBe(200);
    const replay = await t.pay(`order/${order.id}/pay`, CARD, { token: c.token, key });
    expect(replay).toEqual({ status: 200, body: (await first).body });
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });
});
