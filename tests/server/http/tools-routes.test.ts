import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PhoneCodeEntry } from '#domain/api/tools';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`GET tools/countryList (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  test('lists calling codes from the seeded dataset, sorted by country name', async () => {
    const res = await t.api('tools/countryList?type=phoneCode');
    expect(res.status).toBe(200);
    const list = (await res.json()) as PhoneCodeEntry[];
    expect(list.length).toBeGreaterThan(240);
    expect(list).toContainEqual({ id: 'GB-44', countryCode: 'GB', countryName: 'United Kingdom', phoneCode: '+44' });
    expect(list).toContainEqual({ id: 'US-1', countryCode: 'US', countryName: 'United States', phoneCode: '+1' });
    const names = list.map((e) => e.countryName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
  });

  test('gives every calling code of a country its own row', async () => {
    const list = (await (await t.api('tools/countryList?type=phoneCode')).json()) as PhoneCodeEntry[];
    const dominican = list.filter((e) => e.countryCode === 'DO').map((e) => e.phoneCode);
    expect(dominican).toEqual(['+1809', '+1829', '+1849']);
  });

  test('answers an unknown list type with 422 and a message', async () => {
    const res = await t.api('tools/countryList?type=planets');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'Type must be one of: phoneCode, country, state.', errors: { type: ['Type must be one of: phoneCode, country, state.'] } });
  });

  test('is served under the configured business segment only', async () => {
    expect((await t.fetch('/api/other-segment/tools/countryList?type=phoneCode')).status).toBe(404);
    const res = await t.fetch('/api/nope');
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  test('the microservice API answers under its own base', async () => {
    const res = await t.fetch(`/msapi/${t.config.apiSegment}/health`);
    expect(await res.json()).toEqual({ ok: true });
  });
});

test('a configured segment moves every call', async () => {
  const other = await createTestApp({ apiSegment: 'wedo' });
  try {
    expect((await other.fetch('/api/wedo/tools/countryList?type=country')).status).toBe(200);
    expect((await other.fetch('/api/manufacture/tools/countryList?type=country')).status).toBe(404);
  } finally {
    await other.close();
  }
});
