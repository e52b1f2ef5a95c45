import type { Kysely } from 'kysely';

/**
 * After the order (issue 15): the thumbnail of a quote file, drawn once from its mesh when the
 * project list first shows it and kept with the file (deleted with it). A PNG of a few kilobytes,
 * base64 text so the column is the same on SQLite and PostgreSQL (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_file_thumbnail')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('quote_file.id').onDelete('cascade'))
    .addColumn('png_base64', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quote_file_thumbnail').execute();
}
