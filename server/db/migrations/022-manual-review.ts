import type { Kysely } from 'kysely';

/**
 * Manual review instead of a dead end (issue 34 item 4, ADR 163). Portable (ADR 003).
 *
 * - `quote_review`: a part sent for review by its owner (an account: the answer is mailed), with the
 *   configuration and note sent; `pending` until staff answer with a price (`answered`: unit price,
 *   total, lead time in working days, a message; held until `expires_at`, 30 days) or a refusal
 *   (`refused`, with its reason). The file's latest review is the one that counts.
 * - `quote_review_attachment`: files sent with it (PDF, DXF, DWG, PNG, JPEG), their bytes in the
 *   quote file store under the review.
 * - `cart_item.review_id`, `order_line.review_id`: a line priced by a review, not by the catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_review')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull().references('quote_file.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'bigint')
    .addColumn('total_cents', 'bigint')
    .addColumn('lead_time_days', 'integer')
    .addColumn('message', 'text')
    .addColumn('refusal_reason', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('quote_review_file').on('quote_review').columns(['file_id', 'requested_at']).execute();
  await db.schema.createIndex('quote_review_status').on('quote_review').columns(['status', 'requested_at']).execute();
  await db.schema
    .createTable('quote_review_attachment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('review_id', 'text', (c) => c.notNull().references('quote_review.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_review_attachment_review').on('quote_review_attachment').column('review_id').execute();
  await db.schema.alterTable('cart_item').addColumn('review_id', 'text').execute();
  await db.schema.alterTable('order_line').addColumn('review_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_line').dropColumn('review_id').execute();
  await db.schema.alterTable('cart_item').dropColumn('review_id').execute();
  await db.schema.dropTable('quote_review_attachment').execute();
  await db.schema.dropTable('quote_review').execute();
}
