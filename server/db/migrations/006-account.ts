import type { Kysely } from 'kysely';

/**
 * The account area (issue 13): a contact message carries its subject and, when given, the order it
 * is about; a deletion request keeps the retention dialog's answer (ADR 086). Portable (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_message').addColumn('subject', 'text').execute();
  await db.schema.alterTable('contact_message').addColumn('order_number', 'text').execute();

  await db.schema
    .createTable('deletion_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('option', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deletion_request_user').on('deletion_request').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deletion_request').execute();
  await db.schema.alterTable('contact_message').dropColumn('order_number').execute();
  await db.schema.alterTable('contact_message').dropColumn('subject').execute();
}
