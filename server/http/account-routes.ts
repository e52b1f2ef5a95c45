import { z } from 'zod';
import {
  ActivateRequestSchema,
  ContactUsRequestSchema,
  DeletionCheckResponseSchema,
  DeletionPreviewSchema,
  DeletionRequestResponseSchema,
  DeletionRequestSchema,
  DistributionAccessResponseSchema,
  EmailRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  OkResponseSchema,
  PROMO_CODE_KINDS,
  PROMO_CODE_STATUSES,
  PasswordResetRequestSchema,
  ProfilePatchSchema,
  PromoCodeSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  TemporaryTokenResponseSchema,
  UploadImageResponseSchema,
  UserInfoSchema,
  type OkResponse,
} from '#domain/api/account';
import { ShippingAddressListSchema } from '#domain/api/address';
import { MAIN_API_BASE } from '#domain/api/bases';
import { FileUploadSchema } from '#domain/api/quote';
import { MAX, described, pageOf, text } from '#domain/api/fields';
import { PageQuerySchema } from '#domain/api/paging';
import { contactUsSuite, emailOnlySuite, keySuite, loginSuite, passwordResetSuite, profileSuite, registerSuite } from '#domain/rules/account-suites';
import { deletionSuite } from '#domain/rules/deletion-suites';
import {
  activate,
  changePassword,
  checkDeletionLink,
  confirmDeletion,
  deletionPreview,
  contactUs,
  loadUser,
  logIn,
  mergedProfile,
  recordDistributionVisit,
  register,
  requestDeletion,
  resendActivation,
  resetPasswordWithKey,
  sendPasswordReset,
  sentProfileFields,
  updateProfile,
} from '../accounts/accounts.ts';
import { listShippingAddresses } from '../accounts/addresses.ts';
import { readSingleFile, saveAvatar } from '../accounts/avatar.ts';
import { toUserInfo } from '../accounts/user-info.ts';
import type { AppContext } from './app-context.ts';
import { EMAIL_TOKEN_TTL } from '../auth/email-tokens.ts';
import { assertValid } from '../errors.ts';
import { iso } from '../clock.ts';
import { listPromoCodes } from '../rewards/promo-codes.ts';
import { ApiRouter, requireUser } from './api-router.ts';
import { deviceTrust } from './device-cookie.ts';

const ok = (message?: string): OkResponse => ({ ok: true, ...(message ? { message } : {}) });

