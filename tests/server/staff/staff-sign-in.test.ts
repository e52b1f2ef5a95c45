import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StaffChallenge, StaffMe, StaffSession } from '#domain/api/ops';
import { STAFF_MESSAGES } from '#domain/rules/staff-rules';
import { createStaffCli } from '#server/cli/create-staff';
import { openDatabase } from '#server/db/database';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { STAFF_PASSWORD, totpCode } from './staff-test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password = STAFF_PASSWORD) => t.call<StaffChallenge & { message: string }>('ops/auth/sign-in', { body: { email, password } });
const secondFactor = (challenge: string, code: string) =>
  t.call<StaffSession & { message: string; errors: Record<string, string[]> }>('ops/auth/second-factor', { body: { challenge, code } });

describe(`staff sign-in: password, then a TOTP code or a recovery code (${db})`, () => {
  test('a wrong password and an unknown email answer the same sentence; neither gives a challenge', async () => {
    await t.ctx.staff.create({ email: 'Ops.One@Shop.example', name: 'Ops One', role: 'operator', password: STAFF_PASSWORD });
    for (const res of [await signIn('ops.one@shop.example', 'wrong password 123'), await signIn('nobody@shop.example')]) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(STAFF_MESSAGES.signInFailed);
    }
  });

  test('the right code opens a staff session once; the same code again, a wrong code and an old challenge are refused', async () => {
    const created = await t.ctx.staff.create({ email: 'ops.two@shop.example', name: 'Ops Two', role: 'operator', password: STAFF_PASSWORD });
    const first = await signIn('OPS.TWO@shop.example');
    expect(first.status).toBe(200);
    const wrong = await secondFactor(first.body.challenge, '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([STAFF_MESSAGES.codeWrong]);
    const code = await totpCode(t, created.totpSecret);
    const ok = await secondFactor(first.body.challenge, code);
    expect(ok.status).toBe(200);
    expect(ok.body.staff).toMatchObject({ email: 'ops.two@shop.example', role: 'operator', permissions: ['orders.read', 'orders.move', 'payments.confirm', 'claims.decide', 'reviews.answer', 'customers.read', 'customers.manage', 'balance.adjust', 'payments.charge'], recoveryCodesLeft: 10 });
    // The same code, replayed within its 30 seconds, is refused (RFC 6238 section 5.2).
    expect((await secondFactor(first.body.challenge, code)).status).toBe(422);
    const me = await t.call<StaffMe>('ops/me', { token: ok.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.name).toBe('Ops Two');
    // Five minutes later the challenge is gone.
    const later = await signIn('ops.two@shop.example');
    t.clock.advance(5 * 60 + 1);
    const expired = await secondFactor(later.body.challenge, await totpCode(t, created.totpSecret));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(STAFF_MESSAGES.challengeExpired);
  });

  test('a recovery code works once, in any case and without its dashes; the count left goes down', async () => {
    const created = await t.ctx.staff.create({ email: 'admin.r@shop.example', name: 'Admin R', role: 'admin', password: STAFF_PASSWORD });
    const recovery = created.recoveryCodes[3] as string;
    const ok = await secondFactor((await signIn('admin.r@shop.example')).body.challenge, recovery.replaceAll('-', '').toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.staff.recoveryCodesLeft).toBe(9);
    expect((await secondFactor((await signIn('admin.r@shop.example')).body.challenge, recovery)).status).toBe(422);
    const audit = await t.database.db.selectFrom('staff_action').select(['action', 'after_state']).where('staff_id', '=', created.id).execute();
    expect(audit).toEqual([{ action: 'staff.sign_in', after_state: JSON.stringify({ with: 'recovery_code' }) }]);
  });

  test('signing out ends the session: the token opens nothing afterwards', async () => {
    const created = await t.ctx.staff.create({ email: 'ops.out@shop.example', name: 'Ops Out', role: 'operator', password: STAFF_PASSWORD });
    const session = await secondFactor((await signIn('ops.out@shop.example')).body.challenge, await totpCode(t, created.totpSecret));
    expect((await t.call('ops/auth/sign-out', { method: 'POST', token: session.body.accessToken })).status).toBe(200);
    expect((await t.call('ops/me', { token: session.body.accessToken })).status).toBe(401);
  });

  test('a customer cannot sign in as staff, and a staff token is no customer token', async () => {
    const customer = await t.registerUser({ password: STAFF_PASSWORD });
    expect((await signIn(customer.email)).status).toBe(401);
    const created = await t.ctx.staff.create({ email: 'ops.three@shop.example', name: 'Ops Three', role: 'operator', password: STAFF_PASSWORD });
    t.clock.advance(31);
    const session = await secondFactor((await signIn('ops.three@shop.example')).body.challenge, await totpCode(t, created.totpSecret));
    expect((await t.call('account/me', { token: session.body.accessToken })).status).toBe(401);
    expect((await t.call('ops/me', { token: customer.token })).status).toBe(401);
  });

  test('creating an account refuses a short password, an unknown role and a second account of one email', async () => {
    await expect(t.ctx.staff.create({ email: 'short@shop.example', name: 'S', role: 'admin', password: 'short' })).rejects.toMatchObject({ errors: { password: [STAFF_MESSAGES.passwordShort] } });
    await expect(t.ctx.staff.create({ email: 'x@shop.example', name: 'X', role: 'owner' as never, password: STAFF_PASSWORD })).rejects.toMatchObject({ status: 422 });
    await t.ctx.staff.create({ email: 'twice@shop.example', name: 'T', role: 'admin', password: STAFF_PASSWORD });
    await expect(t.ctx.staff.create({ email: 'TWICE@shop.example', name: 'T', role: 'admin', password: STAFF_PASSWORD })).rejects.toMatchObject({ status: 422 });
  });
});

describe.skipIf(db === 'postgres')('the first admin is made by a command (npm run staff:create)', () => {
  test('it prints the authenticator address and ten recovery codes once, and refuses without a password', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'staff-cli-'));
    try {
      const lines: string[] = [];
      expect(await createStaffCli(['first@shop.example', 'admin', 'First', 'Admin'], { DATA_DIR: dir }, (l) => lines.push(l))).toBe(1);
      expect(lines[0]).toMatch(/^Usage: STAFF_PASSWORD=/);
      lines.length = 0;
      expect(await createStaffCli(['first@shop.example', 'admin', 'First', 'Admin'], { DATA_DIR: dir, STAFF_PASSWORD }, (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toBe('Created admin first@shop.example.');
      expect(lines.some((l) => l.trim().startsWith('otpauth://totp/'))).toBe(true);
      expect(lines.filter((l) => /^ {2}[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/.test(l))).toHaveLength(10);
      const database = openDatabase({ databaseUrl: undefined, sqliteFile: path.join(dir, 'manufacture.db') });
      const row = await database.db.selectFrom('staff_account').select(['role', 'name']).executeTakeFirstOrThrow();
      await database.close();
      expect(row).toEqual({ role: 'admin', name: 'First Admin' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
