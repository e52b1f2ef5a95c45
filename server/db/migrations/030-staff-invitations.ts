import type { Kysely } from 'kysely';

/**
 * Issue 38 item 1 (ADR 223): staff invited by mail. An admin's invitation names the invitee's
 * email, name and role; its key travels only in the mailed link (stored as sha256) and works once,
 * until `expires_at`. The TOTP secret the invitee enrols is made with the invitation, so the page
 * shows the same secret until it is accepted; it becomes the account's. `accepted_at` or
 * `revoked_at` (a newer invitation to the same email) close it. Portable (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('staff_account.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('staff_invitation_email').on('staff_invitation').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invitation').execute();
}
