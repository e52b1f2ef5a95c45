import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StaffInvitation, StaffInvitationSent, StaffInviteRequest, StaffRecoveryCodes } from '#domain/api/ops-staff';
import type { StaffList } from '#domain/api/ops';
import { STAFF_INVITATION_DAYS, STAFF_MESSAGES, STAFF_PASSWORD_MIN, STAFF_ROLES } from '#domain/rules/staff-rules';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError, fieldError } from '../errors.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffMails } from '../mail/staff-mails.ts';
import { hashNewPassword } from '../auth/passwords.ts';
import { recordStaffAction } from './audit.ts';
import { newRecoveryCodes, sha256, type Staff, type StaffAccounts } from './staff-accounts.ts';
import { acceptedStep, newTotpSecret, totpUri } from './totp.ts';

/**
 * The staff run by the staff (issue 38 item 1, ADR 223): an admin invites by mail and disables or
 * enables an account; the invitee accepts with a password and a TOTP code; a staff member renews
 * their recovery codes. Each change and its audit line share one transaction; an invitation's mail
 * is queued in it too.
 */
export interface StaffAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  links: AppLinks;
  staff: StaffAccounts;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An invitation by mail: a single-use key in the link, valid STAFF_INVITATION_DAYS; an earlier open invitation to the same email is revoked. */
export async function inviteStaff(deps: StaffAdminDeps, admin: Staff, body: StaffInviteRequest): Promise<StaffInvitationSent> {
  const email = body.email.trim().toLowerCase();
  const name = body.name.trim();
  if (!EMAIL.test(email)) throw fieldError('email', 'Please give an email address.');
  if (!name) throw fieldError('name', 'Please give a name.');
  if (!(STAFF_ROLES as readonly string[]).includes(body.role)) throw fieldError('role', `The role must be one of: ${STAFF_ROLES.join(', ')}.`);
  const key = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const at = iso(now);
  const expiresAt = iso(addSeconds(now, STAFF_INVITATION_DAYS * 86400));
  const id = randomUUID();
  const mailIds: string[] = [];
  await transact(deps.db, async (trx) => {
    const existing = await trx.selectFrom('staff_account').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) throw fieldError('email', STAFF_MESSAGES.emailTaken);
    await trx.updateTable('staff_invitation').set({ revoked_at: at }).where('email', '=', email).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    await trx
      .insertInto('staff_invitation')
      .values({ id, email, name, role: body.role, key_hash: sha256(key), totp_secret: newTotpSecret(), invited_by: admin.id, created_at: at, expires_at: expiresAt, accepted_at: null, revoked_at: null })
      .execute();
    await recordStaffAction(trx, { staffId: admin.id, action: 'staff.invite', subject: { kind: 'staff_invitation', id }, before: null, after: { email, name, role: body.role, expiresAt }, reason: null, at });
    const link = deps.links.app(`ops/invitation?key=${encodeURIComponent(key)}`);
    mailIds.push(await deps.mailer.enqueue(staffMails.invitation(email, name, body.role, admin.name, link, STAFF_INVITATION_DAYS), trx));
  });
  await deps.mailer.dispatch(mailIds);
  return { email, expiresAt };
}

async function openInvitation(db: Kysely<Database>, clock: Clock, key: string) {
  const row = await db.selectFrom('staff_invitation').selectAll().where('key_hash', '=', sha256(key)).executeTakeFirst();
  if (!row || row.accepted_at || row.revoked_at || row.expires_at <= iso(clock())) throw new HttpError(410, STAFF_MESSAGES.invitationGone);
  return row;
}

/** What the invitation's page shows: who the invitee will be and the secret to enrol (the link is the credential). */
export async function readInvitation(deps: Pick<StaffAdminDeps, 'db' | 'clock'>, key: string): Promise<StaffInvitation> {
  const row = await openInvitation(deps.db, deps.clock, key);
  return { email: row.email, name: row.name, role: row.role, expiresAt: row.expires_at, totpSecret: row.totp_secret, totpUri: totpUri(row.totp_secret, row.email) };
}

/**
 * Accepting: the password (as `staff:create` asks it) and the authenticator's current code, which
 * proves the secret was enrolled; the account is made with the invitation's secret and ten recovery
 * codes, shown once. The invitation is closed by a conditional update: a second use finds it gone.
 */
