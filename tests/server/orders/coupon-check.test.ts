import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CouponCheck } from '#domain/api/order';
import type { Cart } from '#domain/api/quote';
import { PRINT_CONFIG } from '../quote/quote-test-app.ts';
import { createOrderTestApp, db, type OrderTestApp } from './order-test-app.ts';

/**
 * Coupons before paying (issue 34 item 6, ADR 165): checkout checks the code at once and shows the
 * discount; a code that cannot be used is refused with its reason before any order exists.
 */
let t: OrderTestApp;
beforeAll(async () => {
  t = await createOrderTestApp();
});
afterAll(() => t.close());

describe(`a coupon checked at checkout (${db})`, () => {
  test('a percentage and a fixed amount are taken off the cart’s lines; used, expired and another account’s codes are refused with why; nothing is taken', async () => {
    const c = await t.customer();
    const cart = await t.ms<Cart>('cart/items', { token: c.token, body: { items: [{ fileId: c.file.id, configuration: { ...PRINT_CONFIG, quantity: 5 } }] } });
    const subtotal = cart.body.totalCents;
    const now = t.clock().toISOString();
    const code = (fields: { code: string; kind?: string; percent_off?: number; amount_off_cents?: number; expires_at?: string; used_at?: string }) => ({
      id: crypto.randomUUID(),
      user_id: c.userId,
      description: 'Test',
      kind: 'promo',
      percent_off: null,
      amount_off_cents: null,
      expires_at: null,
      used_at: null,
      created_at: now,
      ...fields,
    });
    await t.database.db
      .insertInto('promo_code')
      .values([
        code({ code: 'TEN10', percent_off: 10 }),
        code({ code: 'MONTHLY5', amount_off_cents: 500, kind: 'monthly' }),
        code({ code: 'HUGE', amount_off_cents: 10_000_000 }),
        code({ code: 'USED1', percent_off: 5, used_at: now }),
        code({ code: 'OLD5', amount_off_cents: 500, expires_at: '2000-01-01T00:00:00.000Z' }),
      ])
      .execute();
    const check = (couponCode: string, token = c.token) => t.call<CouponCheck & { message?: string; errors?: Record<string, string[]> }>('checkout/coupon', { token, body: { couponCode } });

    expect((await check(' ten10 ')).body).toEqual({ code: 'TEN10', percentOff: 10, amountOffCents: null, subtotalCents: subtotal, discountCents: Math.round(subtotal / 10), totalCents: subtotal - Math.round(subtotal / 10) });
    expect((await check('MONTHLY5')).body).toMatchObject({ percentOff: null, amountOffCents: 500, discountCents: 500, totalCents: subtotal - 500 });
    expect((await check('HUGE')).body).toMatchObject({ discountCents: subtotal, totalCents: 0 });
    for (const [bad, why] of [
      ['USED1', 'This coupon has already been used (coupons are single-use, one per order).'],
      ['OLD5', 'This coupon has expired.'],
      ['NOPE', 'This coupon code is not valid for your account.'],
    ] as const) {
      const res = await check(bad);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors?.couponCode).toEqual([why]);
    }
    // Another account cannot use (or learn anything of) this account's code.
    const other = await t.customer();
    await t.ms('cart/items', { token: other.token, body: { items: [{ fileId: other.file.id, configuration: PRINT_CONFIG }] } });
    expect((await check('TEN10', other.token)).body.errors?.couponCode).toEqual(['This coupon code is not valid for your account.']);
    expect((await t.call('checkout/coupon', { body: { couponCode: 'TEN10' } })).status).toBe(401);
    // Checking takes nothing: the code is still unused.
    const row = await t.database.db.selectFrom('promo_code').select('used_at').where('code', '=', 'TEN10').executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });
});
