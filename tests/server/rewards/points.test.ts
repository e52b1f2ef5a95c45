import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WePointTransaction } from '#domain/api/balance';
import type { Page } from '#domain/api/paging';
import type { PointsOverview } from '#domain/api/rewards';
import { MONTHLY_TASKS } from '#domain/rules/rewards-rules';
import { runScheduledRewards } from '#server/rewards/scheduled';
import { createTestClock } from '../helpers/test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

const clock = createTestClock(new Date('2026-11-10T09:00:00.000Z'));
let t: OrderTestApp;
let c: Customer;

const points = (who: { token: string }) => t.call<PointsOverview>('prime/point', { token: who.token });
const pointsOf = (id: string) => MONTHLY_TASKS.find((task) => task.id === id)!.points;

beforeAll(async () => {
  t = await createOrderTestApp({}, { clock });
  c = await t.customer(); // uploads a model: a task done this month
});
afterAll(() => t.close());

describe(`membership points: monthly tasks credited once (${db})`, () => {
  test('done tasks are credited once, whoever asks and however often; the list says what each earns', async () => {
    const first = (await points(c)).body;
    expect(first.month).toBe('2026-11');
    expect(first.tasks.map((x) => [x.id, x.points, x.done])).toEqual([
      ['upload-model', pointsOf('upload-model'), true],
      ['pay-order', pointsOf('pay-order'), false],
      ['review-order', pointsOf('review-order'), false],
      ['friend-joined', pointsOf('friend-joined'), false],
    ]);
    expect(first.points).toBe(pointsOf('upload-model'));

    const order = await t.placeOrder(c);
    await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: c.token });
    // Ten readers at once, and the scheduled run besides: the points come once.
    const all = await Promise.all([...Array.from({ length: 10 }, () => points(c)), runScheduledRewards(t.ctx, clock()).then(() => null)]);
    const expected = pointsOf('upload-model') + pointsOf('pay-order');
    for (const res of all) if (res) expect(res.body.points).toBe(expected);
    const history = (await t.call<Page<WePointTransaction>>('account/balance/wePointTransactionList', { token: c.token })).body;
    expect(history.list.map((r) => r.points).sort()).toEqual([pointsOf('pay-order'), pointsOf('upload-model')].sort());
    expect(history.list[0]!.balanceAfter).toBe(expected);
    const cached = await t.database.db.selectFrom('user_account').select('we_points').where('id', '=', c.userId).executeTakeFirstOrThrow();
    expect(Number(cached.we_points)).toBe(expected);
  });

  test('a friend joining counts for the referrer; a task done on the last evening is credited by the first run of the next month; the list starts again', async () => {
    const { code } = (await t.call<{ code: string }>('account/referral', { token: c.token })).body;
    clock.set(new Date('2026-11-30T23:30:00.000Z'));
    await t.registerUser({ referralCode: code });
    clock.set(new Date('2026-12-01T00:10:00.000Z'));
    await runScheduledRewards(t.ctx, clock());
    const login = await t.call<{ accessToken: string }>('account/login', { body: { email: c.email, password: c.password } });
    const december = (await points({ token: login.body.accessToken })).body;
    expect(december.month).toBe('2026-12');
    expect(december.refreshesOn).toBe('2027-01-01');
    expect(december.tasks.every((x) => !x.done)).toBe(true);
    expect(december.points).toBe(pointsOf('upload-model') + pointsOf('pay-order') + pointsOf('friend-joined'));
  });
});
