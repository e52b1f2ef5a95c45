import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertUser } from '#server/accounts/users';
import { readConfig } from '#server/config';
import { DEV_OUTBOX_TTL_SECONDS, REMOVED_LINK, REMOVED_SECRET } from '#server/mail/mailer';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 12 items 2 and 10: the developer's outbox holds live reset links, so it is closed in
 * production unless DEV_OUTBOX=1, and then only opens to ADMIN_TOKEN; a proxy cannot pass for a
 * local caller; and no live key is ever written to the database.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const ADMIN = 'operator-token-0123456789';

/** An activated account made directly in the database (for apps whose outbox a test cannot read). */
async function activatedAccount(t: TestApp, email: string): Promise<void> {
  const at = new Date().toISOString();
  await insertUser(t.database.db, { email, activated_at: at, created_at: at, updated_at: at });
}

/** Every text column of every outbox_mail row, as one string to search for keys. */
async function storedMailText(t: TestApp): Promise<string> {
  const rows = await t.database.db.selectFrom('outbox_mail').selectAll().execute();
  return JSON.stringify(rows);
}

/** Asks for a reset of `email` and answers the key from the developer's outbox. */
async function resetKey(t: TestApp, email: string, headers: Record<string, string> = {}): Promise<string> {
  expect((await t.call('account/password/resetSend', { body: { email } })).status).toBe(200);
  const res = await t.fetch(`/dev/outbox?to=${encodeURIComponent(email)}`, { headers });
  expect(res.status).toBe(200);
  const { list } = (await res.json()) as { list: { links: string[]; subject: string }[] };
  const link = list.find((m) => m.subject.startsWith('Reset'))?.links[0] ?? '';
  return new URL(link).searchParams.get('key') ?? '';
}

describe(`the outbox in production (${db})`, () => {
  test('without SMTP (the probe: reset → read the outbox → log in as the victim) it does not exist', async () => {
    const t = await createTestApp({ production: true, smtpUrl: undefined, adminToken: ADMIN });
    try {
      await activatedAccount(t, 'victim@example.com');
      expect((await t.call('account/password/resetSend', { body: { email: 'victim@example.com' } })).status).toBe(200);
      // Through a reverse proxy on the same host, or straight from the machine: nothing to read.
      expect((await t.fetch('/dev/outbox', { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(404);
      expect((await t.fetch('/dev/outbox')).status).toBe(404);
      expect((await t.fetch('/dev/outbox', { headers: { 'x-admin-token': ADMIN } })).status).toBe(404);
      expect(t.ctx.mailer.outbox).toBeUndefined();
      // The link still reaches the operator's console, as before.
      expect(t.log.some((line) => line.includes('/manufacture/reset-password?key='))).toBe(true);
    } finally {
      await t.close();
    }
  });

  test('with DEV_OUTBOX=1 it answers only the ADMIN_TOKEN, wherever the call comes from', async () => {
    const t = await createTestApp({ production: true, devOutbox: true, adminToken: ADMIN });
    try {
      await activatedAccount(t, 'owner@example.com');
      await t.call('account/password/resetSend', { body: { email: 'owner@example.com' } });
      expect((await t.fetch('/dev/outbox')).status).toBe(404);
      expect((await t.fetch('/dev/outbox', { headers: { 'x-admin-token': 'wrong-token-0123456789' } })).status).toBe(404);
      const open = await t.fetch('/dev/outbox', { headers: { 'x-admin-token': ADMIN, 'x-forwarded-for': '203.0.113.7' } });
      expect(open.status).toBe(200);
      expect(JSON.stringify(await open.json())).toContain('/manufacture/reset-password?key=');
    } finally {
      await t.close();
    }
  });

  test('DEV_OUTBOX=1 without ADMIN_TOKEN is refused at start with one sentence', () => {
    expect(() => readConfig({ NODE_ENV: 'production', BANK_ACCOUNTS: 'demo', DEV_OUTBOX: '1' })).toThrow('DEV_OUTBOX=1 needs ADMIN_TOKEN in production: the outbox answers only callers holding it');
    expect(readConfig({ NODE_ENV: 'production', BANK_ACCOUNTS: 'demo', DEV_OUTBOX: '1', ADMIN_TOKEN: ADMIN }).devOutbox).toBe(true);
  });
});

describe(`the outbox outside production (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  });
  afterAll(() => t.close());

  test('a local caller reads it; a request relayed by a proxy does not, whatever address it claims', async () => {
    const { email } = await t.registerUser();
    expect(await resetKey(t, email)).not.toBe('');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via']) {
      const value = header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1';
      expect((await t.fetch('/dev/outbox', { headers: { [header]: value } })).status, header).toBe(404);
    }
    expect((await t.fetch('/dev/outbox', { headers: { 'x-forwarded-for': '127.0.0.1', 'x-admin-token': ADMIN } })).status).toBe(200);
  });

  test('mails stay in memory for 30 minutes, then are gone', async () => {
    const { email } = await t.registerUser();
    await resetKey(t, email);
    t.clock.advance(DEV_OUTBOX_TTL_SECONDS + 1);
    expect(await t.outbox(email)).toEqual([]);
  });

  test('the database log holds no live key: the reset link (the key travels in it alone) is removed', async () => {
    const { email } = await t.registerUser();
    const key = await resetKey(t, email);
    const stored = await storedMailText(t);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('?key=');
    expect(stored).not.toContain('?activate=');
    const row = await t.database.db.selectFrom('outbox_mail').selectAll().where('to_address', '=', email).where('subject', 'like', 'Reset%').executeTakeFirstOrThrow();
    expect(row.links).toBe('[]');
    expect(row.body_text).toContain(REMOVED_LINK);
    // No code to type: the mail carries the key in its link only (issue 35).
    expect(row.body_text).not.toContain(REMOVED_SECRET);
    // The key itself works: it was only kept out of the log.
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'newpass123', confirmPassword: 'newpass123' } })).status).toBe(200);
  });
});

describe(`production with SMTP (${db})`, () => {
  test('nothing with a live key is stored or printed; there is no outbox', async () => {
    const t = await createTestApp({ production: true, smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await activatedAccount(t, 'owner@example.com');
      expect((await t.call('account/password/resetSend', { body: { email: 'owner@example.com' } })).status).toBe(200);
      const stored = await storedMailText(t);
      expect(stored).toContain('Reset your Manufacture password');
      expect(stored).not.toMatch(/key=|activate=/);
      expect(t.ctx.mailer.outbox).toBeUndefined();
      expect(t.log.join('\n')).not.toContain('key=');
      // The token table keeps only the key's hash: nothing in the database can be used as a key.
      const token = await t.database.db.selectFrom('email_token').select('token_hash').executeTakeFirstOrThrow();
      expect(token.token_hash).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await t.close();
    }
  });
});
