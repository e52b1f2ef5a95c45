import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Page, PageQuery } from '#domain/api/paging';
import type { InviteResponse, ReferralFriend, ReferralOverview } from '#domain/api/rewards';
import {
  MAX_INVITES_PER_DAY,
  REFERRAL_DISCOUNT_PERCENT,
  REFERRAL_REWARD_PERCENT,
  REWARDS_MESSAGES,
  inviteEmails,
  referralDiscountCents,
} from '#domain/rules/rewards-rules';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import { iso, type Clock } from '../clock.ts';
import { paginate } from '../db/paginate.ts';
import { SNAPSHOTS } from '../db/json-column.ts';
import type { Database } from '../db/schema.ts';
import { HttpError, fieldError } from '../errors.ts';
import { rewardsMails } from '../mail/rewards-mails.ts';
import { issueCoupon } from './coupons.ts';

/**
 * The referral programme (spec sections 5 and 9, issue 14, ADR 090). A friend who joins with a
 * customer's code (at sign-up, through the `?cm=` link, or later before a first order) gets
 * REFERRAL_DISCOUNT_PERCENT off their first order; once that order is paid, the referrer gets a
 * coupon of REFERRAL_REWARD_PERCENT that never expires and is single-use. Never twice: a unique
 * index allows one live redemption per friend (concurrent orders included), and the coupon's
 * issue key is the redemption. Never to oneself: a code is refused on its own account, and on an
 * account that looks like a second one of the code's owner (ADR 151: the same browser, card or
 * shipping address), when the code is added, when the first order is placed and when it is paid.
 * A coupon earned on an order later refunded is withdrawn while unused.
 */

/** What the referral flows use (ADR 181). */
export interface ReferralDeps {
  db: Kysely<Database>;
  clock: Clock;
  links: Pick<AppLinks, 'app'>;
  mailer: Pick<Mailer, 'send'>;
}

/** The statuses in which a redemption holds the friend's discount (released ones gave it back). */
const LIVE = ['pending', 'paid'] as const;

/** Whether the request's browser signed in to an account before (its known-device cookie, ADR 082). */
export interface BrowserTrust {
  known(userId: string): boolean;
}

