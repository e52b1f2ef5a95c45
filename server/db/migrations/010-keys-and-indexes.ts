import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL as the production database (issue 21 item 7, ADR 118).
 *
 * Foreign keys from every owner and parent column to its table, on PostgreSQL: the embedded SQLite
 * file cannot add a constraint to an existing table without rebuilding it, and it is one process
 * written by this code only. Every key is DEFERRABLE INITIALLY DEFERRED (checked at commit, so the
 * order of inserts inside one transaction does not matter) and NO ACTION on delete, because the
 * parents are never deleted: a deleted account is anonymised and its row kept (ADR 027), orders and
 * payments are records. The one parent the customer deletes, a quote file (with its project), has
 * its cart lines and thumbnail deleted with it (migration 003 and 008 keys, ON DELETE CASCADE).
 *
 * Not keys, on purpose: `order_line.file_id`/`project_id` and `quote_document.project_id` name the
 * file and project a line was made from; the line keeps its own copy of everything it shows, and the
 * customer may delete the project afterwards (the order then offers no attachment). `payment.subject_id`
 * points at an order, an additional cost or a reload, by `subject_kind`.
 *
 * Indexes, on both databases, on the columns the queries filter or join on that had none. And on
 * PostgreSQL the tables of the shared rate limits and sign-in back-off (ADR 119).
 */
export const FOREIGN_KEYS: readonly (readonly [table: string, column: string, parent: string])[] = [
  ['user_account', 'referred_by_user_id', 'user_account'],
  ['temporary_subject', 'adopted_by_user_id', 'user_account'],
  ['auth_session', 'user_id', 'user_account'],
  ['auth_session', 'temp_subject_id', 'temporary_subject'],
  ['email_token', 'user_id', 'user_account'],
  ['shipping_address', 'user_id', 'user_account'],
  ['billing_address', 'user_id', 'user_account'],
  ['balance_recharge', 'user_id', 'user_account'],
  ['balance_transaction', 'user_id', 'user_account'],
  ['balance_transaction', 'payment_id', 'payment'],
  ['we_point_transaction', 'user_id', 'user_account'],
  ['member_payment', 'user_id', 'user_account'],
  ['promo_code', 'user_id', 'user_account'],
  ['oauth_identity', 'user_id', 'user_account'],
  ['oauth_state', 'link_user_id', 'user_account'],
  ['contact_message', 'user_id', 'user_account'],
  ['distribution_visit', 'referrer_user_id', 'user_account'],
  ['distribution_visit', 'user_id', 'user_account'],
  ['distribution_visit', 'temp_subject_id', 'temporary_subject'],
  ['sem_record', 'user_id', 'user_account'],
  ['sem_record', 'temp_subject_id', 'temporary_subject'],
  ['detain_answer', 'user_id', 'user_account'],
  ['detain_answer', 'temp_subject_id', 'temporary_subject'],
  ['deletion_request', 'user_id', 'user_account'],
  ['quote_project', 'user_id', 'user_account'],
  ['quote_project', 'temp_subject_id', 'temporary_subject'],
  ['cart_item', 'user_id', 'user_account'],
  ['cart_item', 'temp_subject_id', 'temporary_subject'],
  ['quote_document', 'user_id', 'user_account'],
  ['quote_document', 'temp_subject_id', 'temporary_subject'],
  ['customer_order', 'user_id', 'user_account'],
  ['order_status_event', 'order_id', 'customer_order'],
  ['order_tracking', 'order_id', 'customer_order'],
  ['order_review', 'order_id', 'customer_order'],
  ['order_review', 'user_id', 'user_account'],
  ['payment', 'user_id', 'user_account'],
  ['agency_link', 'order_id', 'customer_order'],
  ['additional_cost', 'user_id', 'user_account'],
  ['additional_cost', 'order_id', 'customer_order'],
  ['after_sale_order', 'user_id', 'user_account'],
  ['after_sale_order', 'order_id', 'customer_order'],
  ['after_sale_item', 'order_line_id', 'order_line'],
];

