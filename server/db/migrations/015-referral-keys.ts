import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addForeignKeys, foreignKeyName } from './010-keys-and-indexes.ts';

/**
 * The owner and parent columns migration 010 missed (issue 21 item 7: a key from every
 * `user_id`/`order_id` column to its table), on PostgreSQL, the same way as 010 (ADR 118): the
 * referral programme's tables (007) and the visitor an account adopts on activation (002). A test
 * lists every `…_id` column without a key and requires it to be one of the documented exceptions.
 */
export const FOREIGN_KEYS_015: readonly (readonly [table: string, column: string, parent: string])[] = [
  ['referral_invitation', 'user_id', 'user_account'],
  ['referral_redemption', 'referrer_user_id', 'user_account'],
  ['referral_redemption', 'friend_user_id', 'user_account'],
  ['referral_redemption', 'order_id', 'customer_order'],
  ['referral_redemption', 'reward_promo_code_id', 'promo_code'],
  ['customer_order', 'promo_code_id', 'promo_code'],
  ['user_account', 'pending_temp_subject_id', 'temporary_subject'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await addForeignKeys(db, FOREIGN_KEYS_015, '015');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of FOREIGN_KEYS_015) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(foreignKeyName(table, column))}`.execute(db);
  }
}
