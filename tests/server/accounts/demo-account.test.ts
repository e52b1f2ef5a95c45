import { expect, test } from 'vitest';
import type { PromoCode, UserInfo } from '#domain/api/account';
import type { Page } from '#domain/api/paging';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from '#server/accounts/demo-account';
import { createTestApp } from '../helpers/test-app.ts';

test('the demo customer: seeded once, only into an empty users table, and lived-in', async () => {
  const t = await createTestApp();
  try {
    expect(await seedDemoAccount(t.database.db, t.clock())).toBe(true);
    expect(await seedDemoAccount(t.database.db, t.clock())).toBe(false);
    const login = await t.call<{ accessToken: string }>('account/login', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.accessToken;
    const me = (await t.call<UserInfo>('account/me', { token })).body;
    expect(me.balanceCents).toBeGreaterThan(0);
    const transactions = (await t.call<Page<{ balanceAfterCents: number }>>('account/balance/transactionList', { token })).body;
    expect(transactions.list[0]?.balanceAfterCents).toBe(me.balanceCents);
    const points = (await t.call<Page<{ balanceAfter: number }>>('account/balance/wePointTransactionList', { token })).body;
    expect(points.list[0]?.balanceAfter).toBe(me.wePoints);
    expect((await t.call<Page<unknown>>('account/balance/rechargeList', { token })).body.total).toBeGreaterThan(2);
    expect((await t.call<Page<unknown>>('member/paymentList', { token, body: {} })).body.total).toBe(2);
    const coupons = (await t.call<Page<PromoCode>>('account/promoCodeList', { token })).body.list;
    expect(new Set(coupons.map((c) => c.status))).toEqual(new Set(['active', 'inactive']));
    expect((await t.call<{ total: number }>('account/address', { token })).body.total).toBe(2);
    expect((await t.call<{ total: number }>('account/billingAddress', { token })).body.total).toBe(2);
  } finally {
    await t.close();
  }
});
