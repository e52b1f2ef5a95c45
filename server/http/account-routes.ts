import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type {
  DeletionRequestResponse,
  DistributionAccessResponse,
  LoginResponse,
  OkResponse,
  PromoCode,
  RegisterResponse,
  TemporaryTokenResponse,
  UploadImageResponse,
} from '#domain/api/account';
import { MAIN_API_BASE } from '#domain/api/bases';
import type { Page } from '#domain/api/paging';
import {
  contactUsSuite,
  emailOnlySuite,
  isReferralCode,
  keySuite,
  loginSuite,
  passwordResetSuite,
  profileSuite,
  registerSuite,
} from '#domain/rules/account-rules';
import { toUserInfo } from '../accounts/user-info.ts';
import { listShippingAddresses } from './address-routes.ts';
import { insertUser, normaliseEmail } from '../accounts/users.ts';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { EMAIL_TOKEN_TTL } from '../auth/email-tokens.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { sniffImageType } from '../storage/storage.ts';
import { ApiRouter, requireUser } from './api-router.ts';
import { HttpError } from '../errors.ts';
import { s } from './json-schema.ts';
import { assertValid, optionalText, readJson, readPaging, requiredText } from './request.ts';
import { schemas } from './schemas.ts';

export const MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  notActivated: 'Please activate your account through the link we emailed to you.',
  alreadyRegisteredUnactivated: 'The email is already registered; activate it via email.',
  alreadyRegistered: 'This email is already registered; please log in.',
  referralUnknown: 'This referral code does not exist.',
  captchaWrong: 'The CAPTCHA is wrong or has expired; please try again.',
  activationInvalid: 'This activation link is invalid or has expired; please request a new one.',
  resetInvalid: 'This reset link is invalid or has expired; please request a new one.',
  deletionInvalid: 'This deletion link is invalid or has expired; please request a new one.',
  oldPasswordWrong: 'The current password is incorrect.',
  nothingToChange: 'Nothing to change.',
  imageRequired: 'Please choose an image file.',
  imageType: 'Please upload a PNG, JPEG, GIF or WebP image.',
} as const;

/** Signs the user in: adopts the caller's temporary subject, if any, and issues a full token. */
export async function signIn(ctx: AppContext, c: Context<AppEnv>, userId: string): Promise<LoginResponse> {
  const auth = c.get('auth');
  if (auth.kind === 'temporary') await ctx.adoption.adopt(auth.subjectId, userId);
  const { token, expiresIn } = await ctx.tokens.issueUserToken(userId);
  return { accessToken: token, expiresIn };
}

async function loadUser(db: Kysely<Database>, userId: string) {
  const user = await db.selectFrom('user_account').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!user) throw new HttpError(404, 'Not found');
  return user;
}

async function sendActivation(ctx: AppContext, userId: string, email: string): Promise<void> {
  const key = await ctx.emailTokens.create(userId, 'activate');
  const link = ctx.links.activate(key);
  await ctx.mailer.send({
    to: email,
    subject: 'Activate your Manufacture account',
    text: `Welcome to Manufacture.\n\nOpen this link to activate your account:\n${link}\n\nThe link is valid for 7 days. If you did not sign up, ignore this email.`,
    links: [link],
  });
}

/** Reads the one file of a multipart body, streaming, stopping at `maxBytes` (413). */
function readSingleFile(c: Context, maxBytes: number): Promise<Buffer> {
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !body) {
    return Promise.reject(new HttpError(422, MESSAGES.imageRequired, { file: [MESSAGES.imageRequired] }));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fileSize: maxBytes, fields: 10 } });
    } catch {
      reject(new HttpError(422, MESSAGES.imageRequired, { file: [MESSAGES.imageRequired] }));
      return;
    }
    let file: Buffer | undefined;
    let tooLarge = false;
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('close', () => {
      const limitMb = (maxBytes / 1024 / 1024).toFixed(maxBytes % (1024 * 1024) === 0 ? 0 : 1);
      if (tooLarge) reject(new HttpError(413, `The image is larger than ${limitMb} MB.`, { file: [`The image is larger than ${limitMb} MB.`] }));
      else if (!file || file.length === 0) reject(new HttpError(422, MESSAGES.imageRequired, { file: [MESSAGES.imageRequired] }));
      else resolve(file);
    });
    parser.on('error', () => reject(new HttpError(422, MESSAGES.imageRequired, { file: [MESSAGES.imageRequired] })));
    Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>).pipe(parser);
  });
}

