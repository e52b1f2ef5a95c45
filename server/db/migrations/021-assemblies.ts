import type { Kysely } from 'kysely';

/**
 * Assemblies as a bill of materials (issue 34 item 3, ADR 162). Portable (ADR 003).
 *
 * - `quote_assembly`: a file of several bodies that was split into parts (its id is the split
 *   file's, which the parts keep in `quote_file.split_from`), with its name and how many of it the
 *   customer wants. Deleted with its project; deleted when its last part goes.
 * - `quote_file.per_assembly`: for a part split from an assembly, how many of it one assembly holds
 *   (its identical bodies); the part's quantity is this times the assembly's quantity when set from
 *   the assembly. Null for an upload and for parts split before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_assembly')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('quote_project.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_assembly_project').on('quote_assembly').column('project_id').execute();
  await db.schema.alterTable('quote_file').addColumn('per_assembly', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_file').dropColumn('per_assembly').execute();
  await db.schema.dropTable('quote_assembly').execute();
}
