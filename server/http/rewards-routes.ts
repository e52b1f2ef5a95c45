import {
  ApplyReferralRequestSchema,
  CheckoutDiscountsSchema,
  InviteRequestSchema,
  InviteResponseSchema,
  PointsOverviewSchema,
  ReferralFriendListSchema,
  ReferralOverviewSchema,
} from '#domain/api/rewards';
import { PageQuerySchema } from '#domain/api/paging';
import { applyReferralSuite, inviteSuite } from '#domain/rules/rewards-suites';
import type { AppContext } from './app-context.ts';
import { pointsOverview } from '../rewards/points.ts';
import { deviceTrust } from './device-cookie.ts';
import { applyReferralCode, firstOrderReferral, inviteFriends, listReferralFriends, referralOverview } from '../rewards/referral.ts';
import { ApiRouter, requireUser } from './api-router.ts';

/**
 * The rewards of the account area (issue 14; ADRs 090–092): the referral programme, the friend's
 * first-order discount at checkout, and the membership page. Every call is the signed-in caller's
 * own: nothing here takes another account's id.
 */
export function rewardsRoutes(ctx: AppContext): ApiRouter[] {
  const { db, clock } = ctx;

  const referral = new ApiRouter('/account/referral', 'Referral', ctx);
  referral.route({
    method: 'get',
    path: '/',
    summary: 'The caller’s referral code and link, what a referral is worth, and where the caller stands',
    auth: 'user',
    response: ReferralOverviewSchema,
    handler: (c) => referralOverview(ctx, requireUser(c)),
  });
  referral.route({
    method: 'get',
    path: '/friends',
    summary: 'Friends who joined with the caller’s code, newest first, and the coupon each earned',
    description: 'A friend is shown by first name or a masked email, never the address itself.',
    auth: 'user',
    query: PageQuerySchema,
    response: ReferralFriendListSchema,
    handler: (c, { query }) => listReferralFriends(db, requireUser(c), query),
  });
  referral.route({
    method: 'post',
    path: '/invite',
    summary: 'Email the caller’s referral link to friends',
    description: 'Valid addresses only, up to 10 at a time and 20 in any 24 hours per account (429 beyond); never the caller’s own address. Rate-limited per client address too.',
    auth: 'user',
    rateLimit: 'invite',
    body: InviteRequestSchema,
    rules: (body) => inviteSuite.runStatic(body),
    response: InviteResponseSchema,
    handler: (c, { body }) => inviteFriends(ctx, requireUser(c), body),
  });
  referral.route({
    method: 'post',
    path: '/apply',
    summary: 'Add a friend’s referral code before the first order',
    description:
      'Refused for one’s own code, or a code whose account shares this browser (its known-device cookie), a card or a shipping address with the caller’s (422); when a code is already on the account or an order was placed (409). Rate-limited per address.',
    auth: 'user',
    rateLimit: 'referral',
    body: ApplyReferralRequestSchema,
    rules: (body) => applyReferralSuite.runStatic(body),
    response: ReferralOverviewSchema,
    handler: (c, { body }) => applyReferralCode(ctx, requireUser(c), body.code, deviceTrust(ctx, c)),
  });

  const checkout = new ApiRouter('/checkout', 'Checkout', ctx);
  checkout.route({
    method: 'get',
    path: '/discounts',
    summary: 'The discount the caller’s next order gets without a coupon (a referred friend’s first order)',
    auth: 'user',
    response: CheckoutDiscountsSchema,
    handler: async (c) => {
      const referral = await firstOrderReferral(db, requireUser(c));
      return { referral: referral ? { percentOff: referral.percentOff } : null };
    },
  });

  const prime = new ApiRouter('/prime', 'Membership', ctx);
  prime.route({
    method: 'get',
    path: '/point',
    summary: 'WePoints, membership in words, this month’s tasks (points credited once done) and this month’s coupon',
    auth: 'user',
    response: PointsOverviewSchema,
    handler: (c) => pointsOverview(db, requireUser(c), clock()),
  });

  return [referral, checkout, prime];
}
