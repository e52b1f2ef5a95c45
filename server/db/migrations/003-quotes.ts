import type { Kysely } from 'kysely';

/**
 * Quote projects, their uploaded files with the server's analysis and part quotes, cart lines and
 * shared quote documents (ADRs 040–049). Portable (ADR 003): text ids, ISO-8601 text times,
 * integer cents, 0/1 flags, JSON as text. Owners are a user or a temporary subject (ADR 026).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_project')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_project_user').on('quote_project').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('quote_project_temp').on('quote_project').column('temp_subject_id').execute();

  await db.schema
    .createTable('quote_file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('quote_project.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('metrics', 'text')
    .addColumn('findings', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('orderable', 'integer', (c) => c.notNull())
    .addColumn('analysis_ms', 'integer', (c) => c.notNull())
    .addColumn('configuration', 'text')
    .addColumn('quote', 'text')
    .addColumn('priced_at', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('quote_file_project').on('quote_file').columns(['project_id', 'uploaded_at']).execute();
  await db.schema.createIndex('quote_file_expiry').on('quote_file').columns(['removed_at', 'expires_at']).execute();

  await db.schema
    .createTable('cart_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('file_id', 'text', (c) => c.notNull().references('quote_file.id').onDelete('cascade'))
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('lead_time_days', 'integer', (c) => c.notNull())
    .addColumn('ship_date', 'text', (c) => c.notNull())
    .addColumn('priced_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cart_item_user').on('cart_item').column('user_id').execute();
  await db.schema.createIndex('cart_item_temp').on('cart_item').column('temp_subject_id').execute();

  await db.schema
    .createTable('quote_document')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_document_temp').on('quote_document').column('temp_subject_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['quote_document', 'cart_item', 'quote_file', 'quote_project']) {
    await db.schema.dropTable(table).execute();
  }
}
