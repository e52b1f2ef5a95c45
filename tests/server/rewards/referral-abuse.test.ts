import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PromoCode } from '#domain/api/account';
import type { Order } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import type { CheckoutDiscounts, ReferralFriend, ReferralOverview } from '#domain/api/rewards';
import { REWARDS_MESSAGES } from '#domain/rules/rewards-rules';
import { REWARD_WITHDRAWN } from '#server/rewards/referral';
import { createTestApp } from '../helpers/test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

/**
 * Issue 32 item 6 (ADR 151): a second account of the same person (the same browser, card or
 * shipping address) applying the first's referral code is refused with a clear message, at the
 * code, at checkout and at payment; `referral/apply` is rate-limited; a referrer's coupon earned on
 * an order later refunded is withdrawn while unused.
 */
let t: OrderTestApp;
let referrer: Customer;
let code: string;
/** The referrer's browser: its known-device cookie from a sign-in. */
let referrerBrowser: string;

const OTHER_CARD = { ...SUCCESS_CARD, number: '5555 5555 5555 4444' };
const REFERRER_ADDRESS = { firstName: 'Ada', lastName: 'Buyer', phoneCode: '+44', mobile: '2079460000', countryCode: 'GB', city: 'London', postcode: 'EC1A 1BB', company: 'Buyer Ltd' };

beforeAll(async () => {
  t = await createOrderTestApp();
  referrer = await t.customer();
  code = (await t.call<ReferralOverview>('account/referral', { token: referrer.token })).body.code;
  const login = await t.api('account/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: referrer.email, password: referrer.password }) });
  expect(login.status).toBe(200);
  referrerBrowser = login.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').join('; ');
  // The referrer has paid with the usual test card and ships to their own address.
  const order = await t.placeOrder(referrer);
  expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: referrer.token })).status).toBe(200);
});
afterAll(() => t.close());

const referrerAddress = async () => (await t.database.db.selectFrom('shipping_address').select('address_line1').where('user_id', '=', referrer.userId).executeTakeFirstOrThrow()).address_line1;

const apply = (who: { token: string }, headers: Record<string, string> = {}) =>
  t.call<ReferralOverview & { message?: string; errors?: Record<string, string[]> }>('account/referral/apply', { token: who.token, body: { code }, headers });

const referralCoupons = async (who: Customer) => (await t.call<Page<PromoCode>>('account/promoCodeList?pageSize=50&kind=referral', { token: who.token })).body.list;
const friendRow = async (friend: Customer) => (await t.call<Page<ReferralFriend>>('account/referral/friends?pageSize=50', { token: referrer.token })).body.list.find((f) => f.id === friend.userId);

async function refund(order: Order) {
  expect((await t.admin(`admin/order/${order.id}/event`, { event: 'refund' })).status).toBe(200);
}

