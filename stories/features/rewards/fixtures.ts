import { http, HttpResponse, delay } from 'msw';
import type { PromoCode } from '#domain/api/account';
import type { BalanceTransaction, MemberPayment, RechargeRecord, WePointTransaction } from '#domain/api/balance';
import type { Page } from '#domain/api/paging';
import type { PointsOverview, ReferralFriend, ReferralOverview } from '#domain/api/rewards';

/** Fixed data for the rewards stories (fixed dates: the screenshots never move). */
export const page = <T,>(list: T[], total = list.length, pageSize = 10): Page<T> => ({ list, total, page: 1, pageSize });

export const recharges: RechargeRecord[] = [
  { id: 'r1', amountCents: 15_000, currency: 'USD', method: 'bank-transfer', status: 'pending', reference: 'R20261120-4F2A9C', createdAt: '2026-11-20T09:30:00.000Z' },
  { id: 'r2', amountCents: 10_000, currency: 'USD', method: 'credit-card', status: 'succeeded', reference: 'R20261102-77B01E', createdAt: '2026-11-02T14:05:00.000Z' },
  { id: 'r3', amountCents: 20_000, currency: 'USD', method: 'credit-card', status: 'failed', reference: 'R20260915-0C33D2', createdAt: '2026-09-15T08:00:00.000Z' },
];

export const transactions: BalanceTransaction[] = [
  { id: 't1', kind: 'payment', amountCents: -7_380, balanceAfterCents: 12_620, currency: 'USD', description: 'Order W2501034', reference: 'W2501034', createdAt: '2026-11-18T10:00:00.000Z' },
  { id: 't2', kind: 'recharge', amountCents: 10_000, balanceAfterCents: 20_000, currency: 'USD', description: 'Balance reload by credit card', reference: 'R20261102-77B01E', createdAt: '2026-11-02T14:05:00.000Z' },
  { id: 't3', kind: 'refund', amountCents: 4_200, balanceAfterCents: 10_000, currency: 'USD', description: 'Refund for order W2400871', reference: 'W2400871', createdAt: '2026-08-01T12:00:00.000Z' },
  { id: 't4', kind: 'adjustment', amountCents: 2_500, balanceAfterCents: 5_800, currency: 'USD', description: 'Goodwill for a late delivery', reference: null, createdAt: '2026-07-10T12:00:00.000Z' },
];

export const coupons: PromoCode[] = [
  { id: 'c1', code: 'REF7K2QXM9P', kind: 'referral', description: 'Referral reward', percentOff: 10, amountOffCents: null, expiresAt: null, status: 'active', usedAt: null, createdAt: '2026-11-12T10:00:00.000Z' },
  { id: 'c2', code: 'MONH3T8W2RA', kind: 'monthly', description: 'Monthly coupon', percentOff: 5, amountOffCents: null, expiresAt: '2026-12-01T00:00:00.000Z', status: 'active', usedAt: null, createdAt: '2026-11-01T00:05:00.000Z' },
  { id: 'c3', code: 'SPRING15', kind: 'promo', description: 'Spring sale: 15% off CNC machining', percentOff: 15, amountOffCents: null, expiresAt: '2026-05-31T00:00:00.000Z', status: 'inactive', usedAt: null, createdAt: '2026-03-01T00:00:00.000Z' },
  { id: 'c4', code: 'WELCOME20', kind: 'promo', description: 'Welcome: USD 20 off the first order', percentOff: null, amountOffCents: 2_000, expiresAt: null, status: 'inactive', usedAt: '2026-02-03T10:00:00.000Z', createdAt: '2026-01-20T00:00:00.000Z' },
];

export const referral: ReferralOverview = {
  code: 'YT7WXDBY',
  link: 'https://manufacture.example/manufacture/quote?cm=YT7WXDBY',
  discountPercent: 10,
  rewardPercent: 10,
  friendsJoined: 3,
  couponsEarned: 1,
  invitationsLeftToday: 18,
  referredBy: null,
  canApplyCode: false,
  firstOrderDiscount: null,
};

export const friends: ReferralFriend[] = [
  { id: 'f1', name: 'Fern', joinedAt: '2026-11-10T09:00:00.000Z', status: 'rewarded', reward: { code: 'REF7K2QXM9P', percentOff: 10, status: 'active' } },
  { id: 'f2', name: 'g•••@example.com', joinedAt: '2026-11-15T18:20:00.000Z', status: 'ordered', reward: null },
  { id: 'f3', name: 'Ivo', joinedAt: '2026-11-19T07:45:00.000Z', status: 'joined', reward: null },
];

export const points: PointsOverview = {
  points: 1_185,
  member: true,
  month: '2026-11',
  refreshesOn: '2026-12-01',
  tasks: [
    { id: 'upload-model', points: 20, done: true, doneAt: '2026-11-03T10:00:00.000Z' },
    { id: 'pay-order', points: 100, done: true, doneAt: '2026-11-18T10:00:00.000Z' },
    { id: 'review-order', points: 50, done: false, doneAt: null },
    { id: 'friend-joined', points: 100, done: false, doneAt: null },
  ],
  couponPercent: 10,
  monthlyCoupon: { ...coupons[1]!, percentOff: 10 },
};

export const pointHistory: WePointTransaction[] = [
  { id: 'p1', points: 100, balanceAfter: 1_185, description: 'Paid an order (2026-11)', createdAt: '2026-11-18T10:05:00.000Z' },
  { id: 'p2', points: 20, balanceAfter: 1_085, description: 'Uploaded a model for a quote (2026-11)', createdAt: '2026-11-03T10:05:00.000Z' },
  { id: 'p3', points: -500, balanceAfter: 1_065, description: 'Redeemed for a USD 5 coupon', createdAt: '2026-09-20T10:00:00.000Z' },
];

export const memberPayments: MemberPayment[] = [
  { id: 'm1', plan: 'Prime yearly', amountCents: 9_900, currency: 'USD', method: 'balance', status: 'paid', createdAt: '2026-11-15T10:00:00.000Z' },
  { id: 'm2', plan: 'Prime yearly', amountCents: 9_900, currency: 'USD', method: 'credit-card', status: 'paid', createdAt: '2025-11-15T10:00:00.000Z' },
];

/** A list call answering `list` (or never answering, or failing). */
export function listHandler(method: 'get' | 'post', path: string, list: unknown[] | 'loading' | 'error') {
  return http[method](`*/api/*/${path}`, async () => {
    if (list === 'loading') {
      await delay('infinite');
      return HttpResponse.json({});
    }
    if (list === 'error') return HttpResponse.json({ message: 'Unknown error' }, { status: 500 });
    return HttpResponse.json(page(list));
  });
}
