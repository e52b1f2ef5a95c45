import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PromoCode } from '#domain/api/account';
import type { CreateOrderResponse, Order } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import type { PayResponse } from '#domain/api/payment';
import type { Cart } from '#domain/api/quote';
import type { CheckoutDiscounts, InviteResponse, ReferralFriend, ReferralOverview } from '#domain/api/rewards';
import { ACCOUNT_MESSAGES } from '#domain/rules/account-rules';
import { MAX_INVITES_PER_DAY, REWARDS_MESSAGES } from '#domain/rules/rewards-rules';
import { pdfText } from '../quote/pdf-text.ts';
import { PRINT_CONFIG } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, SUCCESS_CARD, type Customer, type OrderTestApp } from '../orders/order-test-app.ts';

let t: OrderTestApp;
let referrer: Customer;
let code: string;

beforeAll(async () => {
  t = await createOrderTestApp();
  referrer = await t.customer();
  code = (await t.call<ReferralOverview>('account/referral', { token: referrer.token })).body.code;
});
afterAll(() => t.close());

const coupons = async (who: Customer, kind?: string) =>
  (await t.call<Page<PromoCode>>(`account/promoCodeList?pageSize=50${kind ? `&kind=${kind}` : ''}`, { token: who.token })).body.list;

/** Cart lines of the customer's part (one per quantity), answered with their ids. */
async function cartLines(c: Customer, quantities: number[]): Promise<string[]> {
  const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: quantities.map((quantity) => ({ fileId: c.file.id, configuration: { ...PRINT_CONFIG, quantity } })) } });
  expect(cart.status).toBe(201);
  return cart.body.lines.slice(-quantities.length).map((l) => l.id);
}

function orderBody(c: Customer, extra: Record<string, unknown> = {}) {
  return { shippingAddressId: c.shippingAddressId, billingAddressId: c.billingAddressId, shipping: { carrier: 'dhl-express', carrierAccount: '123456789' }, ...extra };
}