/** A shipping address as a comparable key: country, postcode and first line, letters and digits only, any case. */
export function addressKey(a: { countryCode?: string | null; postcode?: string | null; addressLine1?: string | null }): string | null {
  const part = (v: string | null | undefined) => (v ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const line = part(a.addressLine1);
  return line ? `${part(a.countryCode)}|${part(a.postcode)}|${line}` : null;
}

/** How many of an account's past orders' addresses are compared (the newest). */
const ORDER_ADDRESSES_COMPARED = 500;

/** Every shipping address an account has: its address book and the addresses its orders went to. */
async function addressKeysOf(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const [book, orders] = await Promise.all([
    db.selectFrom('shipping_address').select(['country_code', 'postcode', 'address_line1']).where('user_id', '=', userId).execute(),
    db.selectFrom('customer_order').select('consignee').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(ORDER_ADDRESSES_COMPARED).execute(),
  ]);
  const keys = new Set<string>();
  for (const a of book) {
    const key = addressKey({ countryCode: a.country_code, postcode: a.postcode, addressLine1: a.address_line1 });
    if (key) keys.add(key);
  }
  for (const o of orders) {
    try {
      const key = addressKey(SNAPSHOTS.consignee.read(o.consignee));
      if (key) keys.add(key);
    } catch {
      // An order without a readable consignee has no address to compare.
    }
  }
  return keys;
}

/** Whether the two accounts ever paid with the same card (the provider's fingerprint, ADR 151). */
async function shareACard(db: Kysely<Database>, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment as mine')
    .innerJoin('payment as theirs', 'theirs.card_fingerprint', 'mine.card_fingerprint')
    .select('mine.id')
    .where('mine.user_id', '=', a)
    .where('theirs.user_id', '=', b)
    .where('mine.card_fingerprint', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Whether `friendId` looks like a second account of the referrer (issue 32 item 6, ADR 151): the
 * request's browser signed in to the referrer's account, or the two accounts paid with one card, or
 * share a shipping address (address books and orders).
 */
export async function looksLikeSamePerson(db: Kysely<Database>, friendId: string, referrerId: string, browser?: BrowserTrust): Promise<boolean> {
  if (browser?.known(referrerId)) return true;
  if (await shareACard(db, friendId, referrerId)) return true;
  const [mine, theirs] = await Promise.all([addressKeysOf(db, friendId), addressKeysOf(db, referrerId)]);
  for (const key of mine) if (theirs.has(key)) return true;
  return false;
}

/**
 * At checkout (ADR 151): the friend's first order is about to ship to one of the referrer's
 * addresses. The referral is taken off the account (at full price from now on; adding the code
 * again is refused the same way), and the order is refused with the reason, to be reviewed and
 * placed again.
 */
export async function refuseReferralShippedToReferrer(db: Kysely<Database>, args: { friendId: string; referrerId: string; shippingAddress: Parameters<typeof addressKey>[0]; at: string }): Promise<void> {
  const key = addressKey(args.shippingAddress);
  if (!key || !(await addressKeysOf(db, args.referrerId)).has(key)) return;
  await db
    .updateTable('user_account')
    .set({ referred_by_user_id: null, updated_at: args.at })
    .where('id', '=', args.friendId)
    .where('referred_by_user_id', '=', args.referrerId)
    .execute();
  throw new HttpError(409, REWARDS_MESSAGES.samePersonAtCheckout, { shippingAddressId: [REWARDS_MESSAGES.samePersonAtCheckout] });
}

/** `j•••@example.com`: enough for a referrer to recognise a friend, not enough to harvest addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** The referral link of a code: the quote page, which records the visit and carries the code to sign-up. */
export function referralLink(ctx: { links: Pick<AppLinks, 'app'> }, code: string): string {
  return ctx.links.app(`quote?cm=${encodeURIComponent(code)}`);
}

/**
 * Whether the caller's next order gets the friend's first-order discount: referred by someone else,
 * and no live redemption yet. Null otherwise.
 */
export async function firstOrderReferral(db: Kysely<Database>, userId: string): Promise<{ referrerId: string; percentOff: number } | null> {
  const user = await db.selectFrom('user_account').select(['referred_by_user_id']).where('id', '=', userId).executeTakeFirst();
  const referrerId = user?.referred_by_user_id;
  if (!referrerId || referrerId === userId) return null;
  const live = await db.selectFrom('referral_redemption').select('id').where('friend_user_id', '=', userId).where('status', 'in', [...LIVE]).executeTakeFirst();
  return live ? null : { referrerId, percentOff: REFERRAL_DISCOUNT_PERCENT };
}

/**
 * Takes the friend's first-order discount for a new order, inside the order's transaction. The
 * unique index on the friend's live redemption makes a concurrent order lose: it answers 409 and
 * its whole transaction (order, lines, cart) rolls back, so no order is ever placed at a price the
 * customer was not shown.
 */
export async function redeemFirstOrderReferral(
  trx: Kysely<Database>,
  args: { friendId: string; referrerId: string; orderId: string; subtotalCents: number; at: string },
): Promise<{ percentOff: number; discountCents: number }> {
  const discountCents = referralDiscountCents(args.subtotalCents);
  const inserted = await trx
    .insertInto('referral_redemption')
    .values({
      id: randomUUID(),
      referrer_user_id: args.referrerId,
      friend_user_id: args.friendId,
      order_id: args.orderId,
      status: 'pending',
      percent_off: REFERRAL_DISCOUNT_PERCENT,
      discount_cents: discountCents,
      reward_promo_code_id: null,
      created_at: args.at,
      paid_at: null,
      released_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new HttpError(409, REWARDS_MESSAGES.referralTaken);
  return { percentOff: REFERRAL_DISCOUNT_PERCENT, discountCents };
}

/** An unpaid first order was cancelled: the friend's discount is free for their next order. */
export async function releaseReferralOfOrder(trx: Kysely<Database>, orderId: string, at: string): Promise<void> {
  await trx.updateTable('referral_redemption').set({ status: 'released', released_at: at }).where('order_id', '=', orderId).where('status', '=', 'pending').execute();
}

/**
 * A referred friend's first order was paid (balance, card or a confirmed transfer): in the same
 * transaction as the payment, the redemption becomes paid and the referrer receives the coupon,
 * once (the conditional update, then the coupon's issue key). No coupon when the friend's account
 * now looks like the referrer's own (the card just used, or the address shipped to: ADR 151); the
 * referrer's list says so.
 */
export async function rewardReferrerOfPaidOrder(trx: Kysely<Database>, orderId: string, at: string): Promise<void> {
  const redemption = await trx
    .updateTable('referral_redemption')
    .set({ status: 'paid', paid_at: at })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .returning(['id', 'referrer_user_id', 'friend_user_id'])
    .executeTakeFirst();
  if (!redemption || redemption.referrer_user_id === redemption.friend_user_id) return;
  const referrer = await trx.selectFrom('user_account').select(['id']).where('id', '=', redemption.referrer_user_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!referrer) return;
  if (await looksLikeSamePerson(trx, redemption.friend_user_id, referrer.id)) return;
  const coupon = await issueCoupon(trx, {
    userId: referrer.id,
    kind: 'referral',
    percentOff: REFERRAL_REWARD_PERCENT,
    description: `Referral reward: ${REFERRAL_REWARD_PERCENT}% off one order (never expires, single use)`,
    expiresAt: null,
    issueKey: `referral:${redemption.id}`,
    at,
  });
  if (coupon) await trx.updateTable('referral_redemption').set({ reward_promo_code_id: coupon.id }).where('id', '=', redemption.id).execute();
}

/**
 * The friend's first order was refunded (in the refund's transaction, ADR 151): the referrer's
 * coupon earned on it is withdrawn while unused (it expires now and says why), and the redemption
 * is released, so the friend's discount and the referrer's reward wait for the next paid order. A
 * coupon already used stays used, and so does the redemption (no second reward).
 */
export async function withdrawReferralRewardOfOrder(trx: Kysely<Database>, orderId: string, at: string): Promise<void> {
  const redemption = await trx.selectFrom('referral_redemption').select(['id', 'reward_promo_code_id']).where('order_id', '=', orderId).where('status', '=', 'paid').executeTakeFirst();
  if (!redemption) return;
  if (redemption.reward_promo_code_id) {
    const withdrawn = await trx
      .updateTable('promo_code')
      .set({ expires_at: at, description: REWARD_WITHDRAWN })
      .where('id', '=', redemption.reward_promo_code_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(withdrawn.numUpdatedRows) !== 1) return;
  }
  await trx.updateTable('referral_redemption').set({ status: 'released', released_at: at }).where('id', '=', redemption.id).where('status', '=', 'paid').execute();
}

/** What a withdrawn referral coupon says in the referrer's coupon list. */
export const REWARD_WITHDRAWN = 'Referral reward withdrawn: your friend’s order was refunded';

async function invitationsToday(db: Kysely<Database>, clock: Clock, userId: string): Promise<number> {
  const since = iso(new Date(clock().getTime() - 24 * 3600 * 1000));
  const row = await db
    .selectFrom('referral_invitation')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function hasLiveOrder(db: Kysely<Database>, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('customer_order').select('id').where('user_id', '=', userId).where('status', '<>', 'cancelled').executeTakeFirst());
}

/** `GET account/referral`. */
export async function referralOverview(ctx: Pick<ReferralDeps, 'clock' | 'db' | 'links'>, userId: string): Promise<ReferralOverview> {
  const { db, clock } = ctx;
  const user = await db.selectFrom('user_account').select(['referral_code', 'referred_by_user_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const [friends, earned, sentToday, referrer, redemption, ordered] = await Promise.all([
    db
      .selectFrom('user_account')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('referred_by_user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referral_redemption')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('referrer_user_id', '=', userId)
      .where('reward_promo_code_id', 'is not', null)
      .executeTakeFirstOrThrow(),
    invitationsToday(db, clock, userId),
    user.referred_by_user_id
      ? db.selectFrom('user_account').select(['first_name', 'username', 'email']).where('id', '=', user.referred_by_user_id).executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom('referral_redemption').select('status').where('friend_user_id', '=', userId).where('status', 'in', [...LIVE]).executeTakeFirst(),
    hasLiveOrder(db, userId),
  ]);
  const referred = Boolean(user.referred_by_user_id && user.referred_by_user_id !== userId);
  return {
    code: user.referral_code,
    link: referralLink(ctx, user.referral_code),
    discountPercent: REFERRAL_DISCOUNT_PERCENT,
    rewardPercent: REFERRAL_REWARD_PERCENT,
    friendsJoined: Number(friends.n),
    couponsEarned: Number(earned.n),
    invitationsLeftToday: Math.max(0, MAX_INVITES_PER_DAY - sentToday),
    referredBy: referrer ? { name: referrer.first_name || referrer.username || maskEmail(referrer.email) } : null,
    canApplyCode: !user.referred_by_user_id && !ordered,
    firstOrderDiscount: referred
      ? { percentOff: REFERRAL_DISCOUNT_PERCENT, status: redemption ? (redemption.status === 'paid' ? 'used' : 'pending') : 'available' }
      : null,
  };
}

/** `GET account/referral/friends`: who joined with the caller's code, newest first, and what each earned the caller. */
export async function listReferralFriends(db: Kysely<Database>, userId: string, query: PageQuery): Promise<Page<ReferralFriend>> {
  const filtered = db.selectFrom('user_account').where('referred_by_user_id', '=', userId).where('deleted_at', 'is', null);
  const page = await paginate(
    filtered,
    query,
    (q) => q.select(['id', 'first_name', 'email', 'created_at']).orderBy('created_at', 'desc').orderBy('id'),
    (row) => row,
  );
  const ids = page.list.map((r) => r.id);
  const redemptions =
    ids.length === 0
      ? []
      : await db
          .selectFrom('referral_redemption')
          .leftJoin('promo_code', 'promo_code.id', 'referral_redemption.reward_promo_code_id')
          .select([
            'referral_redemption.friend_user_id as friendId',
            'referral_redemption.status as status',
            'promo_code.code as code',
            'promo_code.percent_off as percentOff',
            'promo_code.used_at as usedAt',
          ])
          .where('referral_redemption.referrer_user_id', '=', userId)
          .where('referral_redemption.friend_user_id', 'in', ids)
          .where('referral_redemption.status', 'in', [...LIVE])
          .execute();
  const byFriend = new Map(redemptions.map((r) => [r.friendId, r]));
  return {
    ...page,
    list: page.list.map((row): ReferralFriend => {
      const r = byFriend.get(row.id);
      return {
        id: row.id,
        name: row.first_name || maskEmail(row.email),
        joinedAt: row.created_at,
        status: !r ? 'joined' : r.status !== 'paid' ? 'ordered' : r.code ? 'rewarded' : 'refused',
        reward: r?.code ? { code: r.code, percentOff: Number(r.percentOff ?? REFERRAL_REWARD_PERCENT), status: r.usedAt ? 'inactive' : 'active' } : null,
      };
    }),
  };
}

/**
 * `POST account/referral/apply`: a friend's code on an account that has none and no order yet.
 * Refused on one's own code, on an account that looks like a second one of the code's owner (the
 * same browser, card or address, ADR 151), and when a code is already there (the update is
 * conditional, so two requests cannot both set one).
 */
export async function applyReferralCode(ctx: Pick<ReferralDeps, 'clock' | 'db' | 'links'>, userId: string, rawCode: string, browser: BrowserTrust): Promise<ReferralOverview> {
  const { db } = ctx;
  const code = rawCode.trim().toUpperCase();
  const referrer = await db.selectFrom('user_account').select(['id']).where('referral_code', '=', code).where('deleted_at', 'is', null).executeTakeFirst();
  if (!referrer) throw fieldError('code', REWARDS_MESSAGES.referralUnknown);
  if (referrer.id === userId) throw fieldError('code', REWARDS_MESSAGES.ownCode);
  if (await looksLikeSamePerson(db, userId, referrer.id, browser)) throw fieldError('code', REWARDS_MESSAGES.samePerson);
  const user = await db.selectFrom('user_account').select(['referred_by_user_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.referred_by_user_id) throw fieldError('code', REWARDS_MESSAGES.alreadyReferred, 409);
  if (await hasLiveOrder(db, userId)) throw fieldError('code', REWARDS_MESSAGES.tooLate, 409);
  const set = await db
    .updateTable('user_account')
    .set({ referred_by_user_id: referrer.id, updated_at: iso(ctx.clock()) })
    .where('id', '=', userId)
    .where('referred_by_user_id', 'is', null)
    .executeTakeFirst();
  if (Number(set.numUpdatedRows) !== 1) throw fieldError('code', REWARDS_MESSAGES.alreadyReferred, 409);
  return referralOverview(ctx, userId);
}

/**
 * `POST account/referral/invite` (the invitation rules passed): one mail per address with the
 * caller's link, at most MAX_INVITES_PER_DAY in any 24 hours (counted in the database, so the
 * bound holds across restarts and processes); never to the caller's own address.
 */
export async function inviteFriends(ctx: Pick<ReferralDeps, 'clock' | 'db' | 'links' | 'mailer'>, userId: string, body: { emails: string | string[]; message?: string | undefined }): Promise<InviteResponse> {
  const { db, clock } = ctx;
  const user = await db.selectFrom('user_account').select(['email', 'first_name', 'username', 'referral_code']).where('id', '=', userId).executeTakeFirstOrThrow();
  const emails = inviteEmails(body.emails);
  if (emails.includes(user.email.toLowerCase())) throw fieldError('emails', REWARDS_MESSAGES.inviteSelf);
  const sent = await invitationsToday(db, clock, userId);
  if (sent + emails.length > MAX_INVITES_PER_DAY) throw new HttpError(429, REWARDS_MESSAGES.inviteDailyLimit, { emails: [REWARDS_MESSAGES.inviteDailyLimit] });
  const at = iso(clock());
  await db
    .insertInto('referral_invitation')
    .values(emails.map((email) => ({ id: randomUUID(), user_id: userId, email, created_at: at })))
    .execute();
  const inviter = user.first_name || user.username || 'A friend';
  const link = referralLink(ctx, user.referral_code);
  const note = body.message?.trim() || null;
  for (const email of emails) {
    await ctx.mailer.send(rewardsMails.invitation(email, { inviter, link, code: user.referral_code, percent: REFERRAL_DISCOUNT_PERCENT, note }));
  }
  return {
    sent: emails.length,
    invitationsLeftToday: Math.max(0, MAX_INVITES_PER_DAY - sent - emails.length),
    message: emails.length === 1 ? `Invitation sent to ${emails[0]}.` : `Invitations sent to ${emails.length} people.`,
  };
}
