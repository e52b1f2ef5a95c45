import { fileURLToPath } from 'node:url';
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { generate, SqliteDialect } from 'kysely-codegen';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * `npm run db:types`: the database's types, generated from the migrated schema (issue 37 item 3,
 * ADR 182). The migrations are the one declaration of every table; this applies them all to an
 * empty SQLite database in memory and writes what kysely-codegen reads from it to
 * server/db/tables.generated.ts. tests/server/db/generated-types.test.ts fails (and so CI) while
 * that file is not what this would write now.
 */
export const GENERATED_FILE = fileURLToPath(new URL('../db/tables.generated.ts', import.meta.url));

/** Columns whose text holds one of a few words: their union, so a typo fails the type check. */
const WORDS: Record<string, string> = {
  'auth_session.kind': "'user' | 'temporary'",
  'email_token.purpose': "'activate' | 'reset' | 'delete'",
  'outbox_mail.transport': "'smtp' | 'outbox'",
  'outbox_mail.state': "Generated<'pending' | 'sent' | 'failed'>",
  'quote_file.analysis_state': "Generated<'analysing' | 'done' | 'failed'>",
  'quote_file.checks_state': "Generated<'pending' | 'done'>",
  'payment.subject_kind': "'order' | 'additional_cost' | 'reload'",
  'idempotency_record.state': "'in_progress' | 'done'",
  'quote_review.status': "'pending' | 'answered' | 'refused'",
  'staff_account.role': "'admin' | 'operator' | 'success_manager'",
  'staff_invitation.role': "'admin' | 'operator' | 'success_manager'",
};

/** What a column holds, where its name does not say (kept as the generated file's comments). */
const NOTES: Record<string, string> = {
  'country.phone_codes': 'Comma-separated calling codes without the plus, e.g. `1809,1829,1849`.',
  'user_account.email': 'Lower-cased. A deleted account keeps a placeholder `deleted-<id>@deleted.invalid`.',
  'user_account.password_hash': 'argon2id; null for an account made through quick login only.',
  'user_account.customer_number': 'Shown to the customer as customerId, e.g. `C100042`.',
  'user_account.referral_code': "The account's own referral code (spec section 5: at least 6 letters and digits).",
  'user_account.pending_temp_subject_id': 'The temporary subject of the visitor who signed up; adopted at activation.',
  'auth_session.id': "The token's `jti`.",
  'email_token.token_hash': 'sha256 of the emailed key; the key itself is never stored.',
  'outbox_mail.links': 'JSON array of the links in the mail.',
  'outbox_mail.error': 'The last delivery error, or null.',
  'outbox_mail.state': '`pending` until delivered (`sent`) or given up (`failed`) (migration 011, ADR 116).',
  'outbox_mail.live_text': 'The whole text with its live links and codes, only while `pending` (cleared on delivery).',
  'outbox_mail.next_attempt_at': 'When a pending mail is tried next.',
  'captcha.answer': 'Lower-cased answer.',
  'staff_account.email': 'Lower-cased; a staff account is never a customer account (migration 024, ADR 190).',
  'staff_account.totp_secret': 'Base32 TOTP secret (RFC 6238, 30 s steps, 6 digits).',
  'staff_account.totp_last_step': 'The time step of the last code accepted: a code is never taken twice.',
  'staff_recovery_code.code_hash': 'sha256 of a recovery code; the code is shown once, at creation.',
  'staff_session.id': "The staff token's `jti`.",
  'staff_action.action': 'What was done, e.g. `order.ship` (ADR 192).',
  'staff_action.before_state': 'JSON of the subject before the action, or null.',
  'staff_action.after_state': 'JSON of the subject after the action, or null.',
  'balance_transaction.amount_cents': 'Signed: credit positive, debit negative.',
  'balance_transaction.payment_id': 'The payment this row debits, credits or refunds (migration 004); null for older rows.',
  'we_point_transaction.award_key': 'Unique when set (migration 007): what the points were awarded for, e.g. `task:<account>:pay-order:2026-12`.',
  'promo_code.kind': '`promo`, `referral` or `monthly` (migration 007).',
  'promo_code.issue_key': 'Unique when set: `referral:<redemption id>` or `monthly:<account>:<YYYY-MM>`, so a coupon is never issued twice.',
  'oauth_state.id': 'The `state` parameter.',
  'oauth_state.nonce': 'OpenID Connect: the `nonce` the ID token must carry (ADR 170); null for GitHub.',
  'oauth_state.link_user_id': 'Set when a signed-in user links a provider to the account.',
  'contact_message.subject': 'Added by migration 006; null on messages sent before it.',
  'deletion_request.balance_cents': 'The prepaid balance the customer confirmed to give up with the deletion (ADR 150); null: none.',
  'sem_record.utm': 'JSON object of the utm_* parameters.',
  'quote_project.process': 'ProcessSlug: `3d-printing`, `cnc` or `vacuum-casting`.',
  'quote_file_thumbnail.png_base64': 'A PNG, base64.',
  'quote_file.metrics': 'JSON PartMetrics, or null when nothing usable was read.',
  'quote_file.findings': 'JSON Finding[].',
  'quote_file.summary': 'JSON QuoteFileSummary, or null.',
  'quote_file.configuration': 'JSON PartConfiguration, once configured.',
  'quote_file.quote': "JSON QuoteResult: the server's price for the configuration at `priced_at`.",
  'quote_file.removed_at': 'Set when the retention job removed the bytes from storage (ADR 044).',
  'quote_file.analysis_state': '`analysing` while a queued analysis job runs, `failed` after it crashed twice (migration 011, ADR 115).',
  'quote_file.analysis_error': "Why the analysis failed, in the customer's words.",
  'quote_file.checks_state': "`pending` while a large file's walls and holes are measured after its upload answered (migration 016, ADR 145).",
  'quote_file.split_from': 'The assembly file this part was split from (deleted by the split), or null (migration 014, ADR 131).',
  'quote_file.kept_whole': '1 once the customer chose to keep a file of several bodies as one part.',
  'quote_file.per_assembly': 'A part of an assembly: how many of it one assembly holds (migration 021, ADR 162); null otherwise.',
  'quote_assembly.id': "The split file's id: its parts' `split_from`.",
  'quote_assembly.quantity': "How many assemblies: each part's quantity is its `per_assembly` times this.",
  'quote_review.user_id': 'The account that sent it (the answer is mailed to it).',
  'quote_review.configuration': 'JSON PartConfiguration sent.',
  'quote_review.reasons': 'JSON string[]: why it could not be priced automatically when sent.',
  'quote_review.unit_price_cents': "Staff's price per part, in cents (migration 022, ADR 163).",
  'quote_review.expires_at': 'Answered + 30 days: the reviewed price holds until then.',
  'quote_file.note': "The part's note for the factory (migration 023, ADR 164); the order product's comment.",
  'quote_file_drawing.storage_key': 'Its bytes in the quote file store, a new key per drawing; kept while an order line names it (ADR 164).',
  'quote_review_attachment.storage_key': 'Its bytes in the quote file store, under the review.',
  'cart_item.quote': 'JSON QuoteResult.',
  'cart_item.review_id': 'A line priced by a manual review, not by the catalogue (migration 022, ADR 163).',
  'quote_document.token_hash': 'sha256 of the share token; the token itself is never stored.',
  'quote_document.lines': 'JSON QuoteDocumentLine[].',
  'customer_order.status': 'OrderStatus (domain/orders/order-status.ts).',
  'customer_order.consignee': 'JSON Consignee.',
  'customer_order.billing': 'JSON BillingInfo.',
  'customer_order.paying_key': 'The idempotency key of the payment holding the order (ADR 051), and since when.',
  'customer_order.referral_percent_off': "A referred friend's first-order discount, in percent, when the order took it (migration 007).",
  'order_line.configuration': 'JSON PartConfiguration.',
  'order_line.quote': 'JSON QuoteResult.',
  'order_line.review_id': 'The manual review whose price the line took (migration 022, ADR 163).',
  'order_line.drawing_key': 'The drawing the product is made to (migration 023, ADR 164): the stored key of the part’s drawing at the order, kept while named here.',
  'order_line.findings': 'JSON FindingNote[]: what the customer saw of the analysis at checkout (migration 013).',
  'payment.user_id': 'The account whose order, additional cost or balance it is.',
  'payment.card_fingerprint': "The provider's fingerprint of the card: one card, one value, across accounts (ADR 151).",
  'idempotency_record.updated_at': 'While `in_progress`, its heartbeat: renewed by the holder every few seconds (ADR 152).',
  'idempotency_record.holder': 'The process holding an unfinished claim (`host:pid:boot id`); null before migration 017.',
  'stored_answer.owner': '`user_id:<id>` or `temp_subject_id:<id>`.',
  'stored_answer.route': 'Method and route, e.g. `POST cart/items`.',
  'stored_answer.body': "The answer's JSON; null while the first request is being answered.",
  'agency_link.token_hash': 'sha256 of the token; the token itself is never stored.',
  'referral_redemption.status': "`pending` (order unpaid), `paid` (the referrer's coupon is issued), `released` (the order was cancelled unpaid).",
};

