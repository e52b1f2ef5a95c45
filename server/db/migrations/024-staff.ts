import type { Kysely } from 'kysely';

/**
 * Issue 38 (ADRs 190–192): the shop's staff, apart from its customers. A staff account signs in
 * with a password and a TOTP second factor (`totp_secret`, base32; `totp_last_step` refuses a code
 * used twice), or one of its recovery codes (sha256, each used once). `role` is `admin`,
 * `operator` or `success_manager`. A staff session is a row of its own, never an `auth_session`:
 * a customer's token names no staff session and a staff token no customer session. Every staff
 * action is a row of `staff_action`, written in the action's transaction: who, when, what, on
 * which subject, the state before and after (JSON) and the reason given. Portable (ADR 003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text', (c) => c.notNull())
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();
  await db.schema
    .createTable('staff_recovery_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_account.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addUniqueConstraint('staff_recovery_code_hash', ['staff_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_account.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('staff_session_staff').on('staff_session').column('staff_id').execute();
  await db.schema
    .createTable('staff_action')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_account.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before_state', 'text')
    .addColumn('after_state', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_action_subject').on('staff_action').columns(['subject_kind', 'subject_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_action').execute();
  await db.schema.dropTable('staff_session').execute();
  await db.schema.dropTable('staff_recovery_code').execute();
  await db.schema.dropTable('staff_account').execute();
}
