import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitFactor: 1, trustProxy: true });
});
afterAll(() => t.close());

let attempt = 0;
// Another email each time: the per-account back-off (login-throttle.test.ts) is not what is tested here.
const login = (ip: string) => t.call('account/login', { body: { email: `a${++attempt}@example.com`, password: 'wrong1' }, headers: { 'x-forwarded-for': ip } });

test('login: 10 a minute per address, then 429 with Retry-After; the window slides', async () => {
  for (let i = 0; i < 10; i++) expect((await login('10.0.0.1')).status).toBe(422);
  const limited = await login('10.0.0.1');
  expect(limited.status).toBe(429);
  expect((limited.body as { message: string }).message).toMatch(/^Too many attempts; please try again in \d+ seconds?\.$/);
  expect((await login('10.0.0.2')).status).toBe(422);
  t.clock.advance(61);
  // On PostgreSQL the shared limiter (ADR 119) reads the wall clock: a minute passes there too.
  if (t.database.kind === 'postgres') vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
  try {
    expect((await login('10.0.0.1')).status).toBe(422);
  } finally {
    vi.useRealTimers();
  }
});

test('captcha and register have their own limits', async () => {
  for (let i = 0; i < 30; i++) expect((await t.call('tools/captchaImage', { headers: { 'x-forwarded-for': '10.0.1.1' } })).status).toBe(200);
  expect((await t.call('tools/captchaImage', { headers: { 'x-forwarded-for': '10.0.1.1' } })).status).toBe(429);
  for (let i = 0; i < 5; i++) await t.call('account/register', { body: {}, headers: { 'x-forwarded-for': '10.0.1.1' } });
  expect((await t.call('account/register', { body: {}, headers: { 'x-forwarded-for': '10.0.1.1' } })).status).toBe(429);
  for (let i = 0; i < 5; i++) await t.call('account/password/resetSend', { body: {}, headers: { 'x-forwarded-for': '10.0.1.1' } });
  expect((await t.call('account/password/resetSend', { body: {}, headers: { 'x-forwarded-for': '10.0.1.1' } })).status).toBe(429);
});
