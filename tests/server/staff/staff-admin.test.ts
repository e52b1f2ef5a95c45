import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StaffChallenge, StaffList, StaffMe, StaffSession } from '#domain/api/ops';
import type { StaffInvitation, StaffInvitationSent, StaffRecoveryCodes } from '#domain/api/ops-staff';
import { STAFF_INVITATION_DAYS, STAFF_MESSAGES } from '#domain/rules/staff-rules';
import { LoginThrottle } from '#server/auth/login-throttle';
import { StaffAccounts } from '#server/staff/staff-accounts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { STAFF_PASSWORD, signedInStaff, totpCode, type SignedInStaff } from './staff-test-app.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let admin: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(() => t.close());

type Answer<T> = T & { message: string; errors: Record<string, string[]> };
const invite = (body: Record<string, unknown>, token = admin.token) => t.call<Answer<StaffInvitationSent>>('ops/staff/invitations', { token, body });
const keyOf = async (email: string) => new URL((await t.outbox(email))[0]!.links[0]!).searchParams.get('key')!;
const actions = (subjectId: string) => t.ctx.db.selectFrom('staff_action').select(['action', 'staff_id', 'subject_kind']).where('subject_id', '=', subjectId).orderBy('created_at').execute();

async function signIn(email: string, secret: string, password = STAFF_PASSWORD) {
  const first = await t.call<Answer<StaffChallenge>>('ops/auth/sign-in', { body: { email, password } });
  if (first.status !== 200) return first;
  return t.call<Answer<StaffSession>>('ops/auth/second-factor', { body: { challenge: first.body.challenge, code: await totpCode(t, secret) } });
}

