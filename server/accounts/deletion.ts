import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Account deletion (ADR 027): personal data is erased, addresses and quick-login links deleted,
 * every session revoked. The row stays, anonymised, so ledgers and orders keep their owner id.
 */
export async function anonymiseAccount(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db
    .updateTable('user_account')
    .set({
      email: `deleted-${userId}@deleted.invalid`,
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
      customer_manager_name: null,
      customer_manager_email: null,
      pending_temp_subject_id: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('shipping_address').where('user_id', '=', userId).execute();
  await db.deleteFrom('billing_address').where('user_id', '=', userId).execute();
  await db.deleteFrom('oauth_identity').where('user_id', '=', userId).execute();
  // Answers kept by Idempotency-Key (ADR 174): copies of carts and orders with their addresses.
  await db.deleteFrom('stored_answer').where('owner', '=', `user_id:${userId}`).execute();
  await db.updateTable('email_token').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db.updateTable('auth_session').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
