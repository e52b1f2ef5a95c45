import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WePointTransaction } from '#domain/api/balance';
import type { Order } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import type { PointsOverview } from '#domain/api/rewards';
import { MONTHLY_TASKS } from '#domain/rules/rewards-rules';
import { runScheduledRewards } from '#server/rewards/scheduled';
import { createTestClock } from '../helpers/test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Issue 32 item 7: the points of "Paid an order" stayed when the order was refunded. A refund that
 * leaves the month without a paid order takes them back by a ledger row the history shows.
 */
const clock = createTestClock(new Date('2026-11-10T09:00:00.000Z'));
let t: OrderTestApp;

const PAID = MONTHLY_TASKS.find((task) => task.id === 'pay-order')!.points;
const UPLOAD = MONTHLY_TASKS.find((task) => task.id === 'upload-model')!.points;

beforeAll(async () => {
  t = await createOrderTestApp({}, { clock });
});
afterAll(() => t.close());

const overview = async (c: Customer) => (await t.call<PointsOverview>('prime/point', { token: c.token })).body;
const history = async (c: Customer) => (await t.call<Page<WePointTransaction>>('account/balance/wePointTransactionList', { token: c.token })).body.list;
const paidDone = (o: PointsOverview) => o.tasks.find((x) => x.id === 'pay-order')!.done;

async function paidOrder(c: Customer): Promise<Order> {
  const order = await t.placeOrder(c);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token })).status).toBe(200);
  return order;
}

async function refund(order: Order): Promise<void> {
  expect((await t.admin(`admin/order/${order.id}/event`, { event: 'refund' })).status).toBe(200);
}

describe(`points follow money (${db})`, () => {
  test('an order refunded takes its points back in the history; a new paid order that month earns them again, once', async () => {
    const c = await t.customer();
    const order = await paidOrder(c);
    expect((await overview(c)).points).toBe(UPLOAD + PAID);

    await refund(order);
    const after = await overview(c);
    expect(after.points).toBe(UPLOAD);
    expect(paidDone(after)).toBe(false);
    const rows = await history(c);
    expect(rows[0]).toMatchObject({ points: -PAID, balanceAfter: UPLOAD, description: `Reversed: Paid an order (2026-11), order ${order.number} refunded` });
    const cached = await t.database.db.selectFrom('user_account').select('we_points').where('id', '=', c.userId).executeTakeFirstOrThrow();
    expect(Number(cached.we_points)).toBe(UPLOAD);

    // Paid again the same month: the task is done again and credited again, once however often asked.
    await paidOrder(c);
    await Promise.all([overview(c), overview(c), runScheduledRewards(t.ctx, clock())]);
    expect((await overview(c)).points).toBe(UPLOAD + PAID);
    // Newest first: the new credit, the reversal; then the first month's two (credited at one instant, in either order).
    const points = (await history(c)).map((r) => r.points);
    expect(points.slice(0, 2)).toEqual([PAID, -PAID]);
    expect(points.slice(2).sort((a, b) => a - b)).toEqual([UPLOAD, PAID].sort((a, b) => a - b));
  });

  test('two orders paid in the month, one refunded: the other still makes the task, nothing is taken back', async () => {
    const c = await t.customer();
    const first = await paidOrder(c);
    await paidOrder(c);
    expect((await overview(c)).points).toBe(UPLOAD + PAID);
    await refund(first);
    const after = await overview(c);
    expect(after.points).toBe(UPLOAD + PAID);
    expect(paidDone(after)).toBe(true);
    expect((await history(c)).some((r) => r.points < 0)).toBe(false);
  });

  test('refunded before the points were credited: they are never credited, and nothing is taken back', async () => {
    const c = await t.customer();
    const order = await paidOrder(c);
    await refund(order);
    const after = await overview(c);
    expect(after.points).toBe(UPLOAD);
    expect(paidDone(after)).toBe(false);
    expect((await history(c)).map((r) => r.points)).toEqual([UPLOAD]);
  });
});
