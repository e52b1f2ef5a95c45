import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Security hardening (issue 12, ADR 080).
 *
 * - Money columns become 64-bit on PostgreSQL (`bigint`): as 32-bit `integer` a cart or order above
 *   USD 21,474,836.47 failed there ("value … is out of range for type integer") while SQLite took
 *   it. SQLite's INTEGER is 64-bit already. The driver's int8 values are read as numbers
 *   (server/db/database.ts); the configured order ceiling keeps every amount far below 2^53.
 *   Quote file sizes follow, so QUOTE_MAX_FILE_BYTES may pass 2 GiB.
 * - Mails logged before this migration kept their live links and reset codes; the token table keeps
 *   only hashes of those keys, so the log must not hold them either: their text is replaced.
 */
export const MONEY_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['user_account', 'balance_cents'],
  ['user_account', 'we_points'],
  ['balance_recharge', 'amount_cents'],
  ['balance_transaction', 'amount_cents'],
  ['balance_transaction', 'balance_after_cents'],
  ['we_point_transaction', 'points'],
  ['we_point_transaction', 'balance_after'],
  ['member_payment', 'amount_cents'],
  ['promo_code', 'amount_off_cents'],
  ['cart_item', 'unit_price_cents'],
  ['cart_item', 'total_cents'],
  ['quote_document', 'total_cents'],
  ['quote_file', 'size_bytes'],
  ['customer_order', 'subtotal_cents'],
  ['customer_order', 'discount_cents'],
  ['customer_order', 'shipping_cents'],
  ['customer_order', 'total_cents'],
  ['order_line', 'unit_price_cents'],
  ['order_line', 'total_cents'],
  ['payment', 'amount_cents'],
  ['additional_cost', 'amount_cents'],
];

export const REDACTED_MAIL_TEXT = '(Removed by migration 005: this mail held a live key.)';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [table, column] of MONEY_COLUMNS) {
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db);
    }
  }
  await sql`update outbox_mail set body_text = ${REDACTED_MAIL_TEXT}, links = '[]' where links <> '[]'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [table, column] of MONEY_COLUMNS) {
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type integer`.execute(db);
    }
  }
}