const PROFILE_FIELDS = {
  username: 'username',
  firstName: 'first_name',
  lastName: 'last_name',
  phoneCode: 'phone_code',
  phone: 'phone',
  company: 'company',
  title: 'title',
  industry: 'industry',
} as const;

export function accountRoutes(ctx: AppContext): ApiRouter {
  const { db, config, clock } = ctx;
  const apiBase = `${MAIN_API_BASE}/${config.apiSegment}`;
  const router = new ApiRouter('/account', 'Account', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });
  const ok = (message?: string): OkResponse => ({ ok: true, ...(message ? { message } : {}) });

  router.route({
    method: 'get',
    path: '/me',
    summary: 'The signed-in account',
    auth: 'user',
    response: schemas.UserInfo,
    handler: async (c) => c.json(toUserInfo(await loadUser(db, requireUser(c)), apiBase)),
  });

  router.route({
    method: 'patch',
    path: '/me',
    summary: 'Change profile fields',
    description: 'Any subset of the profile fields; each field sent is checked by the profile rules.',
    auth: 'user',
    body: schemas.ProfilePatch,
    response: schemas.UserInfo,
    handler: async (c) => {
      const userId = requireUser(c);
      const user = await loadUser(db, userId);
      const body = await readJson(c);
      const sent = (Object.keys(PROFILE_FIELDS) as (keyof typeof PROFILE_FIELDS)[]).filter((f) => body[f] !== undefined);
      if (sent.length === 0) throw new HttpError(422, MESSAGES.nothingToChange);
      const merged: Record<string, unknown> = {};
      for (const [field, column] of Object.entries(PROFILE_FIELDS)) merged[field] = body[field] !== undefined ? body[field] : (user[column] ?? undefined);
      // A phone code sent alone is checked together with the phone number, and the other way round.
      const checked = sent.includes('phone') || sent.includes('phoneCode') ? [...sent, 'phone', 'phoneCode'] : sent;
      assertValid(profileSuite.runStatic(merged), checked);
      const changes: Record<string, string | null> = {};
      for (const field of sent) changes[PROFILE_FIELDS[field]] = optionalText(body[field]);
      await db.updateTable('user_account').set({ ...changes, updated_at: iso(clock()) }).where('id', '=', userId).execute();
      return c.json(toUserInfo(await loadUser(db, userId), apiBase));
    },
  });

  router.route({
    method: 'get',
    path: '/shippingList',
    summary: 'The shipping addresses to choose from at checkout, the default first',
    auth: 'user',
    response: s.object({ list: s.array(schemas.ShippingAddress), total: s.integer() }),
    handler: async (c) => {
      const list = await listShippingAddresses(db, requireUser(c));
      return c.json({ list, total: list.length });
    },
  });

  router.route({
    method: 'post',
    path: '/uploadImage',
    summary: 'Upload the avatar',
    description: `multipart/form-data with one image file (PNG, JPEG, GIF or WebP by content), at most AVATAR_MAX_BYTES (default 2 MiB).`,
    auth: 'user',
    multipart: s.object({ file: s.string({ format: 'binary' }) }),
    response: s.object({ avatarUrl: s.string() }),
    handler: async (c) => {
      const userId = requireUser(c);
      const user = await loadUser(db, userId);
      const data = await readSingleFile(c, config.avatarMaxBytes);
      const type = sniffImageType(data);
      if (!type) throw new HttpError(422, MESSAGES.imageType, { file: [MESSAGES.imageType] });
      const key = `avatars/${randomUUID()}.${type.slice('image/'.length)}`;
      await ctx.storage.put(key, data, type);
      await db.updateTable('user_account').set({ avatar_key: key, updated_at: iso(clock()) }).where('id', '=', userId).execute();
      if (user.avatar_key) await ctx.storage.delete(user.avatar_key).catch(() => undefined);
      return c.json({ avatarUrl: `${apiBase}/files/${key}` } satisfies UploadImageResponse);
    },
  });

  router.route({
    method: 'post',
    path: '/login',
    summary: 'Log in with email and password',
    auth: 'public',
    rateLimit: 'login',
    body: s.object({ email: s.string(), password: s.string() }),
    response: schemas.LoginResponse,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(loginSuite.runStatic(body));
      const user = await db
        .selectFrom('user_account')
        .select(['id', 'password_hash', 'activated_at'])
        .where('email', '=', normaliseEmail(body.email))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const passwordOk = await verifyPassword(user?.password_hash ?? null, String(body.password));
      if (!user || !passwordOk) throw new HttpError(422, MESSAGES.badCredentials);
      if (!user.activated_at) throw new HttpError(403, MESSAGES.notActivated);
      return c.json(await signIn(ctx, c, user.id));
    },
  });

  router.route({
    method: 'get',
    path: '/logout',
    summary: 'Log out: revokes the token used for this call',
    auth: 'session',
    response: schemas.Ok,
    handler: async (c) => {
      const auth = c.get('auth');
      if (auth.kind !== 'anonymous') await ctx.tokens.revokeSession(auth.sessionId);
      return c.json(ok());
    },
  });

  router.route({
    method: 'post',
    path: '/temporaryToken',
    summary: 'A temporary token for an anonymous visitor’s quote session',
    description: 'The token authorises only temporary-scoped calls; what is made with it is adopted into the account at login, sign-up activation or quick login.',
    auth: 'public',
    rateLimit: 'temporary',
    response: s.object({ temporaryToken: s.string(), expiresIn: s.integer() }),
    handler: async (c) => {
      const { token, expiresIn } = await ctx.tokens.issueTemporaryToken();
      return c.json({ temporaryToken: token, expiresIn } satisfies TemporaryTokenResponse, 201);
    },
  });

  router.route({
    method: 'post',
    path: '/register',
    summary: 'Sign up; an activation email follows',
    auth: 'public',
    rateLimit: 'register',
    body: schemas.RegisterRequest,
    response: s.object({ email: s.string(), activationRequired: s.boolean() }),
    status: 201,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(registerSuite.runStatic(body));
      if (!(await ctx.captcha.solve(requiredText(body.captchaId), requiredText(body.captchaCode)))) {
        throw new HttpError(422, MESSAGES.captchaWrong, { captchaCode: [MESSAGES.captchaWrong] });
      }
      const email = normaliseEmail(body.email);
      const existing = await db.selectFrom('user_account').select(['activated_at']).where('email', '=', email).executeTakeFirst();
      if (existing) throw new HttpError(409, existing.activated_at ? MESSAGES.alreadyRegistered : MESSAGES.alreadyRegisteredUnactivated);
      let referrerId: string | null = null;
      if (isReferralCode(body.referralCode)) {
        const referrer = await db
          .selectFrom('user_account')
          .select('id')
          .where('referral_code', '=', requiredText(body.referralCode).toUpperCase())
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!referrer) throw new HttpError(422, MESSAGES.referralUnknown, { referralCode: [MESSAGES.referralUnknown] });
        referrerId = referrer.id;
      }
      const auth = c.get('auth');
      const now = iso(clock());
      const userId = await insertUser(db, {
        email,
        password_hash: await hashPassword(String(body.password)),
        username: optionalText(body.username),
        first_name: optionalText(body.firstName),
        last_name: optionalText(body.lastName),
        phone_code: optionalText(body.phoneCode),
        phone: optionalText(body.phone),
        company: optionalText(body.company),
        referred_by_user_id: referrerId,
        pending_temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
        created_at: now,
        updated_at: now,
      });
      await sendActivation(ctx, userId, email);
      return c.json({ email, activationRequired: true } satisfies RegisterResponse, 201);
    },
  });

  router.route({
    method: 'post',
    path: '/activeEmail',
    summary: 'Send the activation email again',
    description: 'Answers the same whether or not the address has an account waiting for activation.',
    auth: 'public',
    rateLimit: 'reset',
    body: s.object({ email: s.string() }),
    response: schemas.Ok,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(emailOnlySuite.runStatic(body));
      const email = normaliseEmail(body.email);
      const user = await db
        .selectFrom('user_account')
        .select(['id', 'activated_at'])
        .where('email', '=', email)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (user && !user.activated_at) await sendActivation(ctx, user.id, email);
      return c.json(ok('If this email is waiting for activation, we have sent the activation link again.'));
    },
  });

  router.route({
    method: 'post',
    path: '/activate',
    summary: 'Activate the account with the emailed key; signs in',
    auth: 'public',
    body: s.object({ key: s.string() }),
    response: schemas.LoginResponse,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(keySuite.runStatic(body));
      const userId = await ctx.emailTokens.consume(requiredText(body.key), 'activate');
      const user = userId ? await db.selectFrom('user_account').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst() : undefined;
      if (!user) throw new HttpError(422, MESSAGES.activationInvalid, { key: [MESSAGES.activationInvalid] });
      const now = iso(clock());
      await db.updateTable('user_account').set({ activated_at: user.activated_at ?? now, pending_temp_subject_id: null, updated_at: now }).where('id', '=', user.id).execute();
      if (user.pending_temp_subject_id) await ctx.adoption.adopt(user.pending_temp_subject_id, user.id);
      return c.json(await signIn(ctx, c, user.id));
    },
  });

  router.route({
    method: 'post',
    path: '/password/resetSend',
    summary: 'Email a password reset link',
    description: 'Answers the same whether or not the address has an account.',
    auth: 'public',
    rateLimit: 'reset',
    body: s.object({ email: s.string() }),
    response: schemas.Ok,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(emailOnlySuite.runStatic(body));
      const email = normaliseEmail(body.email);
      const user = await db.selectFrom('user_account').select(['id']).where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
      if (user) {
        const key = await ctx.emailTokens.create(user.id, 'reset');
        const link = ctx.links.resetPassword(key);
        await ctx.mailer.send({
          to: email,
          subject: 'Reset your Manufacture password',
          text: `Open this link to choose a new password:\n${link}\n\nOr enter this verification code on the Reset Password page:\n${key}\n\nThe link and the code are valid for 2 hours and work once. If you did not ask for it, ignore this email.`,
          links: [link],
        });
      }
      return c.json(ok('If an account exists for this email, we have sent a link to reset the password.'));
    },
  });

  router.route({
    method: 'patch',
    path: '/password/reset',
    summary: 'Set a new password',
    description:
      'With the emailed `key` (anyone holding the link), or signed in with `oldPassword`. Either way every other session of the account is revoked.',
    auth: 'public',
    rateLimit: 'reset',
    body: s.object({ 'key?': s.string(), 'oldPassword?': s.string(), password: s.string(), confirmPassword: s.string() }),
    response: schemas.Ok,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(passwordResetSuite.runStatic(body));
      const auth = c.get('auth');
      const now = iso(clock());
      const passwordHash = await hashPassword(String(body.password));
      if (typeof body.key === 'string' && body.key.trim() !== '') {
        const done = await db.transaction().execute(async (trx) => {
          const userId = await ctx.emailTokens.consume(body.key as string, 'reset', trx);
          if (!userId) return false;
          const user = await trx.selectFrom('user_account').select(['activated_at']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
          if (!user) return false;
          // Following an emailed link proves the address, so it also activates a waiting account.
          await trx
            .updateTable('user_account')
            .set({ password_hash: passwordHash, activated_at: user.activated_at ?? now, updated_at: now })
            .where('id', '=', userId)
            .execute();
          await ctx.tokens.revokeAllForUser(userId, trx);
          return true;
        });
        if (!done) throw new HttpError(422, MESSAGES.resetInvalid, { key: [MESSAGES.resetInvalid] });
        return c.json(ok('Your password has been changed; please log in.'));
      }
      const userId = requireUser(c);
      const user = await loadUser(db, userId);
      if (!(await verifyPassword(user.password_hash, String(body.oldPassword)))) {
        throw new HttpError(422, MESSAGES.oldPasswordWrong, { oldPassword: [MESSAGES.oldPasswordWrong] });
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('user_account').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
        await trx
          .updateTable('auth_session')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('id', '!=', auth.kind === 'user' ? auth.sessionId : '')
          .execute();
      });
      return c.json(ok('Your password has been changed.'));
    },
  });

  router.route({
    method: 'post',
    path: '/contactUs',
    summary: 'Send a message to customer service (replies within 24 hours)',
    auth: 'public',
    rateLimit: 'contact',
    body: schemas.ContactUsRequest,
    response: schemas.Ok,
    status: 201,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(contactUsSuite.runStatic(body));
      const auth = c.get('auth');
      const email = normaliseEmail(body.email);
      const name = requiredText(body.name);
      const phone = optionalText(body.phone) ? `${optionalText(body.phoneCode) ?? ''} ${optionalText(body.phone)}`.trim() : null;
      await db
        .insertInto('contact_message')
        .values({
          id: randomUUID(),
          user_id: auth.kind === 'user' ? auth.userId : null,
          name,
          email,
          phone,
          title: optionalText(body.title),
          industry: optionalText(body.industry),
          message: requiredText(body.message).slice(0, 5000),
          created_at: iso(clock()),
        })
        .execute();
      await ctx.mailer.send({
        to: config.supportEmail,
        subject: `Contact request from ${name}`,
        text: `From: ${name} <${email}>${phone ? `\nPhone: ${phone}` : ''}\n\n${requiredText(body.message)}`,
        links: [],
      });
      await ctx.mailer.send({
        to: email,
        subject: 'We received your message',
        text: `Hello ${name},\n\nThank you for contacting Manufacture. We reply within 24 hours.`,
        links: [],
      });
      return c.json(ok('Thank you; we reply within 24 hours.'), 201);
    },
  });

  router.route({
    method: 'get',
    path: '/promoCodeList',
    summary: 'The account’s coupons and promo codes',
    auth: 'user',
    query: {
      page: { schema: s.integer({ minimum: 1 }) },
      pageSize: { schema: s.integer({ minimum: 1, maximum: 100 }) },
      status: { schema: s.enum(['active', 'inactive']), description: 'Only codes of this status.' },
    },
    response: s.page(schemas.PromoCode),
    handler: async (c) => {
      const userId = requireUser(c);
      const paging = readPaging(c.req.query());
      const status = c.req.query('status');
      if (status !== undefined && status !== 'active' && status !== 'inactive') {
        throw new HttpError(422, 'status must be active or inactive.', { status: ['status must be active or inactive.'] });
      }
      const now = iso(clock());
      let query = db.selectFrom('promo_code').where('user_id', '=', userId);
      if (status === 'active') {
        query = query.where('used_at', 'is', null).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
      } else if (status === 'inactive') {
        query = query.where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]));
      }
      const { total } = await query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(paging.pageSize).offset(paging.offset).execute();
      const list = rows.map(
        (r): PromoCode => ({
          id: r.id,
          code: r.code,
          description: r.description,
          percentOff: r.percent_off,
          amountOffCents: r.amount_off_cents,
          expiresAt: r.expires_at,
          status: r.used_at === null && (r.expires_at === null || r.expires_at > now) ? 'active' : 'inactive',
        }),
      );
      return c.json({ list, total: Number(total), page: paging.page, pageSize: paging.pageSize } satisfies Page<PromoCode>);
    },
  });

  router.route({
    method: 'get',
    path: '/distribution/access',
    summary: 'Record a visit through a referral (distribution) link',
    auth: 'public',
    query: { cm: { schema: s.string(), required: true, description: 'The referrer’s referral code.' } },
    response: s.object({ valid: s.boolean() }),
    handler: async (c) => {
      const cm = (c.req.query('cm') ?? '').trim().toUpperCase();
      if (!cm || cm.length > 64) throw new HttpError(422, 'The referral link is incomplete.', { cm: ['The referral link is incomplete.'] });
      const referrer = await db.selectFrom('user_account').select('id').where('referral_code', '=', cm).where('deleted_at', 'is', null).executeTakeFirst();
      const auth = c.get('auth');
      await db
        .insertInto('distribution_visit')
        .values({
          id: randomUUID(),
          cm,
          referrer_user_id: referrer?.id ?? null,
          user_id: auth.kind === 'user' ? auth.userId : null,
          temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
          created_at: iso(clock()),
        })
        .execute();
      return c.json({ valid: Boolean(referrer) } satisfies DistributionAccessResponse);
    },
  });

  router.route({
    method: 'post',
    path: '/deletion',
    summary: 'Ask to delete the account: emails a confirmation link valid for 24 hours',
    auth: 'user',
    rateLimit: 'reset',
    response: s.object({ ok: s.boolean(), expiresIn: s.integer() }),
    status: 202,
    handler: async (c) => {
      const user = await loadUser(db, requireUser(c));
      const key = await ctx.emailTokens.create(user.id, 'delete');
      const link = ctx.links.deleteAccount(key);
      await ctx.mailer.send({
        to: user.email,
        subject: 'Confirm the deletion of your Manufacture account',
        text: `Open this link to delete your account and sign out everywhere:\n${link}\n\nThe link is valid for 24 hours. If you did not ask for it, ignore this email and change your password.`,
        links: [link],
      });
      return c.json({ ok: true, expiresIn: EMAIL_TOKEN_TTL.delete } satisfies DeletionRequestResponse, 202);
    },
  });

  router.route({
    method: 'post',
    path: '/deletion/confirm',
    summary: 'Confirm the deletion with the emailed key: anonymises the account and revokes every session',
    auth: 'public',
    body: s.object({ key: s.string() }),
    response: schemas.Ok,
    handler: async (c) => {
      const body = await readJson(c);
      assertValid(keySuite.runStatic(body));
      const avatar = await db.transaction().execute(async (trx) => {
        const userId = await ctx.emailTokens.consume(requiredText(body.key), 'delete', trx);
        if (!userId) return undefined;
        const user = await trx.selectFrom('user_account').select(['avatar_key']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
        if (!user) return undefined;
        await anonymiseAccount(trx, userId, iso(clock()));
        return { key: user.avatar_key };
      });
      if (!avatar) throw new HttpError(422, MESSAGES.deletionInvalid, { key: [MESSAGES.deletionInvalid] });
      if (avatar.key) await ctx.storage.delete(avatar.key).catch(() => undefined);
      return c.json(ok('Your account has been deleted.'));
    },
  });

  return router;
}

/**
 * Account deletion (ADR 027): personal data is erased, addresses and quick-login links deleted,
 * every session revoked. The row stays, anonymised, so ledgers and orders keep their owner id.
 */
export async function anonymiseAccount(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .updateTable('user_account')
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      password_hash: null,
      username: null,
      first_name: null,
      last_name: null,
      phone_code: null,
      phone: null,
      company: null,
      title: null,
      industry: null,
      avatar_key: null,
      customer_manager_name: null,
      customer_manager_email: null,
      pending_temp_subject_id: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('shipping_address').where('user_id', '=', userId).execute();
  await db.deleteFrom('billing_address').where('user_id', '=', userId).execute();
  await db.deleteFrom('oauth_identity').where('user_id', '=', userId).execute();
  await db.updateTable('email_token').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.updateTable('auth_session').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
