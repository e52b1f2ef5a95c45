import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addForeignKeys, foreignKeyName } from './010-keys-and-indexes.ts';

/**
 * Issue 38 item 4 (ADR 200): staff decide an after-sale claim. `decided_at` is when; a refused
 * claim keeps `refusal_reason` (what the customer reads on their after-sale page); an approved one
 * names the refabrication order made at no charge (`refabrication_order_id`, a key on PostgreSQL
 * like 010's). The queue reads the claims by status, the oldest first.
 */
export const FOREIGN_KEYS_027: readonly (readonly [table: string, column: string, parent: string])[] = [['after_sale_order', 'refabrication_order_id', 'customer_order']];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('after_sale_order').addColumn('decided_at', 'text').execute();
  await db.schema.alterTable('after_sale_order').addColumn('refusal_reason', 'text').execute();
  await db.schema.alterTable('after_sale_order').addColumn('refabrication_order_id', 'text').execute();
  await db.schema.createIndex('after_sale_order_status').on('after_sale_order').columns(['status', 'created_at']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await addForeignKeys(db, FOREIGN_KEYS_027, '027');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [table, column] of FOREIGN_KEYS_027) {
      await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(foreignKeyName(table, column))}`.execute(db);
    }
  }
  await db.schema.dropIndex('after_sale_order_status').execute();
  await db.schema.alterTable('after_sale_order').dropColumn('refabrication_order_id').execute();
  await db.schema.alterTable('after_sale_order').dropColumn('refusal_reason').execute();
  await db.schema.alterTable('after_sale_order').dropColumn('decided_at').execute();
}
