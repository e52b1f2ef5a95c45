import type { Kysely } from 'kysely';

/**
 * Assemblies become parts (issue 16 item 4, ADR 131). Portable (ADR 003).
 *
 * - `quote_file.split_from`: the id of the file of several bodies this part was split from (that
 *   file is deleted by the split); a second split of the same file finds its parts by it and is
 *   refused with a 409. Null for an upload.
 * - `quote_file.kept_whole`: 1 once the customer chose to keep a file of several bodies as one
 *   part, so the quote page stops offering the split.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_file').addColumn('split_from', 'text').execute();
  await db.schema.alterTable('quote_file').addColumn('kept_whole', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('quote_file_split_from').on('quote_file').columns(['project_id', 'split_from']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quote_file_split_from').execute();
  await db.schema.alterTable('quote_file').dropColumn('kept_whole').execute();
  await db.schema.alterTable('quote_file').dropColumn('split_from').execute();
}
