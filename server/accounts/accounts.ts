import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  ContactUsRequest,
  DeletionCheckResponse,
  DeletionPreview,
  DeletionRequest,
  LoginRequest,
  LoginResponse,
  PasswordResetRequest,
  ProfilePatch,
  RegisterRequest,
} from '#domain/api/account';
import { ACCOUNT_MESSAGES, isReferralCode } from '#domain/rules/account-rules';
import { DELETION_BALANCE_MESSAGES } from '#domain/rules/deletion-rules';
import { REWARDS_MESSAGES } from '#domain/rules/rewards-rules';
import { formatUsd } from '#domain/pricing/money';
import type { CaptchaService } from '../auth/captcha.ts';
import type { EmailTokens } from '../auth/email-tokens.ts';
import type { SignInThrottle } from '../auth/login-throttle.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { Adoption } from './adoption.ts';
import type { Auth } from '../auth/auth-context.ts';
import { hashNewPassword, isCommonPassword, verifyPassword } from '../auth/passwords.ts';
import { iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError, fieldError, orNull } from '../errors.ts';
import { accountMails } from '../mail/account-mails.ts';
import { postLedgerEntry } from '../payments/ledger.ts';
import { anonymiseAccount } from './deletion.ts';
import { insertUser, normaliseEmail } from './users.ts';

/** What the account flows use (ADR 181); each flow takes only the part it needs. */
export interface AccountDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<ServerConfig, 'supportEmail'>;
  tokens: TokenService;
  emailTokens: EmailTokens;
  captcha: CaptchaService;
  mailer: Mailer;
  loginThrottle: SignInThrottle;
  adoption: Adoption;
  storage: FileStorage;
  links: AppLinks;
}

export const ACCOUNT_SERVICE_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  notActivated: 'Please activate your account through the link we emailed to you.',
  alreadyRegisteredUnactivated: 'The email is already registered; activate it via email.',
  alreadyRegistered: 'This email is already registered; please log in.',
  referralUnknown: 'This referral code does not exist.',
  captchaWrong: 'The CAPTCHA is wrong or has expired; please try again.',
  activationInvalid: 'This activation link is invalid or has expired; please request a new one.',
  resetInvalid: 'This reset link is invalid or has expired; please request a new one.',
  deletionInvalid: 'This deletion link is invalid or has expired; please request a new one.',
  deletionUsed: 'This deletion link has already been used.',
  deletionExpired: 'This deletion link has expired; please ask again from your profile.',
  oldPasswordWrong: 'The current password is incorrect.',
  accountThrottled: (seconds: number) =>
    `Too many failed sign-ins for this account from here; please try again in ${seconds} second${seconds === 1 ? '' : 's'}, or reset your password.`,
  challengeRequired: 'This account has had many sign-in attempts. To keep it safe, please complete the check below, then sign in again.',
  nothingToChange: 'Nothing to change.',
  referralLinkIncomplete: 'The referral link is incomplete.',
} as const;

const M = ACCOUNT_SERVICE_MESSAGES;

/** The account's row while it exists and is not deleted; 404 otherwise. */
export async function loadUser(db: Kysely<Database>, userId: string) {
  const user = await db.selectFrom('user_account').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user) throw new HttpError(404, 'Not found');
  return user;
}

/** The account's row, or undefined (an unusable token on a public call counts as anonymous). */
export function findUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user_account').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Signs the user in: adopts the caller's temporary subject, if any, and issues a full token. */
export async function signIn(ctx: Pick<AccountDeps, 'adoption' | 'tokens'>, auth: Auth, userId: string): Promise<LoginResponse> {
  if (auth.kind === 'temporary') await ctx.adoption.adopt(auth.subjectId, userId);
  const { token, expiresIn } = await ctx.tokens.issueUserToken(userId);
  return { accessToken: token, expiresIn };
}

/** The activation key and its mail, in `trx` (the transaction of the change that asks for them, ADR 116). */
async function queueActivation(ctx: Pick<AccountDeps, 'emailTokens' | 'links' | 'mailer'>, trx: Kysely<Database>, userId: string, email: string): Promise<string> {
  const key = await ctx.emailTokens.create(userId, 'activate', trx);
  return ctx.mailer.enqueue(accountMails.activation(email, ctx.links.activate(key)), trx);
}

