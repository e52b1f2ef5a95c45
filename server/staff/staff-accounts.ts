import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { StaffChallenge, StaffList, StaffMe, StaffSession } from '#domain/api/ops';
import {
  RECOVERY_CODE_COUNT,
  ROLE_PERMISSIONS,
  SECOND_FACTOR_WINDOW_SECONDS,
  STAFF_MESSAGES,
  STAFF_PASSWORD_MIN,
  STAFF_ROLES,
  STAFF_SESSION_SECONDS,
  type StaffRole,
} from '#domain/rules/staff-rules';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError, fieldError } from '../errors.ts';
import type { SignInThrottle } from '../auth/login-throttle.ts';
import { hashNewPassword, verifyPassword } from '../auth/passwords.ts';
import { recordStaffAction } from './audit.ts';
import { acceptedStep, newTotpSecret, totpUri } from './totp.ts';

const ISSUER = 'manufacture-staff';

/** Who is calling a staff route: the staff member of a live staff session. */
export interface Staff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

export interface CreatedStaff {
  id: string;
  totpSecret: string;
  totpUri: string;
  recoveryCodes: string[];
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A recovery code as typed (any case, with or without its dash) to what is hashed. */
export const normalCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Ten new recovery codes and their rows for `staffId` (stored as sha256 only). */
export function newRecoveryCodes(staffId: string): { codes: string[]; rows: { id: string; staff_id: string; code_hash: string; used_at: null }[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, rows: codes.map((code) => ({ id: randomUUID(), staff_id: staffId, code_hash: sha256(normalCode(code)), used_at: null })) };
}

export function newRecoveryCode(): string {
  const raw = randomBytes(8).toString('hex'); // 64 bits
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12)}`;
}

/**
 * The shop's staff (issue 38, ADRs 190–191): accounts apart from customers, a password then a TOTP
 * code (or a recovery code), and staff sessions of their own. A staff token is an HS256 JWT with
 * its own issuer and `typ: 'staff'` whose `jti` names a `staff_session`: the customers'
 * `TokenService` refuses it (wrong type) and this service refuses a customer's (wrong issuer, no
 * staff session).
 */
export class StaffAccounts {
  private readonly key: Promise<CryptoKey>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    secret: string,
    /** The customers' sign-in back-off (ADR 153), keyed apart for staff (ADR 223); none: no back-off (the CLI). */
    private readonly throttle: SignInThrottle | null = null,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(`${secret}:staff`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /** A staff account with its second factor and recovery codes (the first admin's command, server/cli/create-staff.ts). */
  async create(input: NewStaff): Promise<CreatedStaff> {
    const email = input.email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw fieldError('email', 'Please give an email address.');
    if (!input.name.trim()) throw fieldError('name', 'Please give a name.');
    if (!(STAFF_ROLES as readonly string[]).includes(input.role)) throw fieldError('role', `The role must be one of: ${STAFF_ROLES.join(', ')}.`);
    if (input.password.length < STAFF_PASSWORD_MIN) throw fieldError('password', STAFF_MESSAGES.passwordShort);
    const existing = await this.db.selectFrom('staff_account').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) throw fieldError('email', STAFF_MESSAGES.emailTaken);
    const id = randomUUID();
    const totpSecret = newTotpSecret();
    const { codes: recoveryCodes, rows } = newRecoveryCodes(id);
    const passwordHash = await hashNewPassword(input.password);
    await transact(this.db, async (trx) => {
      await trx
        .insertInto('staff_account')
        .values({ id, email, name: input.name.trim(), role: input.role, password_hash: passwordHash, totp_secret: totpSecret, totp_last_step: null, created_at: iso(this.clock()), disabled_at: null })
        .execute();
      await trx.insertInto('staff_recovery_code').values(rows).execute();
    });
    return { id, totpSecret, totpUri: totpUri(totpSecret, email), recoveryCodes };
  }

  /** The first step: email and password. Answers a challenge for the second factor; never says which of the two was wrong. */
  async signIn(emailGiven: string, password: string, client = 'unknown'): Promise<StaffChallenge> {
    const email = emailGiven.trim().toLowerCase();
    await this.holdBack(`staff:${email}`, client);
    const row = await this.db.selectFrom('staff_account').select(['id', 'password_hash', 'disabled_at']).where('email', '=', email).executeTakeFirst();
    const ok = await verifyPassword(row?.password_hash ?? null, password);
    if (!row || !ok || row.disabled_at) throw new HttpError(401, STAFF_MESSAGES.signInFailed);
    await this.throttle?.clear(`staff:${email}`, client);
    const now = this.clock();
    const seconds = Math.floor(now.getTime() / 1000);
    const challenge = await new SignJWT({ typ: 'staff-challenge' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(row.id)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + SECOND_FACTOR_WINDOW_SECONDS)
      .sign(await this.key);
    return { challenge, expiresIn: SECOND_FACTOR_WINDOW_SECONDS };
  }

  /** The second step: the authenticator's code (never twice) or a recovery code (once each); a staff session. */
  async secondFactor(challenge: string, codeGiven: string, client = 'unknown'): Promise<StaffSession> {
    const staffId = await this.claim(challenge, 'staff-challenge');
    if (!staffId) throw new HttpError(401, STAFF_MESSAGES.challengeExpired);
    await this.holdBack(`staff-code:${staffId}`, client);
    const row = await this.db.selectFrom('staff_account').selectAll().where('id', '=', staffId).executeTakeFirst();
    if (!row || row.disabled_at) throw new HttpError(401, STAFF_MESSAGES.signInFailed);
    const now = this.clock();
    const at = iso(now);
    const code = codeGiven.trim();
    const sessionId = randomUUID();
    await transact(this.db, async (trx) => {
      const step = await acceptedStep(row.totp_secret, code.replace(/\s/g, ''), now, row.totp_last_step);
      let how: 'totp' | 'recovery_code';
      if (step !== null) {
        // Conditional: two requests with one code cannot both pass.
        const taken = await trx
          .updateTable('staff_account')
          .set({ totp_last_step: step })
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw fieldError('code', STAFF_MESSAGES.codeWrong);
        how = 'totp';
      } else {
        const used = await trx
          .updateTable('staff_recovery_code')
          .set({ used_at: at })
          .where('staff_id', '=', row.id)
          .where('code_hash', '=', sha256(normalCode(code)))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw fieldError('code', STAFF_MESSAGES.codeWrong);
        how = 'recovery_code';
      }
      await trx.insertInto('staff_session').values({ id: sessionId, staff_id: row.id, created_at: at, expires_at: iso(addSeconds(now, STAFF_SESSION_SECONDS)), revoked_at: null }).execute();
      await recordStaffAction(trx, { staffId: row.id, action: 'staff.sign_in', subject: { kind: 'staff', id: row.id }, before: null, after: { with: how }, reason: null, at });
    });
    await this.throttle?.clear(`staff-code:${staffId}`, client);
    const seconds = Math.floor(now.getTime() / 1000);
    const accessToken = await new SignJWT({ typ: 'staff' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(row.id)
      .setJti(sessionId)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + STAFF_SESSION_SECONDS)
      .sign(await this.key);
    return { accessToken, expiresIn: STAFF_SESSION_SECONDS, staff: await this.me(row.id) };
  }

  /** The staff member of a bearer token, or null: a customer's token, an expired or revoked session, a disabled account. */
  async authenticate(token: string): Promise<Staff | null> {
    const claims = await this.verify(token, 'staff');
    if (!claims?.jti) return null;
    const row = await this.db
      .selectFrom('staff_session as s')
      .innerJoin('staff_account as a', 'a.id', 's.staff_id')
      .select(['a.id', 'a.email', 'a.name', 'a.role', 'a.disabled_at', 's.expires_at', 's.revoked_at'])
      .where('s.id', '=', claims.jti)
      .executeTakeFirst();
    if (!row || row.id !== claims.sub || row.revoked_at || row.disabled_at || row.expires_at <= iso(this.clock())) return null;
    return { id: row.id, email: row.email, name: row.name, role: row.role, sessionId: claims.jti };
  }

  async signOut(staff: Staff): Promise<void> {
    await this.db.updateTable('staff_session').set({ revoked_at: iso(this.clock()) }).where('id', '=', staff.sessionId).where('revoked_at', 'is', null).execute();
  }

  async me(staffId: string): Promise<StaffMe> {
    const row = await this.db.selectFrom('staff_account').select(['id', 'email', 'name', 'role']).where('id', '=', staffId).executeTakeFirstOrThrow();
    const left = await this.db.selectFrom('staff_recovery_code').select((eb) => eb.fn.countAll<number>().as('n')).where('staff_id', '=', staffId).where('used_at', 'is', null).executeTakeFirstOrThrow();
    return { id: row.id, email: row.email, name: row.name, role: row.role, permissions: [...ROLE_PERMISSIONS[row.role]], recoveryCodesLeft: Number(left.n) };
  }

  async list(): Promise<StaffList> {
    const rows = await this.db.selectFrom('staff_account').select(['id', 'email', 'name', 'role', 'created_at', 'disabled_at']).orderBy('name').orderBy('id').execute();
    return { list: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, createdAt: r.created_at, disabled: r.disabled_at !== null })) };
  }

  /**
   * One attempt of `client` on `key` (a staff email's password, or a staff account's second factor),
   * counted before anything is checked: past the free attempts that client waits, doubling (429),
   * and only that client (ADR 223). The account-wide count's captcha is not asked of staff.
   */
  private async holdBack(key: string, client: string): Promise<void> {
    if (!this.throttle) return;
    const { wait } = await this.throttle.attempt(key, client);
    if (wait > 0) throw new HttpError(429, STAFF_MESSAGES.throttled(wait), undefined, { 'Retry-After': String(wait) });
  }

  /** Whether `code` is the account's current TOTP code, taken once (a later code of the same step is refused); in `trx`. */
  async takeTotp(trx: Kysely<Database>, staffId: string, codeGiven: string): Promise<boolean> {
    const row = await trx.selectFrom('staff_account').select(['totp_secret', 'totp_last_step']).where('id', '=', staffId).executeTakeFirst();
    if (!row) return false;
    const step = await acceptedStep(row.totp_secret, codeGiven.replace(/\s/g, ''), this.clock(), row.totp_last_step);
    if (step === null) return false;
    const taken = await trx
      .updateTable('staff_account')
      .set({ totp_last_step: step })
      .where('id', '=', staffId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** The back-off of a TOTP check outside sign-in (renewing recovery codes): the same count as the second factor's. */
  async holdBackCode(staffId: string, client: string): Promise<void> {
    await this.holdBack(`staff-code:${staffId}`, client);
  }

  async clearCode(staffId: string, client: string): Promise<void> {
    await this.throttle?.clear(`staff-code:${staffId}`, client);
  }

  private async claim(token: string, typ: 'staff-challenge'): Promise<string | null> {
    return (await this.verify(token, typ))?.sub ?? null;
  }

  private async verify(token: string, typ: 'staff' | 'staff-challenge'): Promise<{ sub: string; jti: string | undefined } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: this.clock() });
      if (payload.typ !== typ || typeof payload.sub !== 'string') return null;
      return { sub: payload.sub, jti: typeof payload.jti === 'string' ? payload.jti : undefined };
    } catch {
      return null;
    }
  }
}