/** Columns queries filter or join on that had no index (name, table, columns). */
export const INDEXES: readonly (readonly [name: string, table: string, columns: readonly string[]])[] = [
  ['cart_item_file', 'cart_item', ['file_id']],
  ['order_line_file', 'order_line', ['file_id']],
  ['order_line_project', 'order_line', ['project_id']],
  ['quote_document_user', 'quote_document', ['user_id', 'created_at']],
  ['quote_document_project', 'quote_document', ['project_id']],
  ['email_token_user', 'email_token', ['user_id', 'purpose']],
  ['auth_session_temp', 'auth_session', ['temp_subject_id']],
  ['temporary_subject_adopted_by', 'temporary_subject', ['adopted_by_user_id']],
  ['user_account_referred_by', 'user_account', ['referred_by_user_id']],
  ['contact_message_user', 'contact_message', ['user_id']],
  ['distribution_visit_referrer', 'distribution_visit', ['referrer_user_id']],
  ['distribution_visit_user', 'distribution_visit', ['user_id']],
  ['distribution_visit_temp', 'distribution_visit', ['temp_subject_id']],
  ['sem_record_user', 'sem_record', ['user_id']],
  ['sem_record_temp', 'sem_record', ['temp_subject_id']],
  ['detain_answer_user', 'detain_answer', ['user_id']],
  ['detain_answer_temp', 'detain_answer', ['temp_subject_id']],
  ['order_review_user', 'order_review', ['user_id']],
  ['additional_cost_order', 'additional_cost', ['order_id']],
  ['after_sale_order_order', 'after_sale_order', ['order_id']],
  ['after_sale_item_line', 'after_sale_item', ['order_line_id']],
  ['oauth_state_link_user', 'oauth_state', ['link_user_id']],
];

export const foreignKeyName = (table: string, column: string) => `${table}_${column}_fkey`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns([...columns]).execute();
  }
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The shared rate limits' counters (rate-limiter-flexible's layout; ADR 119): one row per
  // limit and client, its points and when its window ends (ms since the epoch).
  await sql`create table if not exists rate_limit (key varchar(255) primary key, points integer not null default 0, expire bigint)`.execute(db);
  // The shared sign-in back-off (ADR 119): failed attempts per email, times in ms since the epoch.
  await sql`create table if not exists login_throttle (email text primary key, attempts integer not null, next_at bigint not null, last_at bigint not null)`.execute(db);
  await addForeignKeys(db, FOREIGN_KEYS, '010');
}

/**
 * Adds each key, DEFERRABLE INITIALLY DEFERRED and NO ACTION on delete (PostgreSQL only). A row
 * already pointing nowhere (written before there were keys) must not stop the upgrade: the key then
 * guards new rows only (NOT VALID) and the operator is told which rows to look at.
 */
export async function addForeignKeys(db: Kysely<unknown>, keys: readonly (readonly [table: string, column: string, parent: string])[], migration: string): Promise<void> {
  for (const [table, column, parent] of keys) {
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} t
      where t.${sql.ref(column)} is not null
        and not exists (select 1 from ${sql.table(parent)} p where p.id = t.${sql.ref(column)})`.execute(db);
    const count = orphans.rows[0]?.n ?? 0;
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(foreignKeyName(table, column))}
      foreign key (${sql.ref(column)}) references ${sql.table(parent)} (id)
      on delete no action deferrable initially deferred ${count > 0 ? sql`not valid` : sql``}`.execute(db);
    if (count > 0) {
      console.warn(`[migrate] ${migration}: ${count} row(s) of ${table}.${column} name no ${parent}; the key guards new rows only until they are fixed (then: alter table ${table} validate constraint ${foreignKeyName(table, column)})`);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop table if exists rate_limit`.execute(db);
    await sql`drop table if exists login_throttle`.execute(db);
    for (const [table, column] of FOREIGN_KEYS) {
      await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(foreignKeyName(table, column))}`.execute(db);
    }
  }
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