describe(`staff invited by mail, disabled and enabled, recovery codes renewed (${db})`, () => {
  test('an admin invites by mail; the invitee enrols TOTP with a first code, sets a password, gets recovery codes and signs in; the link then is gone', async () => {
    const sent = await invite({ name: 'Ivy Invitee', email: 'Ivy@Shop.example', role: 'operator' });
    expect(sent.status).toBe(201);
    expect(sent.body.email).toBe('ivy@shop.example');
    const mail = (await t.outbox('ivy@shop.example'))[0]!;
    expect(mail.subject).toBe('You are invited to the Manufacture staff console');
    expect(mail.text).toContain(`valid for ${STAFF_INVITATION_DAYS} days`);
    expect(mail.links[0]).toMatch(/\/manufacture\/ops\/invitation\?key=/);
    const key = await keyOf('ivy@shop.example');

    const shown = await t.call<StaffInvitation>('ops/invitation', { body: { key } });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ email: 'ivy@shop.example', name: 'Ivy Invitee', role: 'operator' });
    expect(shown.body.totpUri).toContain(`secret=${shown.body.totpSecret}`);

    // A short password and a wrong code are refused and leave the invitation open.
    expect((await t.call<Answer<object>>('ops/invitation/accept', { body: { key, password: 'short', code: await totpCode(t, shown.body.totpSecret) } })).body.errors.password).toEqual([STAFF_MESSAGES.passwordShort]);
    expect((await t.call<Answer<object>>('ops/invitation/accept', { body: { key, password: STAFF_PASSWORD, code: '000000' } })).body.errors.code).toEqual([STAFF_MESSAGES.totpWrong]);

    const accepted = await t.call<StaffRecoveryCodes>('ops/invitation/accept', { body: { key, password: STAFF_PASSWORD, code: await totpCode(t, shown.body.totpSecret) } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.recoveryCodes).toHaveLength(10);
    for (const again of [await t.call<Answer<object>>('ops/invitation', { body: { key } }), await t.call<Answer<object>>('ops/invitation/accept', { body: { key, password: STAFF_PASSWORD, code: '123456' } })]) {
      expect(again.status).toBe(410);
      expect(again.body.message).toBe(STAFF_MESSAGES.invitationGone);
    }
    t.clock.advance(31); // the enrolment's code step is taken
    const session = await signIn('ivy@shop.example', shown.body.totpSecret);
    expect(session.status).toBe(200);
    expect((session.body as StaffSession).staff).toMatchObject({ name: 'Ivy Invitee', role: 'operator', recoveryCodesLeft: 10 });
    const ivy = (session.body as StaffSession).staff.id;
    const inviteRow = await t.ctx.db.selectFrom('staff_invitation').select('id').where('email', '=', 'ivy@shop.example').executeTakeFirstOrThrow();
    expect(await actions(inviteRow.id)).toEqual([{ action: 'staff.invite', staff_id: admin.id, subject_kind: 'staff_invitation' }]);
    expect((await actions(ivy)).map((a) => a.action)).toEqual(['staff.accept_invitation', 'staff.sign_in']);
  });

  test('an invitation expires, a newer one replaces an older one, and an existing staff email is refused', async () => {
    expect((await invite({ name: 'Old', email: 'late@shop.example', role: 'success_manager' })).status).toBe(201);
    const first = await keyOf('late@shop.example');
    t.clock.advance(1);
    expect((await invite({ name: 'Late', email: 'late@shop.example', role: 'success_manager' })).status).toBe(201);
    const second = (await t.outbox('late@shop.example')).map((m) => new URL(m.links[0]!).searchParams.get('key')).find((k) => k !== first)!;
    expect((await t.call('ops/invitation', { body: { key: first } })).status).toBe(410);
    expect((await t.call<StaffInvitation>('ops/invitation', { body: { key: second } })).body.name).toBe('Late');
    t.clock.advance(STAFF_INVITATION_DAYS * 86400 + 1);
    expect((await t.call('ops/invitation', { body: { key: second } })).status).toBe(410);
    // The admin's working day ended with those days: a new session.
    admin = { ...admin, token: ((await signIn(admin.email, admin.totpSecret)).body as StaffSession).accessToken };

    const taken = await invite({ name: 'Again', email: admin.email, role: 'admin' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual([STAFF_MESSAGES.emailTaken]);
  });

  test('a disabled account’s session stops at once and it cannot sign in; enabled again it signs in, its old session stays ended', async () => {
    const op = await signedInStaff(t, 'operator');
    expect((await t.call('ops/me', { token: op.token })).status).toBe(200);
    const off = await t.call<StaffList>(`ops/staff/${op.id}/disable`, { method: 'POST', token: admin.token, body: {} });
    expect(off.status).toBe(200);
    expect(off.body.list.find((s) => s.id === op.id)?.disabled).toBe(true);
    expect((await t.call('ops/me', { token: op.token })).status).toBe(401);
    t.clock.advance(31);
    const refused = await signIn(op.email, op.totpSecret);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(STAFF_MESSAGES.signInFailed);

    const on = await t.call<StaffList>(`ops/staff/${op.id}/enable`, { method: 'POST', token: admin.token, body: {} });
    expect(on.body.list.find((s) => s.id === op.id)?.disabled).toBe(false);
    expect((await t.call('ops/me', { token: op.token })).status).toBe(401);
    t.clock.advance(31);
    expect((await signIn(op.email, op.totpSecret)).status).toBe(200);
    expect((await actions(op.id)).map((a) => a.action)).toEqual(['staff.sign_in', 'staff.disable', 'staff.enable', 'staff.sign_in']);
  });

  test('an admin cannot disable themselves; an unknown account answers 404', async () => {
    const self = await t.call<Answer<object>>(`ops/staff/${admin.id}/disable`, { method: 'POST', token: admin.token, body: {} });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(STAFF_MESSAGES.notYourself);
    expect((await t.call('ops/me', { token: admin.token })).status).toBe(200);
    expect((await t.call('ops/staff/00000000-0000-4000-8000-000000000000/disable', { method: 'POST', token: admin.token, body: {} })).status).toBe(404);
  });

  test('the last admin who can sign in cannot be disabled by anyone', async () => {
    const fresh = await createTestApp();
    try {
      const only = await signedInStaff(fresh, 'admin');
      const other = await fresh.ctx.staff.create({ email: 'other-admin@shop.example', name: 'Other', role: 'admin', password: STAFF_PASSWORD });
      // Two admins: the first may disable the other; then it is the last, and the service refuses a disable of it whoever asks.
      expect((await fresh.call(`ops/staff/${other.id}/disable`, { method: 'POST', token: only.token, body: {} })).status).toBe(200);
      const { setStaffDisabled } = await import('#server/staff/staff-admin');
      const asOther = { id: other.id, email: 'other-admin@shop.example', name: 'Other', role: 'admin' as const, sessionId: 'none' };
      await expect(setStaffDisabled(fresh.ctx, asOther, only.id, true)).rejects.toMatchObject({ status: 409, message: STAFF_MESSAGES.lastAdmin });
      expect((await fresh.call('ops/me', { token: only.token })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  test('a staff member renews their recovery codes after a TOTP code; the old ones stop working, the new ones work', async () => {
    t.clock.advance(31);
    const sm = await signedInStaff(t, 'success_manager');
    t.clock.advance(31);
    const wrong = await t.call<Answer<object>>('ops/me/recovery-codes', { token: sm.token, body: { code: '000000' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([STAFF_MESSAGES.totpWrong]);
    const renewed = await t.call<StaffRecoveryCodes>('ops/me/recovery-codes', { token: sm.token, body: { code: await totpCode(t, sm.totpSecret) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(sm.recoveryCodes[0]);
    expect((await t.call<StaffMe>('ops/me', { token: sm.token })).body.recoveryCodesLeft).toBe(10);
    const challenge = async () => (await t.call<StaffChallenge>('ops/auth/sign-in', { body: { email: sm.email, password: STAFF_PASSWORD } })).body.challenge;
    expect((await t.call('ops/auth/second-factor', { body: { challenge: await challenge(), code: sm.recoveryCodes[0] } })).status).toBe(422);
    expect((await t.call('ops/auth/second-factor', { body: { challenge: await challenge(), code: renewed.body.recoveryCodes[0] } })).status).toBe(200);
    expect((await actions(sm.id)).map((a) => a.action)).toContain('staff.renew_recovery_codes');
  });
});

describe('staff sign-in back-off (ADR 223)', () => {
  test('wrong passwords and wrong codes make that client wait, doubling; another client (the owner) is not held back', async () => {
    const throttle = new LoginThrottle(t.clock, 1);
    const staff = new StaffAccounts(t.ctx.db, t.clock, 'another secret', throttle);
    const created = await staff.create({ email: 'guarded@shop.example', name: 'Guarded', role: 'admin', password: STAFF_PASSWORD });
    for (let i = 0; i < 5; i++) await expect(staff.signIn('guarded@shop.example', 'wrong password!!', 'attacker')).rejects.toMatchObject({ status: 401 });
    await expect(staff.signIn('guarded@shop.example', 'wrong password!!', 'attacker')).rejects.toMatchObject({ status: 401 }); // sixth: counted, the wait starts
    await expect(staff.signIn('guarded@shop.example', STAFF_PASSWORD, 'attacker')).rejects.toMatchObject({ status: 429, message: STAFF_MESSAGES.throttled(1) });
    // The owner from their own address signs in all the same, and the attacker waits only its time.
    const challenge = await staff.signIn('guarded@shop.example', STAFF_PASSWORD, 'owner');
    t.clock.advance(1);
    await expect(staff.signIn('guarded@shop.example', 'wrong password!!', 'attacker')).rejects.toMatchObject({ status: 401 });

    for (let i = 0; i < 6; i++) await expect(staff.secondFactor(challenge.challenge, '000000', 'attacker')).rejects.toMatchObject({ status: 422 });
    await expect(staff.secondFactor(challenge.challenge, await totpCode(t, created.totpSecret), 'attacker')).rejects.toMatchObject({ status: 429 });
    const session = await staff.secondFactor(challenge.challenge, await totpCode(t, created.totpSecret), 'owner');
    expect(session.staff.email).toBe('guarded@shop.example');
  });
});
