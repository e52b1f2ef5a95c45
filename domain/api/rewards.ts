/**
 * Contract of the rewards calls of the main API (issue 14; ADR 060: one zod schema per shape):
 * the referral programme (`account/referral…`), the friend's first-order discount at checkout,
 * the membership page (`prime/point`) and the operator's monthly-coupon job.
 */
import { z } from 'zod';
import { MONTHLY_TASKS } from '../rules/rewards-rules.ts';
import { PromoCodeSchema } from './account.ts';
import { MAX, day, described, id, instant, named, pageOf, required, text } from './fields.ts';

const TASK_IDS = MONTHLY_TASKS.map((t) => t.id) as [(typeof MONTHLY_TASKS)[number]['id'], ...(typeof MONTHLY_TASKS)[number]['id'][]];

/** `GET account/referral`: the caller's code and link, what a referral is worth, and where they stand. */
export const ReferralOverviewSchema = named(
  'ReferralOverview',
  z.object({
    code: described(z.string(), 'The caller’s own referral code (spec section 5: at least 6 letters and digits).'),
    link: described(z.string(), 'The referral link (`?cm=<code>`): a visit is recorded and the code carries to sign-up.'),
    discountPercent: described(z.int(), 'What a friend gets off their first purchase.'),
    rewardPercent: described(z.int(), 'The referrer’s coupon once that first order is paid (never expires, single-use).'),
    friendsJoined: z.int(),
    couponsEarned: z.int(),
    invitationsLeftToday: z.int(),
    referredBy: described(z.object({ name: z.string() }).nullable(), 'Who referred the caller, when someone did.'),
    canApplyCode: described(z.boolean(), 'Whether the caller may still add a friend’s code (no referrer yet, no order yet).'),
    firstOrderDiscount: described(
      z.object({ percentOff: z.int(), status: z.enum(['available', 'pending', 'used']) }).nullable(),
      'The caller’s own first-order discount as a referred friend: available, held by an unpaid order, or used.',
    ),
  }),
);
export type ReferralOverview = z.infer<typeof ReferralOverviewSchema>;

export const REFERRAL_FRIEND_STATUSES = ['joined', 'ordered', 'rewarded', 'refused'] as const;
export type ReferralFriendStatus = (typeof REFERRAL_FRIEND_STATUSES)[number];

/** A friend who joined with the caller's code: never their email, only a first name and a masked address. */
export const ReferralFriendSchema = named(
  'ReferralFriend',
  z.object({
    id: z.string(),
    name: described(z.string(), 'The friend’s first name, or their email masked (j•••@example.com).'),
    joinedAt: instant(),
    status: described(z.enum(REFERRAL_FRIEND_STATUSES), '`joined` (no order yet), `ordered` (first order placed, not paid), `rewarded` (paid: the caller got a coupon), `refused` (paid, but no coupon: the account shares a card or a shipping address with the caller’s, ADR 151).'),
    reward: z.object({ code: z.string(), percentOff: z.int(), status: z.enum(['active', 'inactive']) }).nullable(),
  }),
);
export type ReferralFriend = z.infer<typeof ReferralFriendSchema>;
export const ReferralFriendListSchema = pageOf(ReferralFriendSchema);

/** `POST account/referral/invite`: addresses as a list or as one text; checked by the invitation rules. */
export const InviteRequestSchema = named(
  'InviteRequest',
  z.object({
    emails: described(z.union([z.array(text(MAX.email)).max(MAX.list), text(MAX.text)]).default(''), 'A list of addresses, or one text of addresses separated by commas, spaces or lines.'),
    message: described(text(500).optional(), 'A personal note added to the invitation.'),
  }),
);
export type InviteRequest = z.infer<typeof InviteRequestSchema>;

export const InviteResponseSchema = named('InviteResponse', z.object({ sent: z.int(), invitationsLeftToday: z.int(), message: z.string() }));
export type InviteResponse = z.infer<typeof InviteResponseSchema>;

/** `POST account/referral/apply`: a friend's code, added before the first order. */
export const ApplyReferralRequestSchema = named('ApplyReferralRequest', z.object({ code: required(text(MAX.id)) }));
export type ApplyReferralRequest = z.infer<typeof ApplyReferralRequestSchema>;

/** `GET checkout/discounts`: what the next order gets without a coupon (a referred friend's first order). */
export const CheckoutDiscountsSchema = named(
  'CheckoutDiscounts',
  z.object({ referral: described(z.object({ percentOff: z.int() }).nullable(), 'The first-order referral discount, when the next order gets it.') }),
);
export type CheckoutDiscounts = z.infer<typeof CheckoutDiscountsSchema>;

export const MonthlyTaskSchema = z.object({
  id: z.enum(TASK_IDS),
  points: described(z.int(), 'WePoints the task earns once this month.'),
  done: z.boolean(),
  doneAt: instant().nullable(),
});
export type MonthlyTask = z.infer<typeof MonthlyTaskSchema>;

/** `GET prime/point`: points, membership in words, this month's tasks and coupon. */
export const PointsOverviewSchema = named(
  'PointsOverview',
  z.object({
    points: z.int(),
    member: described(z.boolean(), 'Enterprise (member) account.'),
    month: described(z.string(), 'The month the tasks belong to, `YYYY-MM` (UTC).'),
    refreshesOn: described(day(), 'When the task list starts again and the next monthly coupon is issued (the 1st).'),
    tasks: z.array(MonthlyTaskSchema),
    couponPercent: described(z.int(), 'What this account’s monthly coupon is worth.'),
    monthlyCoupon: described(PromoCodeSchema.nullable(), 'This month’s coupon, once issued.'),
  }),
);
export type PointsOverview = z.infer<typeof PointsOverviewSchema>;

/** `POST admin/jobs/monthly-coupons` (operator): runs the monthly job now, or as of `at`. */
export const MonthlyCouponRunRequestSchema = named(
  'MonthlyCouponRunRequest',
  z.object({ at: described(instant().optional(), 'Run as if it were this instant (a month not yet reached, for a rehearsal); defaults to now.') }),
);
export const MonthlyCouponRunSchema = named(
  'MonthlyCouponRun',
  z.object({ month: z.string(), issued: described(z.int(), 'Coupons issued by this run (0 when the month was already done).'), alreadyDone: z.boolean() }),
);
export type MonthlyCouponRun = z.infer<typeof MonthlyCouponRunSchema>;

/** `POST admin/account/flags` (operator): what an account may do. */
export const AccountFlagsRequestSchema = named(
  'AccountFlagsRequest',
  z.object({ email: required(text(MAX.email)), isRecharge: z.boolean().optional(), member: z.boolean().optional() }),
);
export const AccountFlagsSchema = named('AccountFlags', z.object({ email: z.string(), isRecharge: z.boolean(), member: z.boolean() }));

/** `POST admin/balance/adjust` (operator): a credit or debit with a note, through the ledger. */
export const BalanceAdjustRequestSchema = named(
  'BalanceAdjustRequest',
  z.object({
    email: required(text(MAX.email)),
    amount: described(required(id()), 'US dollars, e.g. 25 or -12.50; the balance never goes below zero.'),
    note: required(text(MAX.line)),
  }),
);
export const BalanceAdjustSchema = named('BalanceAdjust', z.object({ balanceCents: z.int() }));