export function accountRoutes(ctx: AppContext): ApiRouter {
  const { db, config } = ctx;
  const apiBase = `${MAIN_API_BASE}/${config.apiSegment}`;
  const router = new ApiRouter('/account', 'Account', ctx);

  router.route({
    method: 'get',
    path: '/me',
    summary: 'The signed-in account',
    auth: 'user',
    response: UserInfoSchema,
    handler: async (c) => toUserInfo(await loadUser(db, requireUser(c)), apiBase),
  });

  router.route({
    method: 'patch',
    path: '/me',
    summary: 'Change profile fields',
    description: 'Any subset of the profile fields; each field sent is checked by the profile rules.',
    auth: 'user',
    body: ProfilePatchSchema,
    response: UserInfoSchema,
    handler: async (c, { body }) => {
      const userId = requireUser(c);
      const user = await loadUser(db, userId);
      const sent = sentProfileFields(body);
      // A phone code sent alone is checked together with the phone number, and the other way round.
      const checked = sent.includes('phone') || sent.includes('phoneCode') ? [...sent, 'phone', 'phoneCode'] : sent;
      assertValid(profileSuite.runStatic(mergedProfile(user, body)), checked);
      await updateProfile(ctx, userId, body, sent);
      return toUserInfo(await loadUser(db, userId), apiBase);
    },
  });

  router.route({
    method: 'get',
    path: '/shippingList',
    summary: 'The shipping addresses to choose from at checkout, the default first',
    auth: 'user',
    response: ShippingAddressListSchema,
    handler: async (c) => {
      const list = await listShippingAddresses(db, requireUser(c));
      return { list, total: list.length };
    },
  });

  router.route({
    method: 'post',
    path: '/uploadImage',
    summary: 'Upload the avatar',
    description: 'multipart/form-data with one image file (PNG, JPEG, GIF or WebP by content), at most AVATAR_MAX_BYTES (default 2 MiB).',
    auth: 'user',
    multipart: FileUploadSchema,
    response: UploadImageResponseSchema,
    handler: async (c) => {
      const userId = requireUser(c);
      const user = await loadUser(db, userId);
      const data = await readSingleFile(c.req.raw, config.avatarMaxBytes);
      const key = await saveAvatar(ctx, userId, user.avatar_key, data);
      return { avatarUrl: `${apiBase}/files/${key}` };
    },
  });

  router.route({
    method: 'post',
    path: '/login',
    summary: 'Log in with email and password',
    auth: 'public',
    rateLimit: 'login',
    body: LoginRequestSchema,
    rules: (body) => loginSuite.runStatic(body),
    response: LoginResponseSchema,
    handler: (c, { body }) => logIn(ctx, c.get('auth'), body, deviceTrust(ctx, c)),
  });

  router.route({
    method: 'get',
    path: '/logout',
    summary: 'Log out: revokes the token used for this call',
    auth: 'session',
    response: OkResponseSchema,
    handler: async (c) => {
      const auth = c.get('auth');
      if (auth.kind !== 'anonymous') await ctx.tokens.revokeSession(auth.sessionId);
      return ok();
    },
  });

  router.route({
    method: 'post',
    path: '/temporaryToken',
    summary: 'A temporary token for an anonymous visitor’s quote session',
    description: 'The token authorises only temporary-scoped calls; what is made with it is adopted into the account at login, sign-up activation or quick login.',
    auth: 'public',
    rateLimit: 'temporary',
    response: TemporaryTokenResponseSchema,
    status: 201,
    handler: async () => {
      const { token, expiresIn } = await ctx.tokens.issueTemporaryToken();
      return { temporaryToken: token, expiresIn };
    },
  });

  router.route({
    method: 'post',
    path: '/register',
    summary: 'Sign up; an activation email follows',
    auth: 'public',
    rateLimit: 'register',
    body: RegisterRequestSchema,
    rules: (body) => registerSuite.runStatic(body),
    response: RegisterResponseSchema,
    status: 201,
    handler: async (c, { body }) => {
      const { email } = await register(ctx, c.get('auth'), body, deviceTrust(ctx, c));
      return { email, activationRequired: true as const };
    },
  });

  router.route({
    method: 'post',
    path: '/activeEmail',
    summary: 'Send the activation email again',
    description: 'Answers the same whether or not the address has an account waiting for activation.',
    auth: 'public',
    rateLimit: 'reset',
    body: EmailRequestSchema,
    rules: (body) => emailOnlySuite.runStatic(body),
    response: OkResponseSchema,
    handler: async (_c, { body }) => {
      await resendActivation(ctx, body.email);
      return ok('If this email is waiting for activation, we have sent the activation link again.');
    },
  });

  router.route({
    method: 'post',
    path: '/activate',
    summary: 'Activate the account with the emailed key; signs in',
    auth: 'public',
    body: ActivateRequestSchema,
    rules: (body) => keySuite.runStatic(body),
    response: LoginResponseSchema,
    handler: (c, { body }) => activate(ctx, c.get('auth'), body.key),
  });

  router.route({
    method: 'post',
    path: '/password/resetSend',
    summary: 'Email a password reset link',
    description: 'Answers the same whether or not the address has an account.',
    auth: 'public',
    rateLimit: 'reset',
    body: EmailRequestSchema,
    rules: (body) => emailOnlySuite.runStatic(body),
    response: OkResponseSchema,
    handler: async (_c, { body }) => {
      await sendPasswordReset(ctx, body.email);
      return ok('If an account exists for this email, we have sent a link to reset the password.');
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
    body: PasswordResetRequestSchema,
    rules: (body) => passwordResetSuite.runStatic(body),
    response: OkResponseSchema,
    handler: async (c, { body }) => {
      if (body.key) {
        await resetPasswordWithKey(ctx, body.key, body.password, deviceTrust(ctx, c));
        return ok('Your password has been changed; please log in.');
      }
      const userId = requireUser(c);
      const auth = c.get('auth');
      await changePassword(ctx, userId, auth.kind === 'user' ? auth.sessionId : '', body);
      return ok('Your password has been changed.');
    },
  });

  router.route({
    method: 'post',
    path: '/contactUs',
    summary: 'Send a message to customer service (replies within 24 hours)',
    auth: 'public',
    rateLimit: 'contact',
    body: ContactUsRequestSchema,
    rules: (body) => contactUsSuite.runStatic(body),
    response: OkResponseSchema,
    status: 201,
    handler: async (c, { body }) => {
      await contactUs(ctx, c.get('auth'), body);
      return ok('Thank you; we reply within 24 hours.');
    },
  });

  router.route({
    method: 'get',
    path: '/promoCodeList',
    summary: 'The account’s coupons and promo codes',
    auth: 'user',
    query: PageQuerySchema.extend({
      status: described(z.enum(PROMO_CODE_STATUSES), 'Only codes of this status.').optional(),
      kind: described(z.enum(PROMO_CODE_KINDS), 'Only codes of this origin: a promotion, a referral reward or a monthly coupon.').optional(),
    }),
    response: pageOf(PromoCodeSchema),
    handler: async (c, { query }) => listPromoCodes(ctx.db, requireUser(c), iso(ctx.clock()), query),
  });

  router.route({
    method: 'get',
    path: '/distribution/access',
    summary: 'Record a visit through a referral (distribution) link',
    auth: 'public',
    rateLimit: 'visit',
    query: z.object({ cm: described(text(MAX.id).default(''), 'The referrer’s referral code.') }),
    response: DistributionAccessResponseSchema,
    handler: async (c, { query }) => ({ valid: await recordDistributionVisit(ctx, c.get('auth'), query.cm) }),
  });

  router.route({
    method: 'get',
    path: '/deletion',
    summary: 'What deleting the account does to its prepaid balance',
    description: 'The caller’s balance now and, when there is one, the sentence saying it is given up with the account (ADR 150); `POST account/deletion` then needs `forfeitBalanceCents` equal to it.',
    auth: 'user',
    response: DeletionPreviewSchema,
    handler: (c) => deletionPreview(ctx, requireUser(c)),
  });

  router.route({
    method: 'post',
    path: '/deletion',
    summary: 'Ask to delete the account: emails a confirmation link valid for 24 hours',
    description:
      'The body is the retention dialog’s answer: an option, and a reason when the option is Other; and, while the account holds a prepaid balance, `forfeitBalanceCents` equal to it (422 under that field otherwise, saying the balance and that it is given up).',
    auth: 'user',
    rateLimit: 'reset',
    body: DeletionRequestSchema,
    rules: (body) => deletionSuite.runStatic(body),
    response: DeletionRequestResponseSchema,
    status: 202,
    handler: async (c, { body }) => {
      await requestDeletion(ctx, requireUser(c), body);
      return { ok: true as const, expiresIn: EMAIL_TOKEN_TTL.delete };
    },
  });

  router.route({
    method: 'post',
    path: '/deletion/check',
    summary: 'What an emailed deletion link can still do, without using it',
    description: 'Opening the emailed link must never delete (mail scanners open links): the page checks the key here and asks for a button press, which calls deletion/confirm.',
    auth: 'public',
    rateLimit: 'reset',
    body: ActivateRequestSchema,
    rules: (body) => keySuite.runStatic(body),
    response: DeletionCheckResponseSchema,
    handler: (_c, { body }) => checkDeletionLink(ctx, body.key),
  });

  router.route({
    method: 'post',
    path: '/deletion/confirm',
    summary: 'Confirm the deletion with the emailed key: anonymises the account and revokes every session',
    auth: 'public',
    body: ActivateRequestSchema,
    rules: (body) => keySuite.runStatic(body),
    response: OkResponseSchema,
    handler: async (_c, { body }) => {
      await confirmDeletion(ctx, body.key);
      return ok('Your account has been deleted.');
    },
  });

  return router;
}
