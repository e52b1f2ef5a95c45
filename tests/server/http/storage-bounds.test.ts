import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RATE_LIMITS } from '#server/auth/rate-limit';
import { UTM_KEYS, UTM_VALUE_MAX } from '#server/accounts/visits';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 12 item 8: what an anonymous caller can make the server store. The probe stored a 1 MB
 * campaign row (2,000 utm_* keys), 1 MB profile fields and a 5 MB contact message.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitFactor: 1, trustProxy: true });
});
afterAll(() => t.close());

let address = 0;
const from = () => ({ 'x-forwarded-for': `10.7.${Math.floor(++address / 250)}.${address % 250}` });

describe(`stored text is bounded (${db})`, () => {
  test('a campaign record keeps only the known utm_* keys, each at most 256 characters', async () => {
    // 2,000 keys (what fits in the 64 kB body limit), half at the top level, half under `query`.
    const flood = (from: number) => Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`utm_k${from + i}`, `v${i}`]));
    const res = await t.call('tools/semRecord', {
      headers: from(),
      body: { browse_url: 'https://shop/manufacture/quote?utm_source=x', ...flood(0), utm_source: 's'.repeat(400), UTM_Medium: 'cpc', query: { ...flood(1000), utm_campaign: 'spring' } },
    });
    expect(res.status).toBe(201);
    const row = await t.database.db.selectFrom('sem_record').select('utm').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const utm = JSON.parse(row.utm) as Record<string, string>;
    expect(utm).toEqual({ utm_source: 's'.repeat(UTM_VALUE_MAX), utm_medium: 'cpc', utm_campaign: 'spring' });
    expect(Object.keys(utm).every((k) => (UTM_KEYS as readonly string[]).includes(k))).toBe(true);
    expect(row.utm.length).toBeLessThan(UTM_KEYS.length * (UTM_VALUE_MAX + 20));
  });

  test('the probe’s 1 MB campaign record, 1 MB profile field and 5 MB message are refused before they are read', async () => {
    const big = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`utm_k${i}`, 'x'.repeat(500)]));
    expect((await t.call('tools/semRecord', { headers: from(), body: { browse_url: 'https://shop/', ...big } })).status).toBe(413);
    const u = await t.registerUser();
    expect((await t.call('account/me', { method: 'PATCH', token: u.token, body: { company: 'x'.repeat(1024 * 1024) } })).status).toBe(413);
    expect((await t.call('account/contactUs', { headers: from(), body: { name: 'A', email: 'a@example.com', message: 'x'.repeat(5 * 1024 * 1024) } })).status).toBe(413);
  });

  test('under the body limit, each field keeps its own bound', async () => {
    const u = await t.registerUser();
    const profile = await t.call<{ errors: Record<string, string[]> }>('account/me', { method: 'PATCH', token: u.token, body: { company: 'x'.repeat(101) } });
    expect(profile.status).toBe(422);
    expect(profile.body.errors.company).toEqual(['Company can be at most 100 characters.']);
    const contact = await t.call<{ errors: Record<string, string[]> }>('account/contactUs', { headers: from(), body: { name: 'A', email: 'a@example.com', subject: 'Q', message: 'x'.repeat(5001) } });
    expect(contact.status).toBe(422);
    expect(contact.body.errors.message).toEqual(['The message can be at most 5,000 characters.']);
  });
});

describe(`anonymous writes are rate-limited per address (${db})`, () => {
  const limited = async (name: keyof typeof RATE_LIMITS, send: (headers: Record<string, string>) => Promise<{ status: number }>) => {
    const headers = from();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS[name].limit; i++) statuses.push((await send(headers)).status);
    expect(statuses.slice(0, -1).every((s) => s !== 429), name).toBe(true);
    expect(statuses.at(-1), name).toBe(429);
    expect((await send(from())).status, `${name} from another address`).not.toBe(429);
  };

  test('semRecord, detain, referral visits, quick-login starts and quote projects', async () => {
    await limited('campaign', (headers) => t.call('tools/semRecord', { headers, body: { browse_url: 'https://shop/', utm_source: 'a' } }));
    const { body } = await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST', headers: from() });
    await limited('detain', (headers) => t.call('tools/detain', { headers, token: body.temporaryToken, body: { option: 'Other', reason: 'x' } }));
    await limited('visit', (headers) => t.call('account/distribution/access?cm=ABCDEF', { headers }));
    await limited('quickStart', (headers) => t.call('account/quick/loginUrl?channel=none&callback=x', { headers }));
    await limited('project', (headers) =>
      t.fetch(`/msapi/${t.config.apiSegment}/project`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', authorization: `Bearer ${body.temporaryToken}` },
        body: JSON.stringify({ name: 'P', process: 'cnc' }),
      }),
    );
  });
});