describe(`the referral programme, end to end on the server (${db})`, () => {
  test('a friend who signs up with the code gets 10 % off the first order; once it is paid the referrer gets a 10 % coupon that never expires, usable once', async () => {
    const friend = await t.customer({ referralCode: code.toLowerCase() });
    expect((await t.call<CheckoutDiscounts>('checkout/discounts', { token: friend.token })).body).toEqual({ referral: { percentOff: 10 } });
    const mine = (await t.call<ReferralOverview>('account/referral', { token: friend.token })).body;
    expect(mine).toMatchObject({ referredBy: { name: 'Test' }, canApplyCode: false, firstOrderDiscount: { percentOff: 10, status: 'available' } });

    const order = await t.placeOrder(friend);
    expect(order.referral).toEqual({ percentOff: 10, discountCents: Math.round(order.amounts.subtotalCents / 10) });
    expect(order.coupon).toBeNull();
    expect(order.amounts.discountCents).toBe(Math.round(order.amounts.subtotalCents / 10));
    expect(order.amounts.totalCents).toBe(order.amounts.subtotalCents - order.amounts.discountCents);
    // The order's PDF says the discount in the checkout's words.
    const pdf = await t.fetch(`/api/${t.config.apiSegment}/order/${order.id}/document`, { headers: { authorization: `Bearer ${friend.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\s+/g, ' ')).toContain('Referral: 10% off your first order');
    expect((await t.call<ReferralOverview>('account/referral', { token: friend.token })).body.firstOrderDiscount?.status).toBe('pending');
    // While the first order waits, the next one pays full price.
    expect((await t.call<CheckoutDiscounts>('checkout/discounts', { token: friend.token })).body.referral).toBeNull();

    // Not paid yet: the referrer has nothing; the friend shows as having ordered.
    expect(await coupons(referrer, 'referral')).toEqual([]);
    let friends = (await t.call<Page<ReferralFriend>>('account/referral/friends', { token: referrer.token })).body;
    expect(friends.list.find((f) => f.id === friend.userId)).toMatchObject({ name: 'Test', status: 'ordered', reward: null });

    const paid = await t.pay<PayResponse>(`order/${order.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: friend.token });
    expect(paid.body.subject.status).toBe('paid');
    const rewards = await coupons(referrer, 'referral');
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ kind: 'referral', percentOff: 10, expiresAt: null, status: 'active', usedAt: null });
    friends = (await t.call<Page<ReferralFriend>>('account/referral/friends', { token: referrer.token })).body;
    expect(friends.list.find((f) => f.id === friend.userId)).toMatchObject({ status: 'rewarded', reward: { code: rewards[0]!.code, percentOff: 10, status: 'active' } });
    expect((await t.call<ReferralOverview>('account/referral', { token: referrer.token })).body).toMatchObject({ friendsJoined: 1, couponsEarned: 1 });
    expect((await t.call<ReferralOverview>('account/referral', { token: friend.token })).body.firstOrderDiscount?.status).toBe('used');

    // The friend's second order pays full price; the referrer gets no second coupon for it.
    const second = await t.placeOrder(friend);
    expect(second.referral).toBeNull();
    expect(second.amounts.discountCents).toBe(0);
    await t.pay(`order/${second.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: friend.token });
    expect(await coupons(referrer, 'referral')).toHaveLength(1);

    // The referrer uses the coupon once: 10 % off; a second use is refused.
    const withCoupon = await t.placeOrder(referrer, { couponCode: rewards[0]!.code.toLowerCase() });
    expect(withCoupon.coupon).toEqual({ code: rewards[0]!.code, discountCents: Math.round(withCoupon.amounts.subtotalCents / 10) });
    expect(withCoupon.referral).toBeNull();
    await t.ms<Cart>('cart/items', { token: referrer.token, body: { items: [{ fileId: referrer.file.id, configuration: { ...PRINT_CONFIG, quantity: 2 } }] } });
    const again = await t.call<{ message: string }>('checkout/order', { token: referrer.token, body: orderBody(referrer, { couponCode: rewards[0]!.code }) });
    expect(again).toMatchObject({ status: 422, body: { message: 'This coupon has already been used (coupons are single-use, one per order).' } });
    expect((await coupons(referrer, 'referral'))[0]).toMatchObject({ status: 'inactive' });
  });

  test('one discount per order: a coupon on the referred first order is refused with a sentence; the order is not placed', async () => {
    const friend = await t.customer({ referralCode: code });
    await t.ms<Cart>('cart/items', { token: friend.token, body: { items: [{ fileId: friend.file.id, configuration: PRINT_CONFIG }] } });
    const res = await t.call<{ message: string; errors: Record<string, string[]> }>('checkout/order', { token: friend.token, body: orderBody(friend, { couponCode: 'ANYCODE1' }) });
    expect(res).toMatchObject({ status: 422, body: { message: REWARDS_MESSAGES.couponWithReferral, errors: { couponCode: [REWARDS_MESSAGES.couponWithReferral] } } });
    expect((await t.call<Page<Order>>('order/list', { token: friend.token })).body.total).toBe(0);
  });

  test('a first order cancelled unpaid gives the discount back for the next order; only one coupon ever', async () => {
    const friend = await t.customer({ referralCode: code });
    const first = await t.placeOrder(friend);
    expect(first.referral).not.toBeNull();
    expect((await t.call<Order>(`order/${first.id}/cancel`, { token: friend.token, body: {} })).body.status).toBe('cancelled');
    expect((await t.call<CheckoutDiscounts>('checkout/discounts', { token: friend.token })).body.referral).toEqual({ percentOff: 10 });
    const next = await t.placeOrder(friend);
    expect(next.referral).toEqual({ percentOff: 10, discountCents: Math.round(next.amounts.subtotalCents / 10) });
    // The cancelled order keeps what it showed.
    expect((await t.call<Order>(`order/${first.id}`, { token: friend.token })).body.referral).toEqual(first.referral);
    const before = (await coupons(referrer, 'referral')).length;
    // Paid by bank transfer, confirmed by the operator: the reward follows the same way.
    expect((await t.pay<PayResponse>(`order/${next.id}/pay`, { method: 'bank_transfer' }, { token: friend.token })).body.subject.status).toBe('awaiting_transfer');
    expect((await t.admin('admin/bank-transfer/confirm', { number: next.number, amount: (next.amounts.totalCents / 100).toFixed(2) })).status).toBe(200);
    expect(await coupons(referrer, 'referral')).toHaveLength(before + 1);
  });

  test('concurrent first orders: exactly one takes the discount (a unique index), the others are refused and change nothing; one coupon', async () => {
    const friend = await t.customer({ referralCode: code });
    const ids = await cartLines(friend, [1, 2, 3, 4, 5, 6]);
    const results = await Promise.all(ids.map((id) => t.call<CreateOrderResponse & { message?: string }>('checkout/order', { token: friend.token, body: orderBody(friend, { cartItemIds: [id] }) })));
    const placed = results.filter((r) => r.status === 201).map((r) => r.body.order);
    const refused = results.filter((r) => r.status !== 201);
    expect(placed.filter((o) => o.referral !== null)).toHaveLength(1);
    // An order placed without the discount was placed after the winner committed (a fresh read); a loser of the race answers 409 and its lines stay in the cart.
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { message: REWARDS_MESSAGES.referralTaken } });
    const cart = (await t.ms<Cart>('cart', { token: friend.token })).body;
    expect(cart.lines.length).toBe(refused.length);
    const redemptions = await t.database.db.selectFrom('referral_redemption').selectAll().where('friend_user_id', '=', friend.userId).execute();
    expect(redemptions).toHaveLength(1);

    // Paying the winner twice at once (two keys): one payment, one coupon.
    const winner = placed.find((o) => o.referral !== null)!;
    const before = (await coupons(referrer, 'referral')).length;
    const pays = await Promise.all([1, 2, 3].map(() => t.pay<PayResponse>(`order/${winner.id}/pay`, { method: 'card', card: SUCCESS_CARD }, { token: friend.token })));
    expect(pays.filter((p) => p.status === 200)).toHaveLength(1);
    expect(await coupons(referrer, 'referral')).toHaveLength(before + 1);
    const keys = await t.database.db.selectFrom('promo_code').select('issue_key').where('user_id', '=', referrer.userId).where('kind', '=', 'referral').execute();
    expect(new Set(keys.map((k) => k.issue_key)).size).toBe(keys.length);
  });

  test('a code added before the first order counts; never one’s own code; never after an order; never twice', async () => {
    const late = await t.customer();
    expect((await t.call<ReferralOverview>('account/referral', { token: late.token })).body).toMatchObject({ canApplyCode: true, firstOrderDiscount: null, referredBy: null });
    const own = (await t.call<ReferralOverview>('account/referral', { token: late.token })).body.code;
    expect(await t.call('account/referral/apply', { token: late.token, body: { code: own } })).toMatchObject({ status: 422, body: { message: REWARDS_MESSAGES.ownCode } });
    expect(await t.call('account/referral/apply', { token: late.token, body: { code: 'abc' } })).toMatchObject({ status: 422, body: { message: ACCOUNT_MESSAGES.referralCode } });
    expect(await t.call('account/referral/apply', { token: late.token, body: { code: 'ZZZZZZZZ9' } })).toMatchObject({ status: 422, body: { message: REWARDS_MESSAGES.referralUnknown } });
    const applied = await t.call<ReferralOverview>('account/referral/apply', { token: late.token, body: { code } });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ canApplyCode: false, firstOrderDiscount: { status: 'available' } });
    expect(await t.call('account/referral/apply', { token: late.token, body: { code } })).toMatchObject({ status: 409, body: { message: REWARDS_MESSAGES.alreadyReferred } });
    expect((await t.placeOrder(late)).referral).not.toBeNull();

    const ordered = await t.customer();
    await t.placeOrder(ordered);
    expect(await t.call('account/referral/apply', { token: ordered.token, body: { code } })).toMatchObject({ status: 409, body: { message: REWARDS_MESSAGES.tooLate } });
    expect((await t.call<ReferralOverview>('account/referral', { token: ordered.token })).body.canApplyCode).toBe(false);
  });

  test('the referral link is recorded by distribution/access and points at the quote page with ?cm=', async () => {
    const overview = (await t.call<ReferralOverview>('account/referral', { token: referrer.token })).body;
    expect(overview.link).toBe(`${t.config.publicUrl}/manufacture/quote?cm=${code}`);
    expect((await t.call(`account/distribution/access?cm=${code.toLowerCase()}`)).body).toEqual({ valid: true });
    const visits = await t.database.db.selectFrom('distribution_visit').select(['referrer_user_id']).where('cm', '=', code).execute();
    expect(visits.some((v) => v.referrer_user_id === referrer.userId)).toBe(true);
  });

  test('invitations: valid addresses only, never oneself, at most 10 at once and 20 a day; each mail carries the link', async () => {
    const inviter = await t.registerUser();
    const invite = (emails: unknown, message?: string) => t.call<InviteResponse & { message: string }>('account/referral/invite', { token: inviter.token, body: { emails, ...(message ? { message } : {}) } });
    expect(await invite('')).toMatchObject({ status: 422, body: { message: REWARDS_MESSAGES.inviteEmailsRequired } });
    expect(await invite('ada@example.com, not-an-email')).toMatchObject({ status: 422, body: { message: ACCOUNT_MESSAGES.emailInvalid } });
    expect(await invite([inviter.email.toUpperCase()])).toMatchObject({ status: 422, body: { message: REWARDS_MESSAGES.inviteSelf } });
    expect(await invite(Array.from({ length: 11 }, (_, i) => `f${i}@example.com`))).toMatchObject({ status: 422, body: { message: REWARDS_MESSAGES.inviteTooMany } });

    const sent = await invite('ada@example.com\ngrace@example.com; ada@example.com', 'You will like it.');
    expect(sent).toMatchObject({ status: 200, body: { sent: 2, invitationsLeftToday: MAX_INVITES_PER_DAY - 2 } });
    const { code: inviterCode } = (await t.call<ReferralOverview>('account/referral', { token: inviter.token })).body;
    const [mail] = await t.outbox('ada@example.com');
    expect(mail?.text).toContain('You will like it.');
    expect(mail?.text).toContain(inviterCode);
    expect(mail?.links).toEqual([`${t.config.publicUrl}/manufacture/quote?cm=${inviterCode}`]);

    for (let i = 0; i < 1; i++) expect((await invite(Array.from({ length: 10 }, (_, j) => `batch${i}-${j}@example.com`))).status).toBe(200);
    const over = await invite(Array.from({ length: 9 }, (_, j) => `over${j}@example.com`));
    expect(over).toMatchObject({ status: 429, body: { message: REWARDS_MESSAGES.inviteDailyLimit } });
    expect((await t.call<ReferralOverview>('account/referral', { token: inviter.token })).body.invitationsLeftToday).toBe(MAX_INVITES_PER_DAY - 12);
    // A day later the count starts again.
    t.clock.advance(24 * 3600 + 1);
    expect((await invite('later@example.com')).status).toBe(200);
  });

  test('another account sees only its own: its own code, friends and coupons; anonymous callers are refused', async () => {
    const other = await t.registerUser();
    const overview = (await t.call<ReferralOverview>('account/referral', { token: other.token })).body;
    expect(overview.code).not.toBe(code);
    expect((await t.call<Page<ReferralFriend>>('account/referral/friends', { token: other.token })).body.total).toBe(0);
    expect((await t.call<Page<PromoCode>>('account/promoCodeList', { token: other.token })).body.total).toBe(0);
    for (const path of ['account/referral', 'account/referral/friends', 'checkout/discounts', 'prime/point']) expect((await t.call(path)).status, path).toBe(401);
    expect((await t.call('account/referral/invite', { body: { emails: 'a@example.com' } })).status).toBe(401);
    expect((await t.call('account/referral/apply', { body: { code } })).status).toBe(401);
  });
});
