import type { Kysely } from 'kysely';

/**
 * Issue 21 items 1 and 3 (ADRs 115, 116). Portable (ADR 003).
 *
 * - `quote_file.analysis_state`: `done` for every file analysed inside its upload (the embedded
 *   default, and every row before this migration); `analysing` while a queued analysis job has not
 *   finished; `failed` when the analysis crashed twice (`analysis_error` says why, in the customer's
 *   words).
 * - `outbox_mail` becomes a transactional outbox: a mail is written as `pending` in the transaction
 *   of the change that causes it, with its whole text (live links and codes) in `live_text`, and
 *   delivered afterwards with retries; `live_text` is cleared once it is delivered or given up, so
 *   a live key stays in the database no longer than until delivery. Rows before this are `sent`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_file').addColumn('analysis_state', 'text', (c) => c.notNull().defaultTo('done')).execute();
  await db.schema.alterTable('quote_file').addColumn('analysis_error', 'text').execute();

  await db.schema.alterTable('outbox_mail').addColumn('state', 'text', (c) => c.notNull().defaultTo('sent')).execute();
  await db.schema.alterTable('outbox_mail').addColumn('live_text', 'text').execute();
  await db.schema.alterTable('outbox_mail').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox_mail').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('outbox_mail').addColumn('sent_at', 'text').execute();
  await db.schema.createIndex('outbox_mail_due').on('outbox_mail').columns(['state', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_mail_due').execute();
  for (const column of ['sent_at', 'next_attempt_at', 'attempts', 'live_text', 'state']) {
    await db.schema.alterTable('outbox_mail').dropColumn(column).execute();
  }
  await db.schema.alterTable('quote_file').dropColumn('analysis_error').execute();
  await db.schema.alterTable('quote_file').dropColumn('analysis_state').execute();
}
