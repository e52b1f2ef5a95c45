import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAppWithContext } from '#server/app';
import { readConfig } from '#server/config';
import { openDatabase, type Db } from '#server/db/database';
import { MESSAGE_UNAVAILABLE, isServiceUnavailable } from '#server/errors';
import { SharedRateLimiter } from '#server/auth/rate-limit';
import { SharedLoginThrottle } from '#server/auth/login-throttle';
import { systemClock } from '#server/clock';
import { MemoryStorage } from '#server/storage/storage';

/**
 * Issue 41 item 4: a database that does not answer is a 503 with the spec's "Service is being
 * upgraded, please come back later." on every route that needs it, never a 500 "Unexpected error".
 * The app is wired as main.ts wires it on PostgreSQL (shared rate limits and login back-off), to a
 * PostgreSQL address where nothing listens.
 */
let database: Db;
let app: ReturnType<typeof createAppWithContext>['app'];
beforeAll(() => {
  database = openDatabase({ databaseUrl: 'postgres://shop:secret@127.0.0.1:9/shop', sqliteFile: '', postgres: { poolMax: 2 } });
  const config = { ...readConfig({ NODE_ENV: 'test' }), databaseUrl: 'postgres://shop:secret@127.0.0.1:9/shop', jwtSecret: 'a-secret-for-this-test-0123456789abcdef', rateLimitFactor: 1 };
  ({ app } = createAppWithContext({
    db: database.db,
    config,
    storage: new MemoryStorage(),
    log: () => undefined,
    rateLimiter: new SharedRateLimiter(database.pool!, 1),
    loginThrottle: new SharedLoginThrottle(database.db, systemClock, 1),
  }));
});
afterAll(() => database.close().catch(() => undefined));

describe('the database is down', () => {
  test.each([
    ['POST', '/api/manufacture/account/login', { email: 'ada@example.com', password: 'plum-kettle-9' }],
    ['GET', '/api/manufacture/tools/countryList?type=phoneCode', undefined],
    ['POST', '/api/manufacture/account/temporaryToken', undefined],
    ['POST', '/api/manufacture/account/password/resetSend', { email: 'ada@example.com' }],
  ])('%s %s: 503 with the spec’s words and Retry-After', async (method, path, body) => {
    const res = await app.request(path, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: MESSAGE_UNAVAILABLE });
  });

  test('the failures that mean "cannot be reached" are told from the others', () => {
    expect(isServiceUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isServiceUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isServiceUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P03' }) }))).toBe(true);
    expect(isServiceUnavailable(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isServiceUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});
