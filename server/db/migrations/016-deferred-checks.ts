import type { Kysely } from 'kysely';

/**
 * Issue 16 item 2 (ADR 145): a large file's upload answers once what its price needs is measured;
 * its walls and holes follow. `quote_file.checks_state` is `pending` until they are stored, `done`
 * otherwise (every row before this migration). Portable (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_file').addColumn('checks_state', 'text', (c) => c.notNull().defaultTo('done')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_file').dropColumn('checks_state').execute();
}