/**
 * Whether this browser signed in to an account before, and how it is told so (known-device cookies,
 * ADR 080); and the client (its address) that the sign-in back-off counts (ADR 153).
 */
export interface DeviceTrust {
  client: string;
  known(userId: string): boolean;
  remember(userId: string): void;
}

/**
 * Email and password; a wrong pair and an unknown email answer the same, in the same time. Failed
 * attempts on one email from one client back off exponentially for that client; beyond a number of
 * attempts on the account from anywhere, every client must solve a captcha or proof of work with
 * its attempt (422 under `captchaCode` until it does). A browser that signed in to the account
 * before is held back by neither (issue 12 item 5, issue 32 item 5).
 */
export async function logIn(ctx: Pick<AccountDeps, 'adoption' | 'captcha' | 'db' | 'loginThrottle' | 'tokens'>, auth: Auth, body: LoginRequest, device: DeviceTrust): Promise<LoginResponse> {
  const email = normaliseEmail(body.email);
  const user = await ctx.db.selectFrom('user_account').select(['id', 'password_hash', 'activated_at']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  if (!(user && device.known(user.id))) {
    const { wait, challenge } = await ctx.loginThrottle.attempt(email, device.client);
    if (wait > 0) throw new HttpError(429, M.accountThrottled(wait), undefined, { 'Retry-After': String(wait) });
    if (challenge) {
      const solved = body.captchaId && body.captchaCode ? await ctx.captcha.solve(body.captchaId, body.captchaCode) : false;
      if (!solved) throw fieldError('captchaCode', body.captchaId ? M.captchaWrong : M.challengeRequired);
    }
  }
  const passwordOk = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !passwordOk) throw new HttpError(422, M.badCredentials);
  await ctx.loginThrottle.clear(email, device.client);
  if (!user.activated_at) throw new HttpError(403, M.notActivated);
  device.remember(user.id);
  return signIn(ctx, auth, user.id);
}

const PROFILE_COLUMNS = {
  username: 'username',
  firstName: 'first_name',
  lastName: 'last_name',
  phoneCode: 'phone_code',
  phone: 'phone',
  company: 'company',
  title: 'title',
  industry: 'industry',
} as const;

type ProfileField = keyof typeof PROFILE_COLUMNS;

/** The profile fields that were sent, or 422 when none was. */
export function sentProfileFields(patch: ProfilePatch): ProfileField[] {
  const sent = (Object.keys(PROFILE_COLUMNS) as ProfileField[]).filter((f) => patch[f] !== undefined);
  if (sent.length === 0) throw new HttpError(422, M.nothingToChange);
  return sent;
}

/** The profile as the rules check it: the fields sent over the stored ones. */
export function mergedProfile(user: Awaited<ReturnType<typeof loadUser>>, patch: ProfilePatch): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PROFILE_COLUMNS)) merged[field] = patch[field as ProfileField] !== undefined ? patch[field as ProfileField] : (user[column] ?? undefined);
  return merged;
}

export async function updateProfile(ctx: Pick<AccountDeps, 'clock' | 'db'>, userId: string, patch: ProfilePatch, fields: readonly ProfileField[]): Promise<void> {
  const changes: Record<string, string | null> = {};
  for (const field of fields) changes[PROFILE_COLUMNS[field]] = orNull(patch[field]);
  await ctx.db.updateTable('user_account').set({ ...changes, updated_at: iso(ctx.clock()) }).where('id', '=', userId).execute();
}

/**
 * A new account, waiting for activation by the emailed link; a visitor's quotes follow it then. A
 * referral code is refused from a browser that signed in to the code's account (ADR 151).
 */
