import { API_TIMEOUT_MS, MAIN_API_BASE } from '#domain/api/bases';
import { CommonIndexResponseSchema, PROCESSES, type Currency } from '#domain/api/common';
import { HISTORY_VISIBLE_YEARS } from '#domain/orders/payments';
import { BALANCE_UPDATE_MINUTES } from '#domain/orders/payments';
import { MIN_RELOAD_USD } from '#domain/rules/balance-rules';
import { PASSWORD_MIN, REFERRAL_CODE_MIN, REFERRAL_DISCOUNT_PERCENT, USERNAME_MAX, USERNAME_MIN } from '#domain/rules/account-rules';
import { QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { findUser } from '../accounts/accounts.ts';
import { toUserInfo } from '../accounts/user-info.ts';
import type { AppContext } from './app-context.ts';
import { EMAIL_TOKEN_TTL } from '../auth/email-tokens.ts';
import { bankAccountsOf } from '../payments/bank-accounts.ts';
import { ApiRouter } from './api-router.ts';

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
  const router = new ApiRouter('/common', 'Common', ctx);

  router.route({
    method: 'get',
    path: '/index',
    summary: 'What the app needs at start: the user (or null) and general data',
    description: 'userInfo is null without a valid full token (a temporary, expired or revoked token included), so the client clears stale token data.',
    auth: 'public',
    response: CommonIndexResponseSchema,
    handler: async (c) => {
      const auth = c.get('auth');
      const user = auth.kind === 'user' ? await findUser(db, auth.userId) : undefined;
      return {
        userInfo: user ? toUserInfo(user, apiBase) : null,
        processes: PROCESSES.map((p) => ({ ...p })),
        limits: {
          apiTimeoutMs: API_TIMEOUT_MS,
          minReloadUsd: MIN_RELOAD_USD,
          historyVisibleYears: HISTORY_VISIBLE_YEARS,
          uploadedFileRetentionMonths: QUOTE_FILE_RETENTION_MONTHS,
          accountDeletionConfirmHours: EMAIL_TOKEN_TTL.delete / 3600,
          contactReplyHours: 24,
          usernameMinLength: USERNAME_MIN,
          usernameMaxLength: USERNAME_MAX,
          passwordMinLength: PASSWORD_MIN,
          referralCodeMinLength: REFERRAL_CODE_MIN,
          referralDiscountPercent: REFERRAL_DISCOUNT_PERCENT,
          balanceUpdateMinutes: BALANCE_UPDATE_MINUTES,
          avatarMaxBytes: config.avatarMaxBytes,
        },
        bankAccounts: config.bankTransferEnabled ? bankAccountsOf(config) : [],
        currencies: CURRENCIES,
        quickLogin: config.oauthProviders.map((p) => ({ channel: p.channel, name: p.name })),
      };
    },
  });
  return router;
}
