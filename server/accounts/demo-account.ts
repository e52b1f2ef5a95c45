import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { insertUser } from './users.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database, PromoCodeTable, ShippingAddressTable } from '../db/schema.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo1234';

const daysAgo = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * A lived-in demo customer for a newcomer's first look: addresses, a balance with its history,
 * WePoints, membership payments, and coupons both active and inactive. Runs only when there is no
 * user at all, so it never touches a real database twice. Answers whether it seeded.
 */
export async function seedDemoAccount(db: Kysely<Database>, now: Date = new Date()): Promise<boolean> {
  const anyUser = await db.selectFrom('user_account').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const created = daysAgo(now, 400);
    const userId = await insertUser(trx, {
      email: DEMO_EMAIL,
      password_hash: passwordHash,
      username: 'demo',
      first_name: 'Dana',
      last_name: 'Demo',
      phone_code: '+1',
      phone: '4155550100',
      company: 'Demo Robotics Inc.',
      title: 'Engineer',
      industry: 'Robotics',
      referral_code: 'DEMO2024',
      activated_at: created,
      member: 1,
      customer_manager_name: 'Sam Success',
      customer_manager_email: 'sam.success@manufacture.local',
      created_at: created,
      updated_at: created,
    });

    const address = (fields: Partial<ShippingAddressTable>) => ({
      id: randomUUID(),
      user_id: userId,
      is_default: 0,
      company: null,
      vat_number: null,
      address_line2: null,
      address_line3: null,
      first_name: 'Dana',
      last_name: 'Demo',
      phone_code: '+1',
      mobile: '4155550100',
      country_code: 'US',
      state: 'US-CA',
      city: 'San Francisco',
      postcode: '94107',
      address_line1: '500 Demo Street',
      created_at: daysAgo(now, 390),
      updated_at: daysAgo(now, 390),
      ...fields,
    });
    await trx
      .insertInto('shipping_address')
      .values([
        address({ is_default: 1, company: 'Demo Robotics Inc.', address_line2: 'Suite 200' }),
        address({
          first_name: 'Alex',
          last_name: 'Example',
          phone_code: '+44',
          mobile: '2079460000',
          country_code: 'GB',
          state: 'GB-LND',
          city: 'London',
          postcode: 'EC1A 1BB',
          address_line1: '10 Sample Lane',
          vat_number: 'GB123456789',
          created_at: daysAgo(now, 200),
          updated_at: daysAgo(now, 200),
        }),
      ])
      .execute();
    await trx
      .insertInto('billing_address')
      .values([
        { id: randomUUID(), user_id: userId, company_name: 'Demo Robotics Inc.', name: 'Dana Demo', location: '500 Demo Street, San Francisco, CA 94107, United States', created_at: daysAgo(now, 390), updated_at: daysAgo(now, 390) },
        { id: randomUUID(), user_id: userId, company_name: null, name: 'Dana Demo', location: '22 Home Road, Oakland, CA 94601, United States', created_at: daysAgo(now, 100), updated_at: daysAgo(now, 100) },
      ])
      .execute();

    // The balance ledger: reloads and payments, oldest first, ending at the account's balance.
    const ledger: { kind: string; amount: number; description: string; days: number; method?: string }[] = [
      { kind: 'recharge', amount: 50_000, description: 'Balance reload by bank transfer (USD)', days: 380, method: 'bank-transfer' },
      { kind: 'payment', amount: -18_640, description: 'Order W2400112: 3D printing, 4 parts', days: 360 },
      { kind: 'recharge', amount: 20_000, description: 'Balance reload by credit card', days: 150, method: 'credit-card' },
      { kind: 'payment', amount: -32_500, description: 'Order W2400871: CNC machining, 2 parts', days: 120 },
      { kind: 'refund', amount: 4_200, description: 'Refund for order W2400871 (late delivery)', days: 100 },
      { kind: 'recharge', amount: 10_000, description: 'Balance reload by credit card', days: 20, method: 'credit-card' },
      { kind: 'payment', amount: -7_380, description: 'Order W2501034: vacuum casting, 10 parts', days: 5 },
    ];
    let balance = 0;
    for (const entry of ledger) {
      balance += entry.amount;
      const at = daysAgo(now, entry.days);
      await trx
        .insertInto('balance_transaction')
        .values({ id: randomUUID(), user_id: userId, kind: entry.kind, amount_cents: entry.amount, balance_after_cents: balance, currency: 'USD', description: entry.description, created_at: at })
        .execute();
      if (entry.method) {
        await trx
          .insertInto('balance_recharge')
          .values({ id: randomUUID(), user_id: userId, amount_cents: entry.amount, currency: 'USD', method: entry.method, status: 'succeeded', reference: `R${at.slice(0, 10).replaceAll('-', '')}`, created_at: at })
          .execute();
      }
    }
    await trx
      .insertInto('balance_recharge')
      .values({ id: randomUUID(), user_id: userId, amount_cents: 15_000, currency: 'USD', method: 'bank-transfer', status: 'pending', reference: 'R-PENDING-1', created_at: daysAgo(now, 1) })
      .execute();

    let points = 0;
    for (const [delta, description, days] of [
      [500, 'Welcome bonus', 399],
      [186, 'Order W2400112', 360],
      [325, 'Order W2400871', 120],
      [-500, 'Redeemed for a USD 5 coupon', 60],
      [74, 'Order W2501034', 5],
    ] as const) {
      points += delta;
      await trx.insertInto('we_point_transaction').values({ id: randomUUID(), user_id: userId, points: delta, balance_after: points, description, created_at: daysAgo(now, days) }).execute();
    }

    await trx
      .insertInto('member_payment')
      .values([
        { id: randomUUID(), user_id: userId, plan: 'Prime yearly', amount_cents: 9_900, currency: 'USD', method: 'credit-card', status: 'paid', created_at: daysAgo(now, 370) },
        { id: randomUUID(), user_id: userId, plan: 'Prime yearly', amount_cents: 9_900, currency: 'USD', method: 'balance', status: 'paid', created_at: daysAgo(now, 5) },
      ])
      .execute();

    const coupon = (code: string, description: string, fields: Partial<Insertable<PromoCodeTable>>): Insertable<PromoCodeTable> => ({
      id: randomUUID(),
      user_id: userId,
      code,
      kind: 'promo',
      issue_key: null,
      description,
      percent_off: null,
      amount_off_cents: null,
      expires_at: null,
      used_at: null,
      created_at: daysAgo(now, 30),
      ...fields,
    });
    await trx
      .insertInto('promo_code')
      .values([
        coupon('REFDEMO10', 'Referral reward: 10% off one order (never expires, single use)', { kind: 'referral', percent_off: 10, created_at: daysAgo(now, 90) }),
        coupon('MONTHLY5', 'Monthly member coupon: USD 5 off', { kind: 'monthly', amount_off_cents: 500, expires_at: daysAgo(now, -25), created_at: daysAgo(now, 5) }),
        coupon('SPRING15', 'Spring sale: 15% off CNC machining', { percent_off: 15, expires_at: daysAgo(now, 10), created_at: daysAgo(now, 70) }),
        coupon('WELCOME20', 'Welcome: 20% off the first order', { percent_off: 20, used_at: daysAgo(now, 360), created_at: daysAgo(now, 399) }),
      ])
      .execute();

    await trx.updateTable('user_account').set({ balance_cents: balance, we_points: points }).where('id', '=', userId).execute();
    return true;
  });
}
