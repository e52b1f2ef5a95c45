import { randomInt, randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, UserAccountTable } from '../db/schema.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export function normaliseEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Inserts a user with a fresh id, customer number and referral code (retrying the rare clash). */
export async function insertUser(
  db: Kysely<Database>,
  values: Partial<Omit<Insertable<UserAccountTable>, 'id' | 'customer_number'>> & Pick<Insertable<UserAccountTable>, 'email' | 'created_at' | 'updated_at'>,
): Promise<string> {
  const defaults = {
    password_hash: null,
    username: null,
    first_name: null,
    last_name: null,
    phone_code: null,
    phone: null,
    company: null,
    title: null,
    industry: null,
    avatar_key: null,
    referred_by_user_id: null,
    activated_at: null,
    member: 0,
    is_entrust_order_account: 0,
    detain_popup: 1,
    is_channel: 0,
    is_recharge: 1,
    customer_manager_name: null,
    customer_manager_email: null,
    balance_cents: 0,
    balance_currency: 'USD',
    we_points: 0,
    pending_temp_subject_id: null,
    deleted_at: null,
  } satisfies Partial<Insertable<UserAccountTable>>;
  for (let attempt = 0; ; attempt++) {
    const id = randomUUID();
    const customerNumber = `C${randomInt(10_000_000, 100_000_000)}`;
    const referralCode = values.referral_code ?? randomCode(8);
    const clash = await db
      .selectFrom('user_account')
      .select('id')
      .where((eb) => eb.or([eb('customer_number', '=', customerNumber), eb('referral_code', '=', referralCode)]))
      .executeTakeFirst();
    if (clash && attempt < 5) continue;
    await db.insertInto('user_account').values({ ...defaults, ...values, id, customer_number: customerNumber, referral_code: referralCode }).execute();
    return id;
  }
}
