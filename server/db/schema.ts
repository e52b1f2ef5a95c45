import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Portable between SQLite and PostgreSQL (ADR 003):
 * ids are text, times are ISO-8601 text, money is integer cents, flags are 0/1 integers.
 */
export interface CountryTable {
  code: string;
  name: string;
  /** Comma-separated calling codes without the plus, e.g. `1809,1829,1849`. */
  phone_codes: string;
  continent: string;
}


/** 0 or 1 (ADR 003: booleans are integers on both databases). */
export type Flag = number;

export interface UserAccountTable {
  id: string;
  /** Lower-cased. A deleted account keeps a placeholder `deleted-<id>@deleted.invalid`. */
  email: string;
  /** argon2id; null for an account made through quick login only. */
  password_hash: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_code: string | null;
  phone: string | null;
  company: string | null;
  title: string | null;
  industry: string | null;
  avatar_key: string | null;
  /** Shown to the customer as customerId, e.g. `C100042`. */
  customer_number: string;
  /** The account's own referral code (spec section 5: at least 6 letters and digits). */
  referral_code: string;
  referred_by_user_id: string | null;
  activated_at: string | null;
  member: Flag;
  is_entrust_order_account: Flag;
  detain_popup: Flag;
  is_channel: Flag;
  is_recharge: Flag;
  customer_manager_name: string | null;
  customer_manager_email: string | null;
  balance_cents: number;
  balance_currency: string;
  we_points: number;
  /** The temporary subject of the visitor who signed up; adopted at activation. */
  pending_temp_subject_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface TemporarySubjectTable {
  id: string;
  created_at: string;
  expires_at: string;
  adopted_by_user_id: string | null;
  adopted_at: string | null;
}

export interface AuthSessionTable {
  /** The token's `jti`. */
  id: string;
  kind: 'user' | 'temporary';
  user_id: string | null;
  temp_subject_id: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type EmailTokenPurpose = 'activate' | 'reset' | 'delete';

export interface EmailTokenTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  /** sha256 of the emailed key; the key itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxMailTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  /** JSON array of the links in the mail. */
  links: string;
  transport: 'smtp' | 'outbox';
  created_at: string;
  /** The last delivery error, or null. */
  error: string | null;
  /** `pending` until delivered (`sent`) or given up (`failed`) (migration 011, ADR 116). */
  state: Generated<'pending' | 'sent' | 'failed'>;
  /** The whole text with its live links and codes, only while `pending` (cleared on delivery). */
  live_text: string | null;
  attempts: Generated<number>;
  /** When a pending mail is tried next. */
  next_attempt_at: string | null;
  sent_at: string | null;
}

export interface CaptchaTable {
  id: string;
  /** Lower-cased answer. */
  answer: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ShippingAddressTable {
  id: string;
  user_id: string;
  is_default: Flag;
  first_name: string;
  last_name: string;
  company: string | null;
  phone_code: string;
  mobile: string;
  vat_number: string | null;
  country_code: string;
  state: string | null;
  city: string;
  postcode: string;
  address_line1: string;
  address_line2: string | null;
  address_line3: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillingAddressTable {
  id: string;
  user_id: string;
  company_name: string | null;
  name: string;
  location: string;
  created_at: string;
  updated_at: string;
}

export interface BalanceRechargeTable {
  id: string;
  user_id: string;
  amount_cents: number;
  currency: string;
  method: string;
  status: string;
  reference: string;
  created_at: string;
}

export interface BalanceTransactionTable {
  id: string;
  user_id: string;
  kind: string;
  /** Signed: credit positive, debit negative. */
  amount_cents: number;
  balance_after_cents: number;
  currency: string;
  description: string;
  created_at: string;
  /** The payment this row debits, credits or refunds (migration 004); null for older rows. */
  payment_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WePointTransactionTable {
  id: string;
  user_id: string;
  points: number;
  balance_after: number;
  description: string;
  created_at: string;
  /** Unique when set (migration 007): what the points were awarded for, e.g. `task:<account>:pay-order:2026-12`. */
  award_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MemberPaymentTable {
  id: string;
  user_id: string;
  plan: string;
  amount_cents: number;
  currency: string;
  method: string;
  status: string;
  created_at: string;
}

export interface PromoCodeTable {
  id: string;
  user_id: string;
  code: string;
  description: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  expires_at: string | null;
  used_at: string | null;
  created_at: string;
  /** `promo`, `referral` or `monthly` (migration 007). */
  kind: ColumnType<string, string | undefined, string>;
  /** Unique when set: `referral:<redemption id>` or `monthly:<account>:<YYYY-MM>`, so a coupon is never issued twice. */
  issue_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OAuthIdentityTable {
  id: string;
  user_id: string;
  channel: string;
  provider_user_id: string;
  email: string | null;
  created_at: string;
}

export interface OAuthStateTable {
  /** The `state` parameter. */
  id: string;
  channel: string;
  callback: string;
  code_verifier: string;
  /** OpenID Connect: the `nonce` the ID token must carry (ADR 170); null for GitHub. */
  nonce: string | null;
  /** Set when a signed-in user links a provider to the account. */
  link_user_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ContactMessageTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  title: string | null;
  industry: string | null;
  /** Added by migration 006; null on messages sent before it. */
  subject: string | null;
  order_number: string | null;
  message: string;
  created_at: string;
}

/** Why an account asked to be deleted: the retention dialog's answer (migration 006, ADR 086). */
export interface DeletionRequestTable {
  id: string;
  user_id: string;
  option: string;
  reason: string | null;
  created_at: string;
  /** The prepaid balance the customer confirmed to give up with the deletion (ADR 150); null: none. */
  balance_cents: number | null;
}

export interface DistributionVisitTable {
  id: string;
  cm: string;
  referrer_user_id: string | null;
  user_id: string | null;
  temp_subject_id: string | null;
  created_at: string;
}

export interface SemRecordTable {
  id: string;
  referer: string | null;
  browse_url: string;
  /** JSON object of the utm_* parameters. */
  utm: string;
  user_id: string | null;
  temp_subject_id: string | null;
  created_at: string;
}

export interface DetainAnswerTable {
  id: string;
  option: string;
  reason: string | null;
  user_id: string | null;
  temp_subject_id: string | null;
  created_at: string;
}

/** A quote project (migration 003): owned by a user or a visitor's temporary subject. */
export interface QuoteProjectTable {
  id: string;
  user_id: string | null;
  temp_subject_id: string | null;
  name: string;
  /** ProcessSlug: `3d-printing`, `cnc` or `vacuum-casting`. */
  process: string;
  created_at: string;
  updated_at: string;
}

/** A quote file's picture for the project list (migration 008), drawn once and deleted with the file. */
export interface QuoteFileThumbnailTable {
  file_id: string;
  /** A PNG, base64. */
  png_base64: string;
  created_at: string;
}

/** An uploaded quote file and the server's analysis of it (ADR 040). JSON columns are text. */
export interface QuoteFileTable {
  id: string;
  project_id: string;
  name: string;
  storage_key: string;
  size_bytes: number;
  sha256: string;
  format: string;
  /** JSON PartMetrics, or null when nothing usable was read. */
  metrics: string | null;
  /** JSON Finding[]. */
  findings: string;
  /** JSON QuoteFileSummary, or null. */
  summary: string | null;
  orderable: Flag;
  analysis_ms: number;
  /** JSON PartConfiguration, once configured. */
  configuration: string | null;
  /** JSON QuoteResult: the server's price for the configuration at `priced_at`. */
  quote: string | null;
  priced_at: string | null;
  uploaded_at: string;
  expires_at: string;
  /** Set when the retention job removed the bytes from storage (ADR 044). */
  removed_at: string | null;
  /** `analysing` while a queued analysis job runs, `failed` after it crashed twice (migration 011, ADR 115). */
  analysis_state: 'analysing' | 'done' | 'failed';
  /** Why the analysis failed, in the customer's words. */
  analysis_error: string | null;
  /** `pending` while a large file's walls and holes are measured after its upload answered (migration 016, ADR 145). */
  checks_state: 'pending' | 'done';
  /** The assembly file this part was split from (deleted by the split), or null (migration 014, ADR 131). */
  split_from: string | null;
  /** 1 once the customer chose to keep a file of several bodies as one part. */
  kept_whole: Flag;
}

/** A priced cart line (ADR 042): the server's price at `priced_at`. */
export interface CartItemTable {
  id: string;
  user_id: string | null;
  temp_subject_id: string | null;
  file_id: string;
  configuration: string;
  /** JSON QuoteResult. */
  quote: string;
  unit_price_cents: number;
  total_cents: number;
  currency: string;
  lead_time_days: number;
  ship_date: string;
  priced_at: string;
  created_at: string;
}

/** A shared quote document holding its prices for 30 days (ADR 043). */
export interface QuoteDocumentTable {
  id: string;
  /** sha256 of the share token; the token itself is never stored. */
  token_hash: string;
  number: string;
  user_id: string | null;
  temp_subject_id: string | null;
  project_id: string;
  project_name: string;
  /** JSON QuoteDocumentLine[]. */
  lines: string;
  total_cents: number;
  currency: string;
  created_at: string;
  expires_at: string;
}

/** An order (migration 004, ADR 050). Addresses are JSON snapshots taken at checkout. */
export interface CustomerOrderTable {
  id: string;
  number: string;
  user_id: string;
  /** OrderStatus (domain/orders/order-status.ts). */
  status: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  promo_code_id: string | null;
  coupon_code: string | null;
  po_number: string | null;
  comment: string | null;
  shipping_address_id: string;
  /** JSON Consignee. */
  consignee: string;
  billing_address_id: string;
  /** JSON BillingInfo. */
  billing: string;
  incoterm: string;
  carrier: string;
  carrier_account: string;
  customer_email: string | null;
  platform_order_number: string | null;
  customer_note: string | null;
  payment_method: string | null;
  /** The idempotency key of the payment holding the order (ADR 051), and since when. */
  paying_key: string | null;
  paying_since: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  /** A referred friend's first-order discount, in percent, when the order took it (migration 007). */
  referral_percent_off: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A product of an order: what the server priced at checkout. */
export interface OrderLineTable {
  id: string;
  order_id: string;
  position: number;
  file_id: string;
  project_id: string;
  name: string;
  file_name: string;
  process: string;
  material_id: string;
  material_name: string;
  colour_name: string | null;
  /** JSON PartConfiguration. */
  configuration: string;
  /** JSON QuoteResult. */
  quote: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  lead_time_days: number;
  ship_date: string;
  comment: string | null;
  /** JSON FindingNote[]: what the customer saw of the analysis at checkout (migration 013). */
  findings: ColumnType<string, string | undefined, string>;
}

export interface OrderStatusEventTable {
  id: string;
  order_id: string;
  from_status: string | null;
  to_status: string;
  event: string;
  actor: string;
  note: string | null;
  created_at: string;
}

export interface OrderTrackingTable {
  id: string;
  order_id: string;
  package_label: string;
  logistics_company: string;
  track_number: string;
  track_state: string;
  created_at: string;
  updated_at: string;
}

export interface OrderReviewTable {
  id: string;
  order_id: string;
  user_id: string;
  stars: number;
  workmanship: number;
  product: number;
  service: number;
  logistics: number;
  comments: string | null;
  created_at: string;
}

/** A payment attempt (ADRs 051–054). */
export interface PaymentTable {
  id: string;
  /** The account whose order, additional cost or balance it is. */
  user_id: string;
  subject_kind: 'order' | 'additional_cost' | 'reload';
  subject_id: string;
  method: string;
  status: string;
  amount_cents: number;
  currency: string;
  provider: string;
  provider_charge_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** The provider's fingerprint of the card: one card, one value, across accounts (ADR 151). */
  card_fingerprint: string | null;
  decline_code: string | null;
  message: string | null;
  via: string;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

/** ADR 051: the stored answer of a request with an Idempotency-Key; unique per scope and key. */
export interface IdempotencyRecordTable {
  id: string;
  scope: string;
  idem_key: string;
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  /** While `in_progress`, its heartbeat: renewed by the holder every few seconds (ADR 152). */
  updated_at: string;
  /** The process holding an unfinished claim (`host:pid:boot id`); null before migration 017. */
  holder: string | null;
}

/** A write's answer by its Idempotency-Key (migration 020, ADR 174; server/http/stored-answers.ts). */
export interface StoredAnswerTable {
  id: string;
  /** `user_id:<id>` or `temp_subject_id:<id>`. */
  owner: string;
  idem_key: string;
  /** Method and route, e.g. `POST cart/items`. */
  route: string;
  request_hash: string;
  status: number;
  /** The answer's JSON; null while the first request is being answered. */
  body: string | null;
  created_at: string;
}

export interface AgencyLinkTable {
  id: string;
  order_id: string;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface AdditionalCostTable {
  id: string;
  number: string;
  user_id: string;
  order_id: string | null;
  description: string;
  amount_cents: number;
  currency: string;
  status: string;
  payment_method: string | null;
  token_hash: string;
  paying_key: string | null;
  paying_since: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AfterSaleOrderTable {
  id: string;
  number: string;
  user_id: string;
  order_id: string;
  customer_order_number: string;
  status: string;
  reason: string | null;
  created_at: string;
}

export interface AfterSaleItemTable {
  id: string;
  after_sale_id: string;
  order_line_id: string;
  quantity: number;
}

/** A referred friend's first-order discount taken by an order (migration 007, ADR 090). */
export interface ReferralRedemptionTable {
  id: string;
  referrer_user_id: string;
  friend_user_id: string;
  order_id: string;
  /** `pending` (order unpaid), `paid` (the referrer's coupon is issued), `released` (the order was cancelled unpaid). */
  status: string;
  percent_off: number;
  discount_cents: number;
  reward_promo_code_id: string | null;
  created_at: string;
  paid_at: string | null;
  released_at: string | null;
}

export interface ReferralInvitationTable {
  id: string;
  user_id: string;
  email: string;
  created_at: string;
}

/** One run of a scheduled job for one period (migration 007): the key makes a run happen once. */
export interface ScheduledJobRunTable {
  job: string;
  period: string;
  started_at: string;
  finished_at: string | null;
  issued: number;
}

export interface Database {
  country: CountryTable;
  user_account: UserAccountTable;
  temporary_subject: TemporarySubjectTable;
  auth_session: AuthSessionTable;
  email_token: EmailTokenTable;
  outbox_mail: OutboxMailTable;
  captcha: CaptchaTable;
  shipping_address: ShippingAddressTable;
  billing_address: BillingAddressTable;
  balance_recharge: BalanceRechargeTable;
  balance_transaction: BalanceTransactionTable;
  we_point_transaction: WePointTransactionTable;
  member_payment: MemberPaymentTable;
  promo_code: PromoCodeTable;
  oauth_identity: OAuthIdentityTable;
  oauth_state: OAuthStateTable;
  contact_message: ContactMessageTable;
  deletion_request: DeletionRequestTable;
  distribution_visit: DistributionVisitTable;
  sem_record: SemRecordTable;
  detain_answer: DetainAnswerTable;
  quote_project: QuoteProjectTable;
  quote_file: QuoteFileTable;
  quote_file_thumbnail: QuoteFileThumbnailTable;
  cart_item: CartItemTable;
  quote_document: QuoteDocumentTable;
  customer_order: CustomerOrderTable;
  order_line: OrderLineTable;
  order_status_event: OrderStatusEventTable;
  order_tracking: OrderTrackingTable;
  order_review: OrderReviewTable;
  payment: PaymentTable;
  idempotency_record: IdempotencyRecordTable;
  agency_link: AgencyLinkTable;
  additional_cost: AdditionalCostTable;
  after_sale_order: AfterSaleOrderTable;
  after_sale_item: AfterSaleItemTable;
  referral_redemption: ReferralRedemptionTable;
  referral_invitation: ReferralInvitationTable;
  scheduled_job_run: ScheduledJobRunTable;
  stored_answer: StoredAnswerTable;
}
