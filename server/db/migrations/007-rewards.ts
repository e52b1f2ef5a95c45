import { sql, type Kysely } from 'kysely';

/**
 * The rewards of the account area (issue 14; ADRs 090–092): the referral programme, the monthly
 * coupon and the membership tasks. What must never happen twice is held by a unique key, so that
 * it holds across concurrent requests, restarts and several processes, on both databases:
 *
 * - a friend's first-order discount: one live redemption per friend (`referral_redemption`, unique
 *   on the friend while not released) and one per order;
 * - a coupon issued by the system: `promo_code.issue_key` is unique (`referral:<redemption>` for the
 *   referrer's reward, `monthly:<account>:<YYYY-MM>` for the monthly coupon);
 * - a task's WePoints: `we_point_transaction.award_key` is unique (`task:<account>:<task>:<YYYY-MM>`);
 * - a scheduled job's run: `scheduled_job_run` is keyed by job and period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_code').addColumn('kind', 'text', (c) => c.notNull().defaultTo('promo')).execute();
  await db.schema.alterTable('promo_code').addColumn('issue_key', 'text').execute();
  await db.schema.createIndex('promo_code_issue_key').on('promo_code').column('issue_key').unique().execute();

  await db.schema
    .createTable('referral_redemption')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('referrer_user_id', 'text', (c) => c.notNull())
    .addColumn('friend_user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    // pending (the order waits for payment), paid (the referrer's coupon is due), released (the order was cancelled unpaid).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('reward_promo_code_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('released_at', 'text')
    .execute();
  // The rule "never twice", concurrent orders included: one live redemption per friend.
  await db.schema
    .createIndex('referral_redemption_friend_live')
    .on('referral_redemption')
    .column('friend_user_id')
    .unique()
    .where(sql<boolean>`status <> 'released'`)
    .execute();
  await db.schema.createIndex('referral_redemption_referrer').on('referral_redemption').columns(['referrer_user_id', 'created_at']).execute();
  await db.schema.createIndex('user_account_referred_by').on('user_account').columns(['referred_by_user_id', 'created_at']).execute();

  await db.schema.alterTable('customer_order').addColumn('referral_percent_off', 'integer').execute();

  await db.schema
    .createTable('referral_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referral_invitation_user').on('referral_invitation').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('scheduled_job_run')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('issued', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('scheduled_job_run_pk', ['job', 'period'])
    .execute();

  await db.schema.alterTable('we_point_transaction').addColumn('award_key', 'text').execute();
  await db.schema.createIndex('we_point_transaction_award_key').on('we_point_transaction').column('award_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('we_point_transaction_award_key').execute();
  await db.schema.alterTable('we_point_transaction').dropColumn('award_key').execute();
  await db.schema.dropTable('scheduled_job_run').execute();
  await db.schema.dropTable('referral_invitation').execute();
  await db.schema.alterTable('customer_order').dropColumn('referral_percent_off').execute();
  await db.schema.dropIndex('user_account_referred_by').execute();
  await db.schema.dropTable('referral_redemption').execute();
  await db.schema.dropIndex('promo_code_issue_key').execute();
  await db.schema.alterTable('promo_code').dropColumn('issue_key').execute();
  await db.schema.alterTable('promo_code').dropColumn('kind').execute();
}
