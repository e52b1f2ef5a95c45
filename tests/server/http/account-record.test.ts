import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserInfo } from '#domain/api/account';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const ADMIN_TOKEN = 'operator-token-for-account-tests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
});
afterAll(() => t.close());

const operator = (body: unknown, token = ADMIN_TOKEN) => t.call<UserInfo & { message?: string }>('admin/account', { method: 'PATCH', body, headers: { 'X-Admin-Token': token } });

describe(`the account record as customer service sets it (${db})`, () => {
  test('a business account with its success manager, an entrust-order account; only the fields sent change', async () => {
    const u = await t.registerUser();
    const business = await operator({ email: u.email.toUpperCase(), member: true, customerManager: { name: 'Sam Success', email: 'sam@manufacture.local' } });
    expect(business.status).toBe(200);
    expect(business.body).toMatchObject({ member: true, isEntrustOrderAccount: false, customerManger: { name: 'Sam Success', email: 'sam@manufacture.local' } });
    const entrust = await operator({ email: u.email, isEntrustOrderAccount: true, isRecharge: false });
    expect(entrust.body).toMatchObject({ member: true, isEntrustOrderAccount: true, isRecharge: false, customerManger: { name: 'Sam Success' } });
    // The customer sees it in the account record.
    expect((await t.call<UserInfo>('account/me', { token: u.token })).body).toMatchObject({ member: true, isEntrustOrderAccount: true });
    expect((await operator({ email: u.email, customerManager: null })).body.customerManger).toBeNull();
  });

  test('refused without the operator token, for an unknown email, and for a manager without an email', async () => {
    const u = await t.registerUser();
    expect((await operator({ email: u.email, member: true }, 'wrong-token')).status).toBe(401);
    // A customer's own token opens nothing here.
    expect((await t.call('admin/account', { method: 'PATCH', token: u.token, body: { email: u.email, member: true } })).status).toBe(401);
    expect((await t.call<UserInfo>('account/me', { token: u.token })).body.member).toBe(false);
    expect(await operator({ email: 'nobody@example.com', member: true })).toEqual({
      status: 422,
      body: { message: 'No account has this email.', errors: { email: ['No account has this email.'] } },
    });
    expect((await operator({ email: u.email, customerManager: { name: 'Sam', email: 'not-an-email' } })).status).toBe(422);
  });
});
