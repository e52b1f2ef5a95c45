import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CaptchaChallengeResponse } from '#domain/api/tools';
import { PROOF_OF_WORK } from '#server/auth/captcha';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 12 item 11: the way through for anyone who cannot read the image. A proof-of-work
 * challenge, solved as the browser solves it (altcha-lib with WebCrypto), is a captcha answer:
 * right once, then used up; wrong, expired or reused, refused; and it shares the image's limit.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  limited = await createTestApp({ rateLimitFactor: 1, trustProxy: true });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

const person = (email: string) => ({ email, password: 'secret-1x', confirmPassword: 'secret-1x', firstName: 'Ada', lastName: 'Lovelace', agreeTerms: true });

async function challenge(app: TestApp = t) {
  const res = await app.call<CaptchaChallengeResponse>('tools/captchaChallenge');
  expect(res.status).toBe(200);
  return res.body;
}

/** What the browser's worker does: counters from 0 up until the key starts with the prefix. */
async function solve({ challenge: parameters }: CaptchaChallengeResponse): Promise<string> {
  const solution = await solveChallenge({ challenge: { parameters }, deriveKey });
  if (!solution) throw new Error('no solution');
  return String(solution.counter);
}

describe(`GET tools/captchaChallenge and sign-up without the image (${db})`, () => {
  test('a challenge says how to work, never the answer; solved, it signs a person up once', async () => {
    const c = await challenge();
    expect(c.expiresIn).toBe(300);
    expect(c.challenge).toEqual({
      algorithm: 'PBKDF2/SHA-256',
      cost: PROOF_OF_WORK.cost,
      keyLength: 32,
      keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const counter = await solve(c);
    expect(Number(counter)).toBeGreaterThanOrEqual(PROOF_OF_WORK.counterMin);
    expect(Number(counter)).toBeLessThanOrEqual(PROOF_OF_WORK.counterMax);
    expect(JSON.stringify(c)).not.toContain(`:${counter},`);

    const ok = await t.call('account/register', { body: { ...person('pow@example.com'), captchaId: c.captchaId, captchaCode: counter } });
    expect(ok.status).toBe(201);
    // Single use: the same solution does not sign up a second account.
    const again = await t.call('account/register', { body: { ...person('pow2@example.com'), captchaId: c.captchaId, captchaCode: counter } });
    expect(again).toEqual({ status: 422, body: { message: 'The CAPTCHA is wrong or has expired; please try again.', errors: { captchaCode: ['The CAPTCHA is wrong or has expired; please try again.'] } } });
  }, 60_000);

  test('a wrong counter is refused and uses the challenge up', async () => {
    const c = await challenge();
    const counter = await solve(c);
    const wrong = await t.call('account/register', { body: { ...person('guess@example.com'), captchaId: c.captchaId, captchaCode: String(Number(counter) + 1) } });
    expect(wrong.status).toBe(422);
    const late = await t.call('account/register', { body: { ...person('guess@example.com'), captchaId: c.captchaId, captchaCode: counter } });
    expect(late.status).toBe(422);
  }, 60_000);

  test('a solution after five minutes is refused', async () => {
    const c = await challenge();
    const counter = await solve(c);
    t.clock.advance(301);
    const res = await t.call('account/register', { body: { ...person('slow@example.com'), captchaId: c.captchaId, captchaCode: counter } });
    expect(res.status).toBe(422);
  }, 60_000);

  test('a solution of one challenge does not answer another', async () => {
    const first = await challenge();
    const second = await challenge();
    const counter = await solve(first);
    const res = await t.call('account/register', { body: { ...person('swap@example.com'), captchaId: second.captchaId, captchaCode: counter } });
    const stored = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', second.captchaId).executeTakeFirstOrThrow();
    // Counters are drawn at random; were both the same (1 in 6,000), the answer would be right.
    expect(res.status).toBe(stored.answer === counter ? 201 : 422);
  }, 60_000);

  test('challenges and images share one rate limit per address (30 a minute)', async () => {
    const headers = { 'x-forwarded-for': '10.9.0.1' };
    for (let i = 0; i < 15; i++) expect((await limited.call('tools/captchaImage', { headers })).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await limited.call('tools/captchaChallenge', { headers })).status).toBe(200);
    expect((await limited.call('tools/captchaChallenge', { headers })).status).toBe(429);
    expect((await limited.call('tools/captchaImage', { headers })).status).toBe(429);
    expect((await limited.call('tools/captchaChallenge', { headers: { 'x-forwarded-for': '10.9.0.2' } })).status).toBe(200);
  });
});