export async function register(ctx: Pick<AccountDeps, 'captcha' | 'clock' | 'db' | 'emailTokens' | 'links' | 'mailer'>, auth: Auth, body: RegisterRequest, browser?: Pick<DeviceTrust, 'known'>): Promise<{ email: string }> {
  const { db, clock } = ctx;
  // Before the captcha is used up: a person told to choose another password keeps the one they solved.
  if (isCommonPassword(body.password)) throw fieldError('password', ACCOUNT_MESSAGES.passwordCommon);
  if (!(await ctx.captcha.solve(body.captchaId, body.captchaCode))) throw fieldError('captchaCode', M.captchaWrong);
  const email = normaliseEmail(body.email);
  const existing = await db.selectFrom('user_account').select(['activated_at']).where('email', '=', email).executeTakeFirst();
  if (existing) throw new HttpError(409, existing.activated_at ? M.alreadyRegistered : M.alreadyRegisteredUnactivated);
  let referrerId: string | null = null;
  if (isReferralCode(body.referralCode)) {
    const referrer = await db
      .selectFrom('user_account')
      .select('id')
      .where('referral_code', '=', (body.referralCode ?? '').toUpperCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!referrer) throw fieldError('referralCode', M.referralUnknown);
    if (browser?.known(referrer.id)) throw fieldError('referralCode', REWARDS_MESSAGES.samePerson);
    referrerId = referrer.id;
  }
  const now = iso(clock());
  const passwordHash = await hashNewPassword(body.password);
  // The account, its activation key and the mail are one change: all of them, or none (ADR 116).
  const mailId = await transact(db, async (trx) => {
    const userId = await insertUser(trx, {
      email,
      password_hash: passwordHash,
      username: orNull(body.username),
      first_name: orNull(body.firstName),
      last_name: orNull(body.lastName),
      phone_code: orNull(body.phoneCode),
      phone: orNull(body.phone),
      company: orNull(body.company),
      referred_by_user_id: referrerId,
      pending_temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
      created_at: now,
      updated_at: now,
    });
    return queueActivation(ctx, trx, userId, email);
  });
  await ctx.mailer.dispatch([mailId]);
  return { email };
}

/** Sends the activation link again when the address waits for activation; silent otherwise. */
export async function resendActivation(ctx: Pick<AccountDeps, 'db' | 'emailTokens' | 'links' | 'mailer'>, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const user = await ctx.db.selectFrom('user_account').select(['id', 'activated_at']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user || user.activated_at) return;
  await ctx.mailer.dispatch([await transact(ctx.db, (trx) => queueActivation(ctx, trx, user.id, email))]);
}

/** Follows the emailed activation key: the account works, the visitor's quotes are adopted, the caller is signed in. */
export async function activate(ctx: Pick<AccountDeps, 'adoption' | 'clock' | 'db' | 'emailTokens' | 'tokens'>, auth: Auth, key: string): Promise<LoginResponse> {
  const { db, clock } = ctx;
  const userId = await ctx.emailTokens.consume(key, 'activate');
  const user = userId ? await findUser(db, userId) : undefined;
  if (!user) throw fieldError('key', M.activationInvalid);
  const now = iso(clock());
  await db.updateTable('user_account').set({ activated_at: user.activated_at ?? now, pending_temp_subject_id: null, updated_at: now }).where('id', '=', user.id).execute();
  if (user.pending_temp_subject_id) await ctx.adoption.adopt(user.pending_temp_subject_id, user.id);
  return signIn(ctx, auth, user.id);
}

/** Emails a reset link (and its code) when the address has an account; silent otherwise. */
export async function sendPasswordReset(ctx: Pick<AccountDeps, 'db' | 'emailTokens' | 'links' | 'mailer'>, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const user = await ctx.db.selectFrom('user_account').select(['id']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user) return;
  const mailId = await transact(ctx.db, async (trx) => {
    const key = await ctx.emailTokens.create(user.id, 'reset', trx);
    return ctx.mailer.enqueue(accountMails.passwordReset(email, ctx.links.resetPassword(key)), trx);
  });
  await ctx.mailer.dispatch([mailId]);
}

/**
 * A new password with the emailed key (which also proves the address, so it activates a waiting
 * account); every session of the account is revoked, and every other reset key it was sent is
 * void (issue 12 item 9).
 */
