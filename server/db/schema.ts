import type { Selectable } from 'kysely';
import type { DB } from './tables.generated.ts';

/**
 * The database's types (ADR 003: ids are text, times ISO-8601 text, money integer cents, flags 0/1
 * integers, on SQLite and PostgreSQL alike). They are generated from the migrated schema
 * (`npm run db:types`, ADR 182) into tables.generated.ts, checked current by a test: a migration is
 * the one declaration of a table. This file only names them.
 */
export type Database = DB;

/** 0 or 1 (ADR 003: booleans are integers on both databases). */
export type Flag = number;

export type EmailTokenPurpose = DB['email_token']['purpose'];

/** Table types for Kysely. Portable between SQLite and PostgreSQL (ADR 003): ids are text, times are ISO-8601 text, money is integer cents, flags are 0/1 integers. */
export type CountryTable = Selectable<DB['country']>;
export type UserAccountTable = Selectable<DB['user_account']>;
export type TemporarySubjectTable = Selectable<DB['temporary_subject']>;
export type AuthSessionTable = Selectable<DB['auth_session']>;
export type EmailTokenTable = Selectable<DB['email_token']>;
export type OutboxMailTable = Selectable<DB['outbox_mail']>;
export type CaptchaTable = Selectable<DB['captcha']>;
export type ShippingAddressTable = Selectable<DB['shipping_address']>;
export type BillingAddressTable = Selectable<DB['billing_address']>;
export type BalanceRechargeTable = Selectable<DB['balance_recharge']>;
export type BalanceTransactionTable = Selectable<DB['balance_transaction']>;
export type WePointTransactionTable = Selectable<DB['we_point_transaction']>;
export type MemberPaymentTable = Selectable<DB['member_payment']>;
export type PromoCodeTable = Selectable<DB['promo_code']>;
export type OAuthIdentityTable = Selectable<DB['oauth_identity']>;
export type OAuthStateTable = Selectable<DB['oauth_state']>;
export type ContactMessageTable = Selectable<DB['contact_message']>;
/** Why an account asked to be deleted: the retention dialog's answer (migration 006, ADR 086). */
export type DeletionRequestTable = Selectable<DB['deletion_request']>;
export type DistributionVisitTable = Selectable<DB['distribution_visit']>;
export type SemRecordTable = Selectable<DB['sem_record']>;
export type DetainAnswerTable = Selectable<DB['detain_answer']>;
/** A quote project (migration 003): owned by a user or a visitor's temporary subject. */
export type QuoteProjectTable = Selectable<DB['quote_project']>;
/** An uploaded quote file and the server's analysis of it (ADR 040). JSON columns are text. */
export type QuoteFileTable = Selectable<DB['quote_file']>;
/** A quote file's picture for the project list (migration 008), drawn once and deleted with the file. */
export type QuoteFileThumbnailTable = Selectable<DB['quote_file_thumbnail']>;
/** A priced cart line (ADR 042): the server's price at `priced_at`. */
export type CartItemTable = Selectable<DB['cart_item']>;
/** A shared quote document holding its prices for 30 days (ADR 043). */
export type QuoteDocumentTable = Selectable<DB['quote_document']>;
/** An order (migration 004, ADR 050). Addresses are JSON snapshots taken at checkout. */
export type CustomerOrderTable = Selectable<DB['customer_order']>;
/** A product of an order: what the server priced at checkout. */
export type OrderLineTable = Selectable<DB['order_line']>;
export type OrderStatusEventTable = Selectable<DB['order_status_event']>;
export type OrderTrackingTable = Selectable<DB['order_tracking']>;
export type OrderReviewTable = Selectable<DB['order_review']>;
/** A payment attempt (ADRs 051–054). */
export type PaymentTable = Selectable<DB['payment']>;
/** ADR 051: the stored answer of a request with an Idempotency-Key; unique per scope and key. */
export type IdempotencyRecordTable = Selectable<DB['idempotency_record']>;
export type AgencyLinkTable = Selectable<DB['agency_link']>;
export type AdditionalCostTable = Selectable<DB['additional_cost']>;
export type AfterSaleOrderTable = Selectable<DB['after_sale_order']>;
export type AfterSaleItemTable = Selectable<DB['after_sale_item']>;
/** A referred friend's first-order discount taken by an order (migration 007, ADR 090). */
export type ReferralRedemptionTable = Selectable<DB['referral_redemption']>;
export type ReferralInvitationTable = Selectable<DB['referral_invitation']>;
/** One run of a scheduled job for one period (migration 007): the key makes a run happen once. */
export type ScheduledJobRunTable = Selectable<DB['scheduled_job_run']>;
/** A write's answer by its Idempotency-Key (migration 020, ADR 174; server/http/stored-answers.ts). */
export type StoredAnswerTable = Selectable<DB['stored_answer']>;
