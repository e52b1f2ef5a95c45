import type { Kysely } from 'kysely';

/**
 * Drawings and notes per part (issue 34 item 5, ADR 164). Portable (ADR 003).
 *
 * - `quote_file_drawing`: one technical drawing per part (PDF, DXF, DWG, PNG or JPEG, judged by its
 *   content), its bytes in the quote file store; deleted with its part.
 * - `quote_file.note`: the part's note for the factory.
 * - `order_line.drawing_*`: the drawing an ordered product was made from, its bytes copied at the
 *   order (the customer may delete the project afterwards); the note goes to `order_line.comment`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_file_drawing')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('quote_file.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('quote_file').addColumn('note', 'text').execute();
  await db.schema.alterTable('order_line').addColumn('drawing_name', 'text').execute();
  await db.schema.alterTable('order_line').addColumn('drawing_content_type', 'text').execute();
  await db.schema.alterTable('order_line').addColumn('drawing_size_bytes', 'bigint').execute();
  await db.schema.alterTable('order_line').addColumn('drawing_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['drawing_key', 'drawing_size_bytes', 'drawing_content_type', 'drawing_name']) await db.schema.alterTable('order_line').dropColumn(column).execute();
  await db.schema.alterTable('quote_file').dropColumn('note').execute();
  await db.schema.dropTable('quote_file_drawing').execute();
}
