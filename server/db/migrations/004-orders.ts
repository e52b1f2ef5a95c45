import { sql, type Kysely } from 'kysely';

/**
 * Orders, payments and what hangs off them (ADRs 050–057): orders with their product lines, status
 * history, tracking and review; payments; idempotency records; agency links; additional-cost and
 * after-sale orders. The balance ledger gets the payment it belongs to, and the cached balance is
 * reconciled with the ledger (ADR 052). Portable (ADR 003): text ids, ISO-8601 text times, integer
 * cents, 0/1 flags, JSON as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('promo_code_id', 'text')
    .addColumn('coupon_code', 'text')
    .addColumn('po_number', 'text')
    .addColumn('comment', 'text')
    .addColumn('shipping_address_id', 'text', (c) => c.notNull())
    .addColumn('consignee', 'text', (c) => c.notNull())
    .addColumn('billing_address_id', 'text', (c) => c.notNull())
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('incoterm', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('carrier_account', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text')
    .addColumn('platform_order_number', 'text')
    .addColumn('customer_note', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('paying_key', 'text')
    .addColumn('paying_since', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_order_user').on('customer_order').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_line')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('customer_order.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('material_id', 'text', (c) => c.notNull())
    .addColumn('material_name', 'text', (c) => c.notNull())
    .addColumn('colour_name', 'text')
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('lead_time_days', 'integer', (c) => c.notNull())
    .addColumn('ship_date', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .execute();
  await db.schema.createIndex('order_line_order').on('order_line').columns(['order_id', 'position']).execute();

  await db.schema
    .createTable('order_status_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_event_order').on('order_status_event').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('order_tracking')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('package_label', 'text', (c) => c.notNull())
    .addColumn('logistics_company', 'text', (c) => c.notNull())
    .addColumn('track_number', 'text', (c) => c.notNull())
    .addColumn('track_state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_tracking_order').on('order_tracking').column('order_id').execute();

  await db.schema
    .createTable('order_review')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('workmanship', 'integer', (c) => c.notNull())
    .addColumn('product', 'integer', (c) => c.notNull())
    .addColumn('service', 'integer', (c) => c.notNull())
    .addColumn('logistics', 'integer', (c) => c.notNull())
    .addColumn('comments', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // One row per payment attempt of an order, an additional-cost order or a reload.
  await db.schema
    .createTable('payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_charge_id', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('decline_code', 'text')
    .addColumn('message', 'text')
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_subject').on('payment').columns(['subject_kind', 'subject_id', 'created_at']).execute();
  await db.schema.createIndex('payment_user').on('payment').columns(['user_id', 'created_at']).execute();

  // ADR 051: one key, one answer. The unique constraint is what makes a retried request a replay.
  await db.schema
    .createTable('idempotency_record')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_record_scope_key', ['scope', 'idem_key'])
    .execute();

  await db.schema
    .createTable('agency_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('agency_link_order').on('agency_link').column('order_id').execute();

  await db.schema
    .createTable('additional_cost')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('paying_key', 'text')
    .addColumn('paying_since', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('additional_cost_user').on('additional_cost').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('after_sale_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('customer_order_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('after_sale_order_user').on('after_sale_order').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('after_sale_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('after_sale_id', 'text', (c) => c.notNull().references('after_sale_order.id').onDelete('cascade'))
    .addColumn('order_line_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('after_sale_item_order').on('after_sale_item').column('after_sale_id').execute();

  // The ledger names the payment a row belongs to: at most one debit and one refund per payment.
  await db.schema.alterTable('balance_transaction').addColumn('payment_id', 'text').execute();
  await db.schema.createIndex('balance_transaction_payment_kind').on('balance_transaction').columns(['payment_id', 'kind']).unique().execute();

  // ADR 052: the ledger is the source of truth. Where a cached balance and its ledger disagree
  // (balances set before there was a ledger), an opening adjustment makes the ledger say the same.
  const rows = await sql<{ id: string; balance_cents: number | string; currency: string; ledger: number | string | null }>`
    select u.id, u.balance_cents, u.balance_currency as currency,
      (select sum(t.amount_cents) from balance_transaction t where t.user_id = u.id) as ledger
    from user_account u`.execute(db);
  const now = new Date().toISOString();
  for (const row of rows.rows) {
    const cached = Number(row.balance_cents);
    const difference = cached - Number(row.ledger ?? 0);
    if (difference === 0) continue;
    await sql`insert into balance_transaction (id, user_id, kind, amount_cents, balance_after_cents, currency, description, created_at)
      values (${crypto.randomUUID()}, ${row.id}, 'adjustment', ${difference}, ${cached}, ${row.currency}, 'Opening balance (carried over when the ledger became the record)', ${now})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('balance_transaction_payment_kind').execute();
  await db.schema.alterTable('balance_transaction').dropColumn('payment_id').execute();
  for (const table of [
    'after_sale_item',
    'after_sale_order',
    'additional_cost',
    'agency_link',
    'idempotency_record',
    'payment',
    'order_review',
    'order_tracking',
    'order_status_event',
    'order_line',
    'customer_order',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
