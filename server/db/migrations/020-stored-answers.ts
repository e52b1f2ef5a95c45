import type { Kysely } from 'kysely';

/**
 * Issue 41 item 3 (ADR 174): a write sent with an Idempotency-Key (a cart change, a checkout, an
 * upload) is answered once; a repeat of the same key on the same route by the same caller gets the
 * stored answer. `owner` is the caller (`user_id:<id>` or `temp_subject_id:<id>`), `route` the
 * method and route (`POST cart/items`), `body` the answer's JSON (null while the first request is
 * being answered). Kept 24 hours. Portable (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_answer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stored_answer_owner_key_route', ['owner', 'idem_key', 'route'])
    .execute();
  await db.schema.createIndex('stored_answer_created').on('stored_answer').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_answer').execute();
}