export async function resetPasswordWithKey(ctx: Pick<AccountDeps, 'clock' | 'db' | 'emailTokens' | 'loginThrottle' | 'tokens'>, key: string, password: string, device: DeviceTrust): Promise<void> {
  const now = iso(ctx.clock());
  const passwordHash = await hashNewPassword(password);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await ctx.emailTokens.consume(key, 'reset', trx);
    if (!userId) return undefined;
    const user = await trx.selectFrom('user_account').select(['email', 'activated_at']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) return undefined;
    await trx.updateTable('user_account').set({ password_hash: passwordHash, activated_at: user.activated_at ?? now, updated_at: now }).where('id', '=', userId).execute();
    await ctx.tokens.revokeAllForUser(userId, trx);
    await ctx.emailTokens.voidAll(userId, ['reset'], trx);
    return { userId, email: user.email };
  });
  if (!done) throw fieldError('key', M.resetInvalid);
  // The mailbox's owner: the back-off on the account ends, and this browser is known from now on.
  await ctx.loginThrottle.clear(done.email);
  device.remember(done.userId);
}

/** A new password for a signed-in user who knows the current one; every other session and every reset key sent is revoked. */
export async function changePassword(ctx: Pick<AccountDeps, 'clock' | 'db' | 'emailTokens'>, userId: string, sessionId: string, body: PasswordResetRequest): Promise<void> {
  const user = await loadUser(ctx.db, userId);
  if (!(await verifyPassword(user.password_hash, body.oldPassword ?? ''))) throw fieldError('oldPassword', M.oldPasswordWrong);
  const now = iso(ctx.clock());
  const passwordHash = await hashNewPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('user_account').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
    await trx.updateTable('auth_session').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).where('id', '!=', sessionId).execute();
    await ctx.emailTokens.voidAll(userId, ['reset'], trx);
  });
}

/** Stores a message to customer service and mails it to them, with a receipt to the sender. */
export async function contactUs(ctx: Pick<AccountDeps, 'clock' | 'config' | 'db' | 'mailer'>, auth: Auth, body: ContactUsRequest): Promise<void> {
  const email = normaliseEmail(body.email);
  const phoneNumber = orNull(body.phone);
  const phone = phoneNumber ? `${orNull(body.phoneCode) ?? ''} ${phoneNumber}`.trim() : null;
  // The message and both mails are one change (ADR 116).
  const mailIds = await transact(ctx.db, async (trx) => {
    await trx
      .insertInto('contact_message')
      .values({
        id: randomUUID(),
        user_id: auth.kind === 'user' ? auth.userId : null,
        name: body.name,
        email,
        phone,
        title: orNull(body.title),
        industry: orNull(body.industry),
        subject: body.subject,
        order_number: orNull(body.orderNumber),
        message: body.message,
        created_at: iso(ctx.clock()),
      })
      .execute();
    const toSupport = await ctx.mailer.enqueue(
      accountMails.contactToSupport(ctx.config.supportEmail, { name: body.name, email, phone, subject: body.subject, orderNumber: orNull(body.orderNumber), message: body.message }),
      trx,
    );
    const receipt = await ctx.mailer.enqueue(accountMails.contactReceipt(email, body.name), trx);
    return [toSupport, receipt];
  });
  await ctx.mailer.dispatch(mailIds);
}

/** Records a visit through a referral link; answers whether `cm` is a known referral code. */
export async function recordDistributionVisit(ctx: Pick<AccountDeps, 'clock' | 'db'>, auth: Auth, rawCode: string): Promise<boolean> {
  const cm = rawCode.trim().toUpperCase();
  if (!cm) throw fieldError('cm', M.referralLinkIncomplete);
  const referrer = await ctx.db.selectFrom('user_account').select('id').where('referral_code', '=', cm).where('deleted_at', 'is', null).executeTakeFirst();
  await ctx.db
    .insertInto('distribution_visit')
    .values({
      id: randomUUID(),
      cm,
      referrer_user_id: referrer?.id ?? null,
      user_id: auth.kind === 'user' ? auth.userId : null,
      temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
      created_at: iso(ctx.clock()),
    })
    .execute();
  return Boolean(referrer);
}

/** `GET account/deletion`: the balance the account holds now, and what deleting it does to it (ADR 150). */
export async function deletionPreview(ctx: Pick<AccountDeps, 'db'>, userId: string): Promise<DeletionPreview> {
  const user = await loadUser(ctx.db, userId);
  const balanceCents = Number(user.balance_cents);
  return { balanceCents, currency: user.balance_currency, message: balanceCents > 0 ? DELETION_BALANCE_MESSAGES.forfeit(formatUsd(balanceCents)) : null };
}

