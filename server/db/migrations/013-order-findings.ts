import type { Kysely } from 'kysely';

/**
 * The findings travel with the part to the order (issue 20 item 5; ADR 126): each order line
 * keeps, as JSON text, the findings its customer saw at checkout (FindingNote[]: code, severity,
 * message, fix hint), so the factory sees the same. Lines ordered before keep an empty list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_line').addColumn('findings', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_line').dropColumn('findings').execute();
}
