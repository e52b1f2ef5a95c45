import { API_TIMEOUT_MS, MAIN_API_BASE } from '#domain/api/bases';
import { PROCESSES, type CommonIndexResponse, type Currency } from '#domain/api/common';
import { HISTORY_VISIBLE_YEARS } from '#domain/api/balance';
import { MIN_RELOAD_USD } from '#domain/rules/balance-rules';
import { PASSWORD_MIN, REFERRAL_CODE_MIN, USERNAME_MAX, USERNAME_MIN } from '#domain/rules/account-rules';
import { toUserInfo } from '../accounts/user-info.ts';
import type { AppContext } from '../app-context.ts';
import { EMAIL_TOKEN_TTL } from '../auth/email-tokens.ts';
import { BANK_ACCOUNTS } from '../payments/bank-accounts.ts';
import { ApiRouter } from './api-router.ts';
import { s } from './json-schema.ts';
import { schemas } from './schemas.ts';

const CURRENCIES: Currency[] = [
  { code: 'USD', symbol: '$', card: true },
  { code: 'HKD', symbol: 'HK$', card: false },
  { code: 'EUR', symbol: '€', card: false },
  { code: 'GBP', symbol: '£', card: false },
  { code: 'RMB', symbol: '¥', card: false },
];

export function commonRoutes(ctx: AppContext): ApiRouter {
  const { db, config } = ctx;
  const apiBase = `${MAIN_API_BASE}/${config.apiSegment}`;
  const router = new ApiRouter('/common', 'Common', { rateLimiter: ctx.rateLimiter, trustProxy: config.trustProxy });

  router.route({
    method: 'get',
    path: '/index',
    summary: 'What the app needs at start: the user (or null) and general data',
    description: 'userInfo is null without a valid full token (a temporary, expired or revoked token included), so the client clears stale token data.',
    auth: 'public',
    response: s.object({
      userInfo: s.nullable(schemas.UserInfo),
      processes: s.array(s.object({ id: s.integer(), kind: s.string(), name: s.string() })),
      limits: s.object({}, { additionalProperties: true }),
      bankAccounts: s.array(s.object({ currency: s.string(), bankName: s.string(), accountName: s.string(), accountNumber: s.string(), swift: s.string(), address: s.string() })),
      currencies: s.array(s.object({ code: s.string(), symbol: s.string(), card: s.boolean() })),
      quickLogin: s.array(s.object({ channel: s.string(), name: s.string() })),
    }),
    handler: async (c) => {
      const auth = c.get('auth');
      const user =
        auth.kind === 'user'
          ? await db.selectFrom('user_account').selectAll().where('id', '=', auth.userId).where('deleted_at', 'is', null).executeTakeFirst()
          : undefined;
      const body: CommonIndexResponse = {
        userInfo: user ? toUserInfo(user, apiBase) : null,
        processes: PROCESSES.map((p) => ({ ...p })),
        limits: {
          apiTimeoutMs: API_TIMEOUT_MS,
          minReloadUsd: MIN_RELOAD_USD,
          historyVisibleYears: HISTORY_VISIBLE_YEARS,
          uploadedFileRetentionMonths: 3,
          accountDeletionConfirmHours: EMAIL_TOKEN_TTL.delete / 3600,
          contactReplyHours: 24,
          usernameMinLength: USERNAME_MIN,
          usernameMaxLength: USERNAME_MAX,
          passwordMinLength: PASSWORD_MIN,
          referralCodeMinLength: REFERRAL_CODE_MIN,
          referralDiscountPercent: 10,
          balanceUpdateMinutes: [5, 10],
          avatarMaxBytes: config.avatarMaxBytes,
        },
        bankAccounts: BANK_ACCOUNTS,
        currencies: CURRENCIES,
        quickLogin: config.oauthProviders.map((p) => ({ channel: p.channel, name: p.name })),
      };
      return c.json(body);
    },
  });
  return router;
}
