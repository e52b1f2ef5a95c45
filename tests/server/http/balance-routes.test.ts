import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BalanceTransaction, MemberPayment, RechargeRecord, WePointTransaction } from '#domain/api/balance';
import type { Page } from '#domain/api/paging';
import { createTestApp, type Registered, type TestApp } from '../helpers/test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let u: Registered;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.registerUser();
  const now = t.clock().getTime();
  // 25 rows a year apart in days: 0..24 days ago, plus two older than 2 years.
  const ages = [...Array.from({ length: 25 }, (_, i) => i), 731, 800];
  const at = (days: number) => new Date(now - days * DAY).toISOString();
  const d = t.database.db;
  for (const days of ages) {
    const id = `${u.userId}-${days}`;
    await d.insertInto('balance_recharge').values({ id, user_id: u.userId, amount_cents: 10_000 + days, currency: 'USD', method: 'credit-card', status: 'succeeded', reference: `R${days}`, created_at: at(days) }).execute();
    await d.insertInto('balance_transaction').values({ id, user_id: u.userId, kind: 'recharge', amount_cents: 10_000, balance_after_cents: 10_000, currency: 'USD', description: `T${days}`, created_at: at(days) }).execute();
    await d.insertInto('we_point_transaction').values({ id, user_id: u.userId, points: days, balance_after: days, description: `P${days}`, created_at: at(days) }).execute();
    await d.insertInto('member_payment').values({ id, user_id: u.userId, plan: 'Prime', amount_cents: 9_900, currency: 'USD', method: 'balance', status: 'paid', created_at: at(days) }).execute();
  }
});
afterAll(() => t.close());

describe(`balance lists (${db})`, () => {
  test.each([
    ['account/balance/rechargeList', (r: RechargeRecord) => r.reference, 'R'],
    ['account/balance/transactionList', (r: BalanceTransaction) => r.description, 'T'],
    ['account/balance/wePointTransactionList', (r: WePointTransaction) => r.description, 'P'],
  ] as const)('%s pages the last two years, newest first', async (path, label, prefix) => {
    const first = await t.call<Page<never>>(`${path}?page=1&pageSize=10`, { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.body.list.map((r) => (label as (r: unknown) => string)(r))).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix}${i}`));
    const last = await t.call<Page<never>>(`${path}?page=3&pageSize=10`, { token: u.token });
    expect(last.body.list).toHaveLength(5);
    const beyond = await t.call<Page<never>>(`${path}?page=9&pageSize=10`, { token: u.token });
    expect(beyond.body).toMatchObject({ list: [], total: 25 });
    const defaults = await t.call<Page<never>>(path, { token: u.token });
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 10 });
    expect((await t.call(`${path}?pageSize=abc`, { token: u.token })).body).toEqual({
      message: 'Page size must be a whole number from 1 to 100.',
      errors: { pageSize: ['Page size must be a whole number from 1 to 100.'] },
    });
  });

  test('member/paymentList takes page and pageSize in the body', async () => {
    const res = await t.call<Page<MemberPayment>>('member/paymentList', { token: u.token, body: { page: 2, pageSize: 20 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 25, page: 2, pageSize: 20 });
    expect(res.body.list).toHaveLength(5);
    expect(res.body.list[0]).toMatchObject({ plan: 'Prime', amountCents: 9_900, status: 'paid' });
    expect((await t.call('member/paymentList', { token: u.token, body: { page: -1 } })).status).toBe(422);
  });

  test('another account sees none of it', async () => {
    const other = await t.registerUser();
    for (const path of ['account/balance/rechargeList', 'account/balance/transactionList', 'account/balance/wePointTransactionList']) {
      expect((await t.call<Page<never>>(path, { token: other.token })).body).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    }
    expect((await t.call<Page<never>>('member/paymentList', { token: other.token, body: {} })).body.total).toBe(0);
  });
});
