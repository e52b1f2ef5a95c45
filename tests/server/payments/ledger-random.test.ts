import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '#domain/api/order';
import { ledgerBalance } from '#server/payments/ledger';
import { createOrderTestApp, db, DECLINE_CARD, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.LEDGER_SEED ?? 20_260_101);
const ACCOUNTS = 4;
const OPS_PER_ACCOUNT = 14;

let t: OrderTestApp;
let customers: Customer[];

beforeAll(async () => {
  t = await createOrderTestApp();
  customers = [];
  for (let i = 0; i < ACCOUNTS; i++) customers.push(await t.customer());
});
afterAll(() => t.close());

describe(`randomised reloads, payments and refunds keep every balance equal to its ledger (${db}, seed ${SEED})`, () => {
  test('after the run: ledger sum = balance for every account, none negative, one debit per paid order', async () => {
    const random = prng(SEED);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const counts = { reload: 0, declined: 0, paid: 0, short: 0, refunded: 0, cancelled: 0, replayed: 0 };

    // Each account's script is drawn up front (so the run is the same for a seed), then all run at once.
    const scripts = customers.map((c) => Array.from({ length: OPS_PER_ACCOUNT }, () => ({ c, op: pick(['reload', 'reload', 'pay', 'pay', 'burst', 'refund', 'cancel'] as const), r: random(), q: 1 + Math.floor(random() * 30) })));
    const paidByBalance = new Map<string, Order[]>(customers.map((c) => [c.userId, []]));
    const pending = new Map<string, Order[]>(customers.map((c) => [c.userId, []]));

    const payAll = async (c: Customer, orders: Order[], doubleClick: boolean) => {
      const answers = await Promise.all(
        orders.flatMap((o) => {
          const key = `rnd-${o.id}`;
          const once = () => t.pay(`order/${o.id}/pay`, { method: 'balance' }, { token: c.token, key });
          return doubleClick ? [once(), once(), once()] : [once()];
        }),
      );
      for (const [i, o] of orders.entries()) {
        const mine = doubleClick ? answers.slice(i * 3, i * 3 + 3) : [answers[i]!];
        expect(new Set(mine.map((a) => JSON.stringify(a))).size, 'one key, one answer').toBe(1);
        if (doubleClick) counts.replayed += 2;
        if (mine[0]!.status === 200) {
          counts.paid++;
          paidByBalance.get(c.userId)!.push(o);
        } else {
          expect(mine[0]!.status).toBe(422);
          counts.short++;
          pending.get(c.userId)!.push(o);
        }
      }
    };

    await Promise.all(
      scripts.map(async (script) => {
        for (const { c, op, r, q } of script) {
          if (op === 'reload') {
            const declined = r < 0.2;
            const res = await t.pay('account/balance/reload', { amount: 100 + Math.floor(r * 400), card: declined ? DECLINE_CARD : SUCCESS_CARD }, { token: c.token });
            expect(res.status).toBe(declined ? 402 : 200);
            counts[declined ? 'declined' : 'reload']++;
          } else if (op === 'pay') {
            await payAll(c, [await t.placeOrder(c, {}, q)], r < 0.5);
          } else if (op === 'burst') {
            const orders = [await t.placeOrder(c, {}, q), await t.placeOrder(c, {}, 1 + ((q * 7) % 30)), await t.placeOrder(c, {}, 1 + ((q * 13) % 30))];
            await payAll(c, orders, false);
          } else if (op === 'refund') {
            const paid = paidByBalance.get(c.userId)!;
            const order = paid.splice(Math.floor(r * paid.length), 1)[0];
            if (order) {
              // The operator refunds while the customer retries the old payment: the retry replays, the refund happens once.
              const [refund, retry] = await Promise.all([t.admin(`admin/order/${order.id}/event`, { event: 'refund', note: 'random run' }), t.pay(`order/${order.id}/pay`, { method: 'balance' }, { token: c.token, key: `rnd-${order.id}` })]);
              expect(refund.status).toBe(200);
              expect(retry.status).toBe(200);
              counts.refunded++;
            }
          } else {
            const list = pending.get(c.userId)!;
            const order = list.pop();
            if (order) {
              expect((await t.call(`order/${order.id}/cancel`, { token: c.token, body: {} })).status).toBe(200);
              counts.cancelled++;
            }
          }
        }
      }),
    );

    for (const c of customers) {
      const balance = await t.balance(c.userId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerBalance(t.database.db, c.userId)).toBe(balance);
      const rows = await t.database.db.selectFrom('balance_transaction').select(['kind', 'payment_id']).where('user_id', '=', c.userId).execute();
      const debits = rows.filter((x) => x.kind === 'payment').map((x) => x.payment_id);
      expect(new Set(debits).size, 'one debit per payment').toBe(debits.length);
      const paidOrders = await t.database.db.selectFrom('payment').select('subject_id').where('user_id', '=', c.userId).where('method', '=', 'balance').where('status', 'in', ['succeeded', 'refunded']).execute();
      expect(new Set(paidOrders.map((p) => p.subject_id)).size, 'one balance payment per order').toBe(paidOrders.length);
      expect(debits.length).toBe(paidOrders.length);
    }
    expect((await t.admin<{ unreconciled: unknown[] }>('admin/ledger/reconcile')).body.unreconciled).toEqual([]);
    // The run did exercise every path.
    expect(counts.reload).toBeGreaterThan(0);
    expect(counts.paid).toBeGreaterThan(0);
    expect(counts.short).toBeGreaterThan(0);
    expect(counts.refunded).toBeGreaterThan(0);
    console.log(`[ledger-random] seed ${SEED}: ${JSON.stringify(counts)}`);
  }, 120_000);
});
