import type { Kysely } from 'kysely';

/**
 * Issue 32 (items 6, 9 and 10). Portable (ADR 003); every column may be null, so rows written
 * before this migration keep their meaning.
 *
 * - `idempotency_record.holder`: the process that holds an unfinished claim (host, pid and a
 *   random id drawn at start). A live holder renews its claims' `updated_at` every few seconds; a
 *   claim whose holder stopped renewing is taken over by a retry (ADR 152).
 * - `payment.card_fingerprint`: the provider's fingerprint of the card (the same card gives the same
 *   value, whatever the account), so a referral between two accounts paying with one card can be
 *   recognised (ADR 151). Never the number.
 * - `deletion_request.balance_cents`: the prepaid balance the customer was shown and confirmed to
 *   give up when asking to delete the account; null when there was none (ADR 150).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_record').addColumn('holder', 'text').execute();
  await db.schema.alterTable('payment').addColumn('card_fingerprint', 'text').execute();
  await db.schema.alterTable('deletion_request').addColumn('balance_cents', 'bigint').execute();
  await db.schema.createIndex('payment_card_fingerprint').on('payment').columns(['card_fingerprint']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_card_fingerprint').execute();
  await db.schema.alterTable('deletion_request').dropColumn('balance_cents').execute();
  await db.schema.alterTable('payment').dropColumn('card_fingerprint').execute();
  await db.schema.alterTable('idempotency_record').dropColumn('holder').execute();
}
