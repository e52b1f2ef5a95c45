import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addForeignKeys, foreignKeyName } from './010-keys-and-indexes.ts';

/**
 * The owner and parent columns of manual review (022) get their keys on PostgreSQL, the same way as
 * 010 and 015 (ADR 118): a review's project and account, and a cart line's review. Kept without a
 * key on purpose, as the test's list of exceptions says: an order line's review (the order keeps
 * its own copy of the price; the review goes with its project) and a staff action's subject (an
 * order, a payment or an account by kind, like a payment's subject; the audit outlives it).
 */
export const FOREIGN_KEYS_025: readonly (readonly [table: string, column: string, parent: string])[] = [
  ['quote_review', 'project_id', 'quote_project'],
  ['quote_review', 'user_id', 'user_account'],
  ['cart_item', 'review_id', 'quote_review'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await addForeignKeys(db, FOREIGN_KEYS_025, '025');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of FOREIGN_KEYS_025) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(foreignKeyName(table, column))}`.execute(db);
  }
}