/**
 * Keeps the retention dialog's answer, then emails the link that confirms the account's deletion.
 * An account holding a prepaid balance must say, in `forfeitBalanceCents`, that it gives up that
 * very amount (ADR 150): told before the mail is sent, kept with the request, said in the mail.
 */
export async function requestDeletion(ctx: Pick<AccountDeps, 'clock' | 'db' | 'emailTokens' | 'links' | 'mailer'>, userId: string, body: DeletionRequest): Promise<void> {
  const user = await loadUser(ctx.db, userId);
  const balanceCents = Number(user.balance_cents);
  if (balanceCents > 0 && body.forfeitBalanceCents !== balanceCents) {
    const words = formatUsd(balanceCents);
    throw fieldError('forfeitBalanceCents', body.forfeitBalanceCents === undefined ? DELETION_BALANCE_MESSAGES.confirmRequired(words) : DELETION_BALANCE_MESSAGES.changed(words));
  }
  const mailId = await transact(ctx.db, async (trx) => {
    await trx
      .insertInto('deletion_request')
      .values({
        id: randomUUID(),
        user_id: user.id,
        option: body.option,
        reason: body.option === 'Other' ? orNull(body.reason) : null,
        created_at: iso(ctx.clock()),
        balance_cents: balanceCents > 0 ? balanceCents : null,
      })
      .execute();
    const key = await ctx.emailTokens.create(user.id, 'delete', trx);
    return ctx.mailer.enqueue(accountMails.deletion(user.email, ctx.links.deleteAccount(key), balanceCents > 0 ? formatUsd(balanceCents) : null), trx);
  });
  await ctx.mailer.dispatch([mailId]);
}

const DELETION_LINK_MESSAGE = { used: M.deletionUsed, expired: M.deletionExpired, unknown: M.deletionInvalid } as const;

/** What an emailed deletion link can still do; opening the page never uses it. */
export async function checkDeletionLink(ctx: Pick<AccountDeps, 'emailTokens'>, key: string): Promise<DeletionCheckResponse> {
  const found = await ctx.emailTokens.inspect(key, 'delete');
  if (found.state === 'valid') return { state: 'valid', expiresAt: found.expiresAt ?? null, message: null };
  return { state: found.state, expiresAt: null, message: DELETION_LINK_MESSAGE[found.state] };
}

/**
 * Follows the emailed deletion key: the account is anonymised, every session revoked, the avatar
 * deleted. A prepaid balance the customer confirmed to give up leaves by a ledger entry in the same
 * transaction; a balance larger than that (credited since the request) stops the deletion, with the
 * new amount, until it is asked for and confirmed again (ADR 150).
 */
export async function confirmDeletion(ctx: Pick<AccountDeps, 'clock' | 'db' | 'emailTokens' | 'storage'>, key: string): Promise<void> {
  const avatar = await transact(ctx.db, async (trx) => {
    const userId = await ctx.emailTokens.consume(key, 'delete', trx);
    if (!userId) return undefined;
    const user = await trx.selectFrom('user_account').select(['avatar_key', 'balance_cents']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user) return undefined;
    const now = iso(ctx.clock());
    const balanceCents = Number(user.balance_cents);
    if (balanceCents > 0) {
      const request = await trx.selectFrom('deletion_request').select('balance_cents').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
      if (balanceCents > Number(request?.balance_cents ?? 0)) throw fieldError('key', DELETION_BALANCE_MESSAGES.changedSinceRequest(formatUsd(balanceCents)), 409);
      await postLedgerEntry(trx, { userId, amountCents: -balanceCents, kind: 'adjustment', description: 'Balance given up with the account’s deletion', paymentId: null, at: now });
    }
    await anonymiseAccount(trx, userId, now);
    return { key: user.avatar_key };
  });
  if (!avatar) {
    const found = await ctx.emailTokens.inspect(key, 'delete');
    throw fieldError('key', found.state === 'valid' ? M.deletionInvalid : DELETION_LINK_MESSAGE[found.state]);
  }
  if (avatar.key) await ctx.storage.delete(avatar.key).catch(() => undefined);
}
