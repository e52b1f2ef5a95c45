import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommonIndexResponse } from '#domain/api/common';
import type { CaptchaResponse, StateEntry } from '#domain/api/tools';
import { DETAIN_MESSAGES } from '#domain/rules/detain-rules';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`common/index (${db})`, () => {
  test('anonymous: no user, and the general data of spec sections 1 and 9', async () => {
    const { status, body } = await t.call<CommonIndexResponse>('common/index');
    expect(status).toBe(200);
    expect(body.userInfo).toBeNull();
    expect(body.processes.map((p) => [p.id, p.kind])).toEqual([
      [22, '3d-printing'],
      [23, 'cnc'],
      [27, 'vacuum-casting'],
    ]);
    expect(body.bankAccounts.map((b) => b.currency)).toEqual(['USD', 'HKD', 'EUR', 'GBP', 'RMB']);
    expect(body.currencies.filter((c) => c.card).map((c) => c.code)).toEqual(['USD']);
    expect(body.limits).toMatchObject({ apiTimeoutMs: 20_000, minReloadUsd: 100, historyVisibleYears: 2, accountDeletionConfirmHours: 24, passwordMinLength: 6 });
    expect(body.quickLogin).toEqual([]);
  });

  test('with a full token: the user info', async () => {
    const u = await t.registerUser();
    const { body } = await t.call<CommonIndexResponse>('common/index', { token: u.token });
    expect(body.userInfo?.email).toBe(u.email);
  });
});

describe(`tools (${db})`, () => {
  test('captchaImage: an SVG image, single use', async () => {
    const { body } = await t.call<CaptchaResponse>('tools/captchaImage');
    expect(body.expiresIn).toBe(300);
    expect(Buffer.from(body.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const row = await t.database.db.selectFrom('captcha').select('answer').where('id', '=', body.captchaId).executeTakeFirstOrThrow();
    expect(await t.ctx.captcha.solve(body.captchaId, row.answer.toUpperCase())).toBe(true);
    expect(await t.ctx.captcha.solve(body.captchaId, row.answer)).toBe(false);
  });

  test('countryList type=state lists a country’s subdivisions', async () => {
    const { body } = await t.call<StateEntry[]>('tools/countryList?type=state&country=us');
    expect(body).toContainEqual({ code: 'US-CA', name: 'California' });
    expect((await t.call('tools/countryList?type=state&country=ZZ')).status).toBe(422);
  });

  test('semRecord stores referer, page and the known utm parameters; needs at least one', async () => {
    const res = await t.call('tools/semRecord', {
      body: { referer: 'https://search.example/', browse_url: 'https://shop/manufacture/quote?utm_source=news', query: { utm_source: 'news', utm_campaign: 'spring', other: 'x' } },
    });
    expect(res.status).toBe(201);
    const row = await t.database.db.selectFrom('sem_record').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.utm)).toEqual({ utm_source: 'news', utm_campaign: 'spring' });
    expect(row.referer).toBe('https://search.example/');
    const none = await t.call('tools/semRecord', { body: { browse_url: 'https://shop/' } });
    const message = 'At least one campaign parameter is required (utm_source, utm_medium, utm_campaign, utm_term, utm_content, utm_id).';
    expect(none).toEqual({ status: 422, body: { message, errors: { query: [message] } } });
  });

  test('detain: an option is required, a reason with Other; a user’s answer stops the dialog', async () => {
    const u = await t.registerUser();
    expect(await t.call('tools/detain', { token: u.token, body: {} })).toEqual({
      status: 422,
      body: { message: DETAIN_MESSAGES.optionRequired, errors: { option: [DETAIN_MESSAGES.optionRequired] } },
    });
    expect(await t.call('tools/detain', { token: u.token, body: { option: 'Other', reason: ' ' } })).toEqual({
      status: 422,
      body: { message: DETAIN_MESSAGES.reasonRequired, errors: { reason: [DETAIN_MESSAGES.reasonRequired] } },
    });
    expect((await t.call('tools/detain', { token: u.token, body: { option: 'Other', reason: 'Need anodising' } })).status).toBe(201);
    expect((await t.call<{ detainPopup: boolean }>('account/me', { token: u.token })).body.detainPopup).toBe(false);
    expect((await t.call('tools/detain', { body: { option: 'Other', reason: 'x' } })).status).toBe(401);
  });
});

describe(`OpenAPI and the outbox (${db})`, () => {
  test('openapi.json documents every section 7 call with its auth', async () => {
    const { status, body } = await t.call<{ openapi: string; paths: Record<string, Record<string, { 'x-auth': string }>> }>('openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const calls = [
      'get /account/me', 'patch /account/me', 'post /account/uploadImage', 'get /account/shippingList', 'post /account/login', 'get /account/logout',
      'post /account/register', 'post /account/activeEmail', 'post /account/activate', 'post /account/password/resetSend', 'patch /account/password/reset',
      'post /account/contactUs', 'get /account/promoCodeList', 'get /account/distribution/access', 'get /account/quick/list', 'get /account/quick/loginUrl',
      'post /account/quick/callback', 'patch /account/quick/unlinkQuick', 'get /account/address', 'get /account/address/{id}', 'delete /account/address/{id}',
      'patch /account/address/setDefault/{id}', 'delete /account/address', 'get /account/billingAddress', 'get /account/billingAddress/{id}',
      'post /account/billingAddress', 'patch /account/billingAddress/{id}', 'delete /account/billingAddress', 'get /account/balance/rechargeList',
      'get /account/balance/transactionList', 'get /account/balance/wePointTransactionList', 'post /member/paymentList', 'get /common/index',
      'get /tools/countryList', 'get /tools/captchaImage', 'post /tools/semRecord', 'post /tools/detain', 'post /account/temporaryToken',
      'post /account/deletion', 'post /account/deletion/confirm',
    ];
    for (const call of calls) {
      const [method = '', path = ''] = call.split(' ');
      expect(body.paths[path]?.[method], call).toBeDefined();
    }
    expect(body.paths['/account/me']?.get?.['x-auth']).toBe('user');
  });

  test('the outbox lists recent mail as JSON or HTML, with links', async () => {
    await t.call('account/password/resetSend', { body: { email: (await t.registerUser()).email } });
    const html = await t.fetch('/dev/outbox', { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(await html.text()).toContain('/manufacture/reset-password?key=');
  });

  test('the outbox is closed in production, with SMTP or without (issue 12 item 2; tests/server/http/dev-routes.test.ts has the rest)', async () => {
    const withSmtp = await createTestApp({ production: true, smtpUrl: 'smtp://127.0.0.1:1' });
    const withoutSmtp = await createTestApp({ production: true });
    try {
      expect((await withSmtp.fetch('/dev/outbox')).status).toBe(404);
      expect((await withoutSmtp.fetch('/dev/outbox')).status).toBe(404);
    } finally {
      await withSmtp.close();
      await withoutSmtp.close();
    }
  });
});
