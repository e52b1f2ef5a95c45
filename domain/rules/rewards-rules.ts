import { REFERRAL_DISCOUNT_PERCENT } from './account-rules.ts';

/**
 * The rewards of the account area (spec sections 4, 5 and 9; issue 14): the referral programme,
 * the monthly coupon and the membership tasks. One source for the screens, the rules and the server.
 */

export { REFERRAL_DISCOUNT_PERCENT };

/** A coupon's state (spec section 3: active or inactive). */
export const PROMO_CODE_STATUSES = ['active', 'inactive'] as const;
export type PromoCodeStatus = (typeof PROMO_CODE_STATUSES)[number];

/** Where a code came from: a promotion, the referral programme (ADR 090) or the monthly coupon (ADR 091). */
export const PROMO_CODE_KINDS = ['promo', 'referral', 'monthly'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];

/** Spec section 9: the referrer's coupon is worth this much, never expires, is single-use, one per order. */
export const REFERRAL_REWARD_PERCENT = REFERRAL_DISCOUNT_PERCENT;

/** Invitations by email: at most this many addresses in one request… */
export const MAX_INVITE_EMAILS = 10;
/** …and this many invitations per account in any 24 hours (stored, so it holds across restarts and processes). */
export const MAX_INVITES_PER_DAY = 20;

/**
 * Spec section 4: coupons are issued on the 1st of each month. A member (an enterprise account,
 * spec section 6) gets the larger one. Each is good for one order until the month ends.
 */
export const MONTHLY_COUPON_PERCENT = { member: 10, standard: 5 } as const;

/** The monthly tasks of the membership page (spec section 4: the list refreshes monthly) and what each earns in WePoints. */
export const MONTHLY_TASKS = [
  { id: 'upload-model', points: 20 },
  { id: 'pay-order', points: 100 },
  { id: 'review-order', points: 50 },
  { id: 'friend-joined', points: 100 },
] as const;
export type MonthlyTaskId = (typeof MONTHLY_TASKS)[number]['id'];

export const REWARDS_MESSAGES = {
  ownCode: 'You cannot use your own referral code.',
  alreadyReferred: 'A referral code is already on your account.',
  tooLate: 'A referral code can only be added before your first order.',
  referralUnknown: 'This referral code does not exist.',
  inviteEmailsRequired: 'Please enter at least one email address.',
  inviteTooMany: `You can invite up to ${MAX_INVITE_EMAILS} people at a time.`,
  inviteSelf: 'You cannot invite yourself.',
  inviteDailyLimit: `You can send up to ${MAX_INVITES_PER_DAY} invitations a day; please try again tomorrow.`,
  couponWithReferral: `Your first order already has ${REFERRAL_DISCOUNT_PERCENT}% off from your referral, and an order takes one discount: use the coupon on your next order.`,
  referralTaken: 'Your first-order referral discount was just used by another order; please review the total and place the order again.',
  /**
   * Issue 32 item 6 (ADR 151): the code's owner and this account share a browser, a card or a
   * shipping address. One sentence whichever it was, so a refusal does not say which one matched.
   */
  samePerson:
    'This referral code cannot be used on this account: it belongs to an account that shares this browser, a card or a shipping address with yours. Referral codes are for new friends, not a second account of your own.',
  samePersonAtCheckout:
    'Your referral code was removed: it belongs to an account that ships to this same address, and referral discounts are for new friends, not a second account of your own. Please review the total and place the order again.',
} as const;


/** The addresses of an invitation: a list, or one text with addresses separated by commas, semicolons, spaces or lines. */
export function inviteEmails(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').join(',') : typeof value === 'string' ? value : '';
  return [
    ...new Set(
      raw
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The friend's first-order discount on a subtotal, in cents (rounded half up, as coupons are). */
export function referralDiscountCents(subtotalCents: number): number {
  return Math.round((subtotalCents * REFERRAL_DISCOUNT_PERCENT) / 100);
}

/** `2026-12` for any instant of December 2026 (UTC): the month a monthly coupon or task belongs to. */
export function monthKey(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first instant of the month of `at` (UTC). */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the month after `at` (UTC): when the task list refreshes and the next coupons are issued. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}