/** The generated declarations, as `npm run db:types` writes them. */
export async function generateDatabaseTypes(): Promise<string> {
  const database = openDatabase({ sqliteFile: ':memory:' });
  try {
    await migrateToLatest(database.db as never);
    const generated = await generate({
      db: database.db,
      dialect: new SqliteDialect(),
      outFile: null,
      print: false,
      excludePattern: 'kysely_*',
      overrides: { columns: WORDS },
      skipAutogeneratedFileComment: true,
      // SQLite lets a text primary key be null; the migrations never leave one null, and PostgreSQL forbids it.
      postprocess: async ({ db, metadata }) => {
        for (const table of metadata.tables) {
          const keys = await sql<{ name: string }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(db);
          for (const column of table.columns) {
            if (keys.rows.some((k) => k.name === column.name)) column.isNullable = false;
            // A 64-bit integer (money since migration 005): a number, as PostgreSQL's int8 is read (parseInt8).
            if (column.dataType === 'bigint') column.dataType = 'integer';
            column.comment = NOTES[`${table.name}.${column.name}`] ?? null;
          }
        }
        return metadata;
      },
    });
    return `/**\n * Generated by \`npm run db:types\` (server/cli/db-types.ts) from the migrated schema: do not edit.\n * A new migration: run it, commit this file (ADR 182).\n */\n\n${generated.trimStart()}`;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generateDatabaseTypes();
  const before = await readFile(GENERATED_FILE, 'utf8').catch(() => '');
  await writeFile(GENERATED_FILE, text);
  console.log(before === text ? '[db:types] server/db/tables.generated.ts was current' : '[db:types] wrote server/db/tables.generated.ts');
}