describe(`a second account of the referrer cannot take the referral (${db})`, () => {
  test('the same browser: signing up with the code, or adding it later, is refused with a clear message', async () => {
    const signUp = await t.call<{ errors: Record<string, string[]> }>('account/register', {
      headers: { cookie: referrerBrowser },
      body: { email: 'second-self@example.com', password: 'secret-123', confirmPassword: 'secret-123', firstName: 'Ada', lastName: 'Again', agreeTerms: true, referralCode: code, ...(await t.captcha()) },
    });
    expect(signUp).toEqual({ status: 422, body: { message: REWARDS_MESSAGES.samePerson, errors: { referralCode: [REWARDS_MESSAGES.samePerson] } } });

    const other = await t.customer();
    const refused = await apply(other, { cookie: referrerBrowser });
    expect(refused).toEqual({ status: 422, body: { message: REWARDS_MESSAGES.samePerson, errors: { code: [REWARDS_MESSAGES.samePerson] } } });
    expect((await t.call<ReferralOverview>('account/referral', { token: other.token })).body.referredBy).toBeNull();
    // From the friend's own browser the same code is taken.
    expect((await apply(other)).status).toBe(200);
  });

  test('the same shipping address (in another case and spacing) is refused', async () => {
    const other = await t.customer();
    const same = (await referrerAddress()).toUpperCase().replace(/ /g, '  ');
    expect((await t.call('account/address', { token: other.token, body: { ...REFERRER_ADDRESS, postcode: 'ec1a1bb', addressLine1: same } })).status).toBe(201);
    expect((await apply(other)).body.message).toBe(REWARDS_MESSAGES.samePerson);
  });

  test('the same card: an account that paid with the referrer’s card (its order refunded since) is refused; another card is not', async () => {
    const sameCard = await t.customer();
    const a = await t.placeOrder(sameCard);
    await t.pay(`order/${a.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: sameCard.token });
    await refund(a);
    expect((await apply(sameCard)).body.message).toBe(REWARDS_MESSAGES.samePerson);

    const otherCard = await t.customer();
    const b = await t.placeOrder(otherCard);
    await t.pay(`order/${b.id}/pay`, { method: 'card', card: OTHER_CARD }, { token: otherCard.token });
    await refund(b);
    expect((await apply(otherCard)).status).toBe(200);
  });

  test('at checkout: a first order shipped to the referrer’s address loses the referral and is refused with the reason; placed again, it pays full price', async () => {
    const friend = await t.customer();
    expect((await apply(friend)).status).toBe(200);
    const theirs = await t.call<{ id: string }>('account/address', { token: friend.token, body: { ...REFERRER_ADDRESS, addressLine1: await referrerAddress() } });
    expect(theirs.status).toBe(201);
    const refused = await t.placeOrder({ ...friend, shippingAddressId: theirs.body.id }).catch((error: Error) => error.message);
    expect(refused).toContain(REWARDS_MESSAGES.samePersonAtCheckout);
    expect((await t.call<CheckoutDiscounts>('checkout/discounts', { token: friend.token })).body.referral).toBeNull();
    expect((await t.call<ReferralOverview>('account/referral', { token: friend.token })).body.referredBy).toBeNull();
    const placed = await t.placeOrder({ ...friend, shippingAddressId: theirs.body.id });
    expect(placed.referral).toBeNull();
    expect(placed.amounts.discountCents).toBe(0);
  });

  test('at payment: a first order paid with the referrer’s card earns the referrer no coupon, and their list says why', async () => {
    const friend = await t.customer();
    expect((await apply(friend)).status).toBe(200);
    const order = await t.placeOrder(friend);
    expect(order.referral).not.toBeNull();
    expect((await t.pay(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: friend.token })).status).toBe(200);
    expect(await friendRow(friend)).toMatchObject({ status: 'refused', reward: null });
    const issued = await t.database.db.selectFrom('referral_redemption').select(['status', 'reward_promo_code_id']).where('friend_user_id', '=', friend.userId).executeTakeFirstOrThrow();
    expect(issued).toEqual({ status: 'paid', reward_promo_code_id: null });
  });
});

describe(`a referral coupon earned on an order later refunded (${db})`, () => {
  test('unused: withdrawn (expired, saying why), the friend’s discount comes back, and the next paid order earns a new coupon', async () => {
    const friend = await t.customer();
    expect((await apply(friend)).status).toBe(200);
    const first = await t.placeOrder(friend);
    await t.pay(`order/${first.id}/pay`, { method: 'card', card: OTHER_CARD }, { token: friend.token });
    const before = (await referralCoupons(referrer)).filter((c) => c.status === 'active');
    expect(before).toHaveLength(1);
    const earned = before[0]!;

    await refund(first);
    const withdrawn = (await referralCoupons(referrer)).find((c) => c.id === earned.id)!;
    expect(withdrawn).toMatchObject({ status: 'inactive', usedAt: null, description: REWARD_WITHDRAWN });
    // The referrer cannot spend it any more.
    const refusedCoupon = await t.placeOrder(referrer, { couponCode: earned.code }).catch((error: Error) => error.message);
    expect(refusedCoupon).toMatch(/expired/i);
    expect(await friendRow(friend)).toMatchObject({ status: 'joined' });
    expect((await t.call<CheckoutDiscounts>('checkout/discounts', { token: friend.token })).body.referral).toEqual({ percentOff: 10 });

    const again = await t.placeOrder(friend);
    expect(again.referral).not.toBeNull();
    await t.pay(`order/${again.id}/pay`, { method: 'card', card: OTHER_CARD }, { token: friend.token });
    const now = (await referralCoupons(referrer)).filter((c) => c.status === 'active');
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(earned.id);
  });

  test('already used: it stays used, and no second coupon comes from the friend’s next order', async () => {
    const friend = await t.customer();
    expect((await apply(friend)).status).toBe(200);
    const first = await t.placeOrder(friend);
    await t.pay(`order/${first.id}/pay`, { method: 'card', card: OTHER_CARD }, { token: friend.token });
    const earned = (await referralCoupons(referrer)).find((c) => c.status === 'active')!;
    const spent = await t.placeOrder(referrer, { couponCode: earned.code });
    expect(spent.coupon).not.toBeNull();
    await refund(first);
    expect((await referralCoupons(referrer)).find((c) => c.id === earned.id)).toMatchObject({ usedAt: expect.any(String), description: expect.not.stringContaining('withdrawn') });
    const next = await t.placeOrder(friend);
    expect(next.referral).toBeNull();
  });
});

test(`referral/apply is rate-limited per address (${db})`, async () => {
  const limited = await createTestApp({ rateLimitFactor: 1 });
  try {
    const u = await limited.registerUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await limited.call('account/referral/apply', { token: u.token, body: { code: `NOPE${i}` } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  } finally {
    await limited.close();
  }
});
