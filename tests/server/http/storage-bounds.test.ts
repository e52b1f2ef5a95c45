import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RATE_LIMITS } from '#server/auth/rate-limit';
import { UTM_KEYS, UTM_VALUE_MAX } from '#server/accounts/visits';
import { MAX } from '#domain/api/fields';
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

type JsonSchema = { $ref?: string; type?: string | string[]; maxLength?: number; maxItems?: number; enum?: unknown[]; const?: unknown; format?: string; pattern?: string; items?: JsonSchema; properties?: Record<string, JsonSchema>; additionalProperties?: JsonSchema | boolean; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[] };
type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> }; parameters?: { in: string; name: string; schema: JsonSchema }[] }>>; components?: { schemas?: Record<string, JsonSchema> } };

/** Every text without a maximum length and every list without a maximum count in `schema`. */
function unbounded(doc: OpenApi, schema: JsonSchema | undefined, at: string, out: string[], seen = new Set<JsonSchema>()): string[] {
  const s = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] : schema;
  if (!s || seen.has(s)) return out;
  seen.add(s);
  for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) unbounded(doc, part, at, out, seen);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && s.maxLength === undefined && !s.enum && s.const === undefined && !s.format && !s.pattern) out.push(`${at}: text without a maximum`);
  if (types.includes('array')) {
    if (s.maxItems === undefined) out.push(`${at}: list without a maximum`);
    unbounded(doc, s.items, `${at}[]`, out, seen);
  }
  for (const [key, value] of Object.entries(s.properties ?? {})) unbounded(doc, value, `${at}.${key}`, out, seen);
  if (typeof s.additionalProperties === 'object') unbounded(doc, s.additionalProperties, `${at}{}`, out, seen);
  return out;
}

describe(`every stored text of every screen is bounded (${db})`, () => {
  test('no JSON body or query of either API has a text without a maximum length or a list without a maximum count', async () => {
    // The account, rewards and after-order screens added routes since the probe: this walks all of
    // them (and any added later) in the OpenAPI documents made from the same zod schemas that check
    // the requests. Path parameters are never stored; records (the campaign's utm_* and checkout's
    // line comments) bound their values here and their keys in the handler.
    const found: string[] = [];
    for (const base of ['api', 'msapi']) {
      const doc = (await (await t.fetch(`/${base}/${t.config.apiSegment}/openapi.json`)).json()) as OpenApi;
      expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
      for (const [path, operations] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(operations)) {
          const where = `${base} ${method.toUpperCase()} ${path}`;
          unbounded(doc, op.requestBody?.content?.['application/json']?.schema, `${where} body`, found);
          for (const p of op.parameters ?? []) if (p.in === 'query') unbounded(doc, p.schema, `${where} ?${p.name}`, found);
        }
    }
    expect(found).toEqual([]);
  });

  test('profile, addresses, project names, reviews, after-sale requests and contact subjects refuse text past their bound', async () => {
    const u = await t.registerUser();
    const refused = async (path: string, method: string, body: Record<string, unknown>, field: string, base?: 'msapi') => {
      const res = base
        ? await t.fetch(`/msapi/${t.config.apiSegment}/${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` }, body: JSON.stringify(body) })
        : await t.call(path, { method, token: u.token, body });
      const answer = (base ? { status: res.status, body: await (res as Response).json() } : res) as { status: number; body: { errors?: Record<string, string[]> } };
      expect(answer.status, `${method} ${path} ${field}`).toBe(422);
      expect(answer.body.errors?.[field]?.[0], `${method} ${path} ${field}`).toMatch(/at most [\d,]+ characters|^This is too long\.$/);
    };
    await refused('account/me', 'PATCH', { firstName: 'x'.repeat(MAX.name + 1) }, 'firstName');
    await refused('account/me', 'PATCH', { title: 'x'.repeat(MAX.name + 1) }, 'title');
    const address = { firstName: 'Ada', lastName: 'Lovelace', phoneCode: '+44', mobile: '7700900000', countryCode: 'GB', city: 'London', postcode: 'N1 9GU', addressLine1: 'x'.repeat(MAX.line + 1) };
    await refused('account/address', 'POST', address, 'addressLine1');
    await refused('account/billingAddress', 'POST', { ...address, companyName: 'x'.repeat(MAX.line + 1), addressLine1: '1 Road' }, 'companyName');
    await refused('project/00000000-0000-4000-8000-000000000000', 'PATCH', { name: 'x'.repeat(MAX.line + 1) }, 'name', 'msapi');
    await refused('order/00000000-0000-4000-8000-000000000000/review', 'POST', { stars: 5, workmanship: 5, product: 5, service: 5, logistics: 5, comments: 'x'.repeat(MAX.longText + 1) }, 'comments');
    await refused('order/after-sale', 'POST', { orderNumber: 'PO-1', wedoOrderNumber: 'W1', items: [], reason: 'x'.repeat(MAX.longText + 1) }, 'reason');
    await refused('account/contactUs', 'POST', { name: 'A', email: 'a@example.com', subject: 'x'.repeat(MAX.line + 1), message: 'Hello' }, 'subject');
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
