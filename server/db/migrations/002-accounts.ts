import type { Kysely } from 'kysely';

/**
 * Accounts, sessions, addresses, balance ledgers, coupons and the small records of spec section 7.
 * Portable (ADR 003): text ids, ISO-8601 text times, integer cents, 0/1 flags.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('username', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('company', 'text')
    .addColumn('title', 'text')
    .addColumn('industry', 'text')
    .addColumn('avatar_key', 'text')
    .addColumn('customer_number', 'text', (c) => c.notNull().unique())
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by_user_id', 'text')
    .addColumn('activated_at', 'text')
    .addColumn('member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_entrust_order_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('detain_popup', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_channel', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_recharge', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('customer_manager_name', 'text')
    .addColumn('customer_manager_email', 'text')
    .addColumn('balance_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('we_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_temp_subject_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('temporary_subject')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('adopted_by_user_id', 'text')
    .addColumn('adopted_at', 'text')
    .execute();

  await db.schema
    .createTable('auth_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('auth_session_user').on('auth_session').column('user_id').execute();

  await db.schema
    .createTable('email_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('outbox_mail')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('links', 'text', (c) => c.notNull())
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('shipping_address')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('phone_code', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text')
    .addColumn('address_line3', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipping_address_user').on('shipping_address').column('user_id').execute();

  await db.schema
    .createTable('billing_address')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_address_user').on('billing_address').column('user_id').execute();

  await db.schema
    .createTable('balance_recharge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('balance_recharge_user').on('balance_recharge').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('balance_transaction')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('balance_after_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('balance_transaction_user').on('balance_transaction').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('we_point_transaction')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('we_point_transaction_user').on('we_point_transaction').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('member_payment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_payment_user').on('member_payment').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('promo_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_code_user').on('promo_code').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('oauth_identity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('provider_user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('oauth_identity_provider_user', ['channel', 'provider_user_id'])
    .addUniqueConstraint('oauth_identity_user_channel', ['user_id', 'channel'])
    .execute();

  await db.schema
    .createTable('oauth_state')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('callback', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('link_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Small records that an anonymous visitor (temporary subject) or a user may own.
  await db.schema
    .createTable('contact_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('title', 'text')
    .addColumn('industry', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('distribution_visit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cm', 'text', (c) => c.notNull())
    .addColumn('referrer_user_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sem_record')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('referer', 'text')
    .addColumn('browse_url', 'text', (c) => c.notNull())
    .addColumn('utm', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('detain_answer')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('option', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('user_id', 'text')
    .addColumn('temp_subject_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'detain_answer',
    'sem_record',
    'distribution_visit',
    'contact_message',
    'oauth_state',
    'oauth_identity',
    'promo_code',
    'member_payment',
    'we_point_transaction',
    'balance_transaction',
    'balance_recharge',
    'billing_address',
    'shipping_address',
    'captcha',
    'outbox_mail',
    'email_token',
    'auth_session',
    'temporary_subject',
    'user_account',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
