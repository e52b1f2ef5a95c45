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
  error: string | null;
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
}

export interface WePointTransactionTable {
  id: string;
  user_id: string;
  points: number;
  balance_after: number;
  description: string;
  created_at: string;
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
  message: string;
  created_at: string;
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
  distribution_visit: DistributionVisitTable;
  sem_record: SemRecordTable;
  detain_answer: DetainAnswerTable;
  quote_project: QuoteProjectTable;
  quote_file: QuoteFileTable;
  cart_item: CartItemTable;
  quote_document: QuoteDocumentTable;
}