export async function acceptInvitation(deps: Pick<StaffAdminDeps, 'db' | 'clock'>, body: { key: string; password: string; code: string }): Promise<StaffRecoveryCodes & { email: string }> {
  const row = await openInvitation(deps.db, deps.clock, body.key);
  if (body.password.length < STAFF_PASSWORD_MIN) throw fieldError('password', STAFF_MESSAGES.passwordShort);
  const now = deps.clock();
  const step = await acceptedStep(row.totp_secret, body.code.replace(/\s/g, ''), now, null);
  if (step === null) throw fieldError('code', STAFF_MESSAGES.totpWrong);
  const passwordHash = await hashNewPassword(body.password);
  const id = randomUUID();
  const { codes, rows } = newRecoveryCodes(id);
  const at = iso(now);
  await transact(deps.db, async (trx) => {
    const closed = await trx
      .updateTable('staff_invitation')
      .set({ accepted_at: at })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw new HttpError(410, STAFF_MESSAGES.invitationGone);
    const existing = await trx.selectFrom('staff_account').select('id').where('email', '=', row.email).executeTakeFirst();
    if (existing) throw new HttpError(410, STAFF_MESSAGES.invitationGone);
    await trx
      .insertInto('staff_account')
      .values({ id, email: row.email, name: row.name, role: row.role, password_hash: passwordHash, totp_secret: row.totp_secret, totp_last_step: step, created_at: at, disabled_at: null })
      .execute();
    await trx.insertInto('staff_recovery_code').values(rows).execute();
    await recordStaffAction(trx, { staffId: id, action: 'staff.accept_invitation', subject: { kind: 'staff', id }, before: null, after: { email: row.email, role: row.role, invitation: row.id }, reason: null, at });
  });
  return { email: row.email, recoveryCodes: codes };
}

/**
 * Disabling (or enabling again) an account, admin only. A disabled account's sessions are revoked
 * at once (enabling does not bring them back) and it cannot sign in. An admin cannot disable
 * themselves, nor the last admin who can sign in.
 */
export async function setStaffDisabled(deps: Pick<StaffAdminDeps, 'db' | 'clock' | 'staff'>, admin: Staff, staffId: string, disabled: boolean): Promise<StaffList> {
  if (disabled && staffId === admin.id) throw new HttpError(409, STAFF_MESSAGES.notYourself);
  const at = iso(deps.clock());
  await transact(deps.db, async (trx) => {
    const row = await trx.selectFrom('staff_account').select(['id', 'role', 'disabled_at']).where('id', '=', staffId).executeTakeFirst();
    if (!row) throw new HttpError(404, STAFF_NOT_FOUND);
    if ((row.disabled_at !== null) === disabled) return; // already so: nothing to record
    if (disabled && row.role === 'admin') {
      // Touch every enabled admin's row first: on PostgreSQL this locks them, so two admins disabling
      // the last two others at once count one after the other (SQLite runs one writer at a time).
      await trx.updateTable('staff_account').set((eb) => ({ role: eb.ref('role') })).where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
      const admins = await trx.selectFrom('staff_account').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').where('disabled_at', 'is', null).executeTakeFirstOrThrow();
      if (Number(admins.n) <= 1) throw new HttpError(409, STAFF_MESSAGES.lastAdmin);
    }
    // Conditional: of two requests changing the same account, only one records it.
    const changed = await trx
      .updateTable('staff_account')
      .set({ disabled_at: disabled ? at : null })
      .where('id', '=', staffId)
      .where('disabled_at', disabled ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return;
    if (disabled) await trx.updateTable('staff_session').set({ revoked_at: at }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
    await recordStaffAction(trx, {
      staffId: admin.id,
      action: disabled ? 'staff.disable' : 'staff.enable',
      subject: { kind: 'staff', id: staffId },
      before: { disabled: !disabled },
      after: { disabled },
      reason: null,
      at,
    });
  });
  return deps.staff.list();
}

export const STAFF_NOT_FOUND = 'No staff account has this id.';

/**
 * New recovery codes for the staff member calling, after their authenticator's current code (the
 * second factor's back-off counts the attempt); every earlier code, used or not, stops working.
 */
export async function renewRecoveryCodes(deps: Pick<StaffAdminDeps, 'db' | 'clock' | 'staff'>, me: Staff, code: string, client: string): Promise<StaffRecoveryCodes> {
  await deps.staff.holdBackCode(me.id, client);
  const { codes, rows } = newRecoveryCodes(me.id);
  await transact(deps.db, async (trx) => {
    if (!(await deps.staff.takeTotp(trx, me.id, code))) throw fieldError('code', STAFF_MESSAGES.totpWrong);
    await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', me.id).execute();
    await trx.insertInto('staff_recovery_code').values(rows).execute();
    await recordStaffAction(trx, { staffId: me.id, action: 'staff.renew_recovery_codes', subject: { kind: 'staff', id: me.id }, before: null, after: { codes: codes.length }, reason: null, at: iso(deps.clock()) });
  });
  await deps.staff.clearCode(me.id, client);
  return { recoveryCodes: codes };
}
