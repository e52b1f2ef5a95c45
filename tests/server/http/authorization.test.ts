import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingAddress, ShippingAddress } from '#domain/api/address';
import { createTestApp, type Registered, type TestApp } from '../helpers/test-app.ts';

/**
 * Auth and ownership, driven by the OpenAPI document so that a new route is covered the day it is
 * added: every user-only call refuses no token, a temporary token, an expired and a revoked token;
 * every call that takes an id refuses another account's id without reading or changing anything.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let owner: Registered;
let intruder: Registered;
type Doc = { paths: Record<string, Record<string, { 'x-auth': 'public' | 'session' | 'user' }>> };
let doc: Doc;

const ADDRESS = { firstName: 'A', lastName: 'B', phoneCode: '+44', mobile: '2079460000', countryCode: 'GB', city: 'London', postcode: 'EC1A 1BB', addressLine1: '1 Street' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
  intruder = await t.registerUser();
  doc = (await t.call<Doc>('openapi.json')).body;
});
afterAll(() => t.close());

function operations(auth: 'public' | 'session' | 'user'): [string, string][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op['x-auth'] === auth)
      .map(([method]): [string, string] => [method.toUpperCase(), path.replace(/^\//, '').replace(/\{[^}]+\}/g, 'some-id')]),
  );
}

describe(`auth on every user-only call (${db})`, () => {
  test('there are user-only calls to check', () => {
    expect(operations('user').length).toBeGreaterThan(20);
  });

  test('no token, a temporary token, a garbage token: 401 with a message', async () => {
    const temp = (await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST' })).body.temporaryToken;
    for (const [method, path] of operations('user')) {
      for (const token of [undefined, temp, 'not.a.token']) {
        const res = await t.call<{ message: string }>(path, { method, token, body: {} });
        expect(res.status, `${method} ${path} with ${token ? token.slice(0, 12) : 'no token'}`).toBe(401);
        expect(typeof res.body.message).toBe('string');
      }
    }
  });

  test('an expired or revoked full token: 401; a session call without any token: 401', async () => {
    const fresh = await t.registerUser();
    const revoked = (await t.call<{ accessToken: string }>('account/login', { body: { email: fresh.email, password: fresh.password } })).body.accessToken;
    await t.call('account/logout', { token: revoked });
    for (const [method, path] of operations('user')) {
      expect((await t.call(path, { method, token: revoked, body: {} })).status, `${method} ${path} revoked`).toBe(401);
    }
    for (const [method, path] of operations('session')) {
      expect((await t.call(path, { method, body: {} })).status, `${method} ${path}`).toBe(401);
    }
    const soon = await createTestApp({ accessTokenTtl: 60 });
    try {
      const u = await soon.registerUser();
      soon.clock.advance(61);
      const ops = operations('user');
      for (const [method, path] of ops) {
        expect((await soon.call(path, { method, token: u.token, body: {} })).status, `${method} ${path} expired`).toBe(401);
      }
    } finally {
      await soon.close();
    }
  });
});

describe(`every resource is its owner's alone (${db})`, () => {
  test('another account’s ids: 404 on every id-taking call, nothing read or changed', async () => {
    const ship = await t.call<ShippingAddress>('account/address', { token: owner.token, body: ADDRESS });
    const ship2 = await t.call<ShippingAddress>('account/address', { token: owner.token, body: { ...ADDRESS, city: 'Leeds' } });
    const bill = await t.call<BillingAddress>('account/billingAddress', { token: owner.token, body: { name: 'Owner', location: 'London' } });
    const before = {
      ship: await t.database.db.selectFrom('shipping_address').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
      bill: await t.database.db.selectFrom('billing_address').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
    };

    const attempts: [string, string, unknown?][] = [
      ['GET', `account/address/${ship.body.id}`],
      ['PATCH', `account/address/${ship.body.id}`, { ...ADDRESS, city: 'Stolen' }],
      ['DELETE', `account/address/${ship.body.id}`],
      ['PATCH', `account/address/setDefault/${ship2.body.id}`],
      ['DELETE', 'account/address', { addressIds: [ship.body.id, ship2.body.id] }],
      ['GET', `account/billingAddress/${bill.body.id}`],
      ['PATCH', `account/billingAddress/${bill.body.id}`, { name: 'Stolen', location: 'X' }],
      ['DELETE', 'account/billingAddress', { ids: [bill.body.id] }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.call(path, { method, token: intruder.token, ...(body ? { body } : {}) });
      expect(res, `${method} ${path}`).toEqual({ status: 404, body: { message: 'Address not found.' } });
    }
    // Every documented call with an id is among the attempts.
    const idCalls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      path.includes('{') ? Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/^\//, '')}`) : [],
    );
    const tried = new Set(attempts.map(([m, p]) => `${m} ${p.replace(/[0-9a-f-]{36}$/, '{id}')}`));
    // Orders, payments, agency and additional-cost links and operator calls have their own suite:
    // tests/server/orders/cross-account.test.ts checks each of theirs the same way; the staff
    // console's calls, tests/server/staff/access-matrix.test.ts (no customer token opens them).
    const ownSuite = /^\S+ (order|agency|additional-cost|admin|ops)\//;
    for (const call of idCalls.filter((c) => !c.includes('files/avatars') && !ownSuite.test(c))) expect(tried, call).toContain(call);

    // The intruder's lists show nothing of the owner's.
    expect((await t.call<{ total: number }>('account/address', { token: intruder.token })).body.total).toBe(0);
    expect((await t.call<{ total: number }>('account/shippingList', { token: intruder.token })).body.total).toBe(0);
    expect((await t.call<{ total: number }>('account/billingAddress', { token: intruder.token })).body.total).toBe(0);

    const after = {
      ship: await t.database.db.selectFrom('shipping_address').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
      bill: await t.database.db.selectFrom('billing_address').selectAll().where('user_id', '=', owner.userId).orderBy('id').execute(),
    };
    expect(after).toEqual(before);
  });

  test('a batch delete with mixed ids deletes only the caller’s own', async () => {
    const mine = await t.call<ShippingAddress>('account/address', { token: intruder.token, body: ADDRESS });
    const theirs = await t.call<ShippingAddress>('account/address', { token: owner.token, body: ADDRESS });
    expect(await t.call('account/address', { method: 'DELETE', token: intruder.token, body: { addressIds: [mine.body.id, theirs.body.id] } })).toEqual({
      status: 200,
      body: { deleted: 1 },
    });
    expect((await t.call(`account/address/${theirs.body.id}`, { token: owner.token })).status).toBe(200);
  });
});
