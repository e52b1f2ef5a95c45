import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely, Selectable } from 'kysely';
import { PartConfigurationSchema, type PartDocument, type QuoteReview, type QuoteReviewAnswerInput, type StaffQuoteReview } from '#domain/api/quote';
import { shipDateAfter } from '#domain/lead-time/lead-time';
import { formatUsd } from '#domain/pricing/money';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES, MAX_PART_NOTE, MAX_REVIEW_ATTACHMENTS } from '#domain/rules/document-rules';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { configurationForProcess, sameConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
import type { AppLinks } from '../links.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { QuoteDeps } from './quote-deps.ts';
import { iso } from '../clock.ts';
import type { Database, QuoteReviewAttachmentTable, QuoteReviewTable } from '../db/schema.ts';
import { transact } from '../db/transact.ts';
import { HttpError, fieldError } from '../errors.ts';
import { quoteMails } from '../mail/quote-mails.ts';
import type { Owner } from './owner.ts';
import { priceFile } from './pricing.ts';
import { FILE_REMOVED_MESSAGE, fileFindings, fileMetrics, parseJson, type FileRow } from './records.ts';
import { discardDocuments, receiveDocuments } from './receive-documents.ts';

/** How long a reviewed price holds, in days: as long as a quote document's (ADR 043). */
export const REVIEW_HOLD_DAYS = 30;

export const REVIEW_MESSAGES = {
  notFound: 'Review not found.',
  attachmentNotFound: 'Attachment not found.',
  accountNeeded: 'Log in or sign up to send a part for review: our engineers answer by email.',
  pending: (name: string) => `"${name}" is already in review: our engineers answer by email.`,
  alreadyAnswered: 'This review was already answered.',
  price: 'The unit price must be US dollars, e.g. 48.50.',
  configuration: 'The configuration sent is not one of the project’s service: reload the page and send it again.',
  expired: (name: string, date: string) => `The reviewed price of "${name}" was held until ${date}: send it for review again.`,
  changed: (name: string) => `The reviewed price of "${name}" is for the options sent for review: choose them again to order at that price.`,
  notReviewed: (name: string) => `"${name}" has no reviewed price to order at.`,
} as const;

type ReviewRow = Selectable<QuoteReviewTable>;
type AttachmentRow = Selectable<QuoteReviewAttachmentTable>;

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * 24 * 3600 * 1000);

function attachmentPath(projectId: string, fileId: string, id: string): string {
  return `project/${projectId}/files/${fileId}/review/attachments/${id}`;
}

function toDocument(row: AttachmentRow, path: string): PartDocument {
  return { id: row.id, name: row.name, contentType: row.content_type, sizeBytes: Number(row.size_bytes), path };
}

export function toQuoteReview(row: ReviewRow, attachments: readonly AttachmentRow[], now: Date): QuoteReview {
  return {
    id: row.id,
    fileId: row.file_id,
    status: row.status,
    note: row.note,
    configuration: parseJson<PartConfiguration>(row.configuration),
    reasons: parseJson<string[]>(row.reasons),
    attachments: attachments.map((a) => toDocument(a, attachmentPath(row.project_id, row.file_id, a.id))),
    requestedAt: row.requested_at,
    answer:
      row.status === 'answered' && row.answered_at && row.expires_at
        ? {
            unitPriceCents: Number(row.unit_price_cents),
            totalCents: Number(row.total_cents),
            leadTimeDays: Number(row.lead_time_days),
            message: row.message,
            answeredAt: row.answered_at,
            expiresAt: row.expires_at,
            expired: row.expires_at <= iso(now),
          }
        : null,
    refusal: row.status === 'refused' && row.answered_at ? { reason: row.refusal_reason ?? '', answeredAt: row.answered_at } : null,
  };
}

/** The latest review of each of these files (the one that counts), by file id. */
export async function latestReviews(db: Kysely<Database>, fileIds: readonly string[], now: Date): Promise<Map<string, QuoteReview>> {
  const found = new Map<string, QuoteReview>();
  if (fileIds.length === 0) return found;
  const rows = await db.selectFrom('quote_review').selectAll().where('file_id', 'in', [...fileIds]).orderBy('requested_at', 'desc').orderBy('id', 'desc').execute();
  const latest = new Map<string, ReviewRow>();
  for (const row of rows) if (!latest.has(row.file_id)) latest.set(row.file_id, row);
  const ids = [...latest.values()].map((r) => r.id);
  const attachments = ids.length === 0 ? [] : await db.selectFrom('quote_review_attachment').selectAll().where('review_id', 'in', ids).orderBy('created_at').orderBy('id').execute();
  for (const [fileId, row] of latest) found.set(fileId, toQuoteReview(row, attachments.filter((a) => a.review_id === row.id), now));
  return found;
}

/** Why a part could not be priced automatically, in the customer's words (none when it could). */
function reasonsOf(file: FileRow, configuration: PartConfiguration, at: Date, maxOrderCents: number): string[] {
  if (file.analysis_state === 'failed') return [file.analysis_error ?? FILE_MESSAGES.notAnalysed(file.name, FILE_MESSAGES.analysisStopped)];
  if (!fileMetrics(file)) return fileFindings(file).filter((f) => f.severity === 'error').map((f) => f.message);
  const result = priceFile(file, configuration, at, maxOrderCents);
  return [...result.blocking.map((f) => f.message), ...(result.totalCents === null && result.blocking.length === 0 ? Object.values(result.validation.errors).flat() : [])];
}

/** A reviewed price a cart line or an order line may take: answered, still held, for exactly this configuration. */
export interface HeldReview {
  id: string;
  unitPriceCents: number;
  totalCents: number;
  leadTimeDays: number;
  shipDate: string;
  expiresAt: string;
}

/**
 * Manual review (issue 34 item 4, ADR 163): a part that cannot be priced automatically is sent with
 * a note and attachments; staff answer with a price or a refusal (operator calls until the console
 * comes); the customer is mailed through the outbox, and orders the part at the reviewed price,
 * held 30 days, like any other.
 */
/** What reviews use (ADR 181): the quote services' dependencies, and the mailer and links for the answer's mail. */
export type ReviewDeps = QuoteDeps & { mailer: Mailer; links: AppLinks };

export class Reviews {
  constructor(private readonly ctx: ReviewDeps) {}

  private get db() {
    return this.ctx.db;
  }

  private async ownFile(owner: Owner, projectId: string, fileId: string) {
    const project = await this.db.selectFrom('quote_project').selectAll().where('id', '=', projectId).where(owner.column, '=', owner.id).executeTakeFirst();
    if (!project) throw new HttpError(404, 'Project not found.');
    const file = await this.db.selectFrom('quote_file').selectAll().where('id', '=', fileId).where('project_id', '=', project.id).executeTakeFirst();
    if (!file) throw new HttpError(404, 'File not found.');
    return { project, file };
  }

  /**
   * Sends the part for review: a note (required), the configuration (the saved one, or the service's
   * defaults, when none is sent) and up to three attachments judged by their content. One review at
   * a time per part; only an account can send one (the answer is mailed).
   */
  async request(owner: Owner, projectId: string, fileId: string, request: Request): Promise<QuoteReview> {
    const { ctx } = this;
    const { project, file } = await this.ownFile(owner, projectId, fileId);
    if (owner.column !== 'user_id') throw new HttpError(403, REVIEW_MESSAGES.accountNeeded);
    if (file.removed_at) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    if (file.analysis_state === 'analysing') throw new HttpError(409, FILE_MESSAGES.analysing(file.name));
    const pending = await this.db.selectFrom('quote_review').select('id').where('file_id', '=', file.id).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw new HttpError(409, REVIEW_MESSAGES.pending(file.name));
    const received = await receiveDocuments(request, {
      spoolDir: ctx.quote.files.spoolDir,
      openSpool: (p) => ctx.quote.files.openSpool(p),
      fileField: 'attachment',
      maxFiles: MAX_REVIEW_ATTACHMENTS,
      maxBytesPerFile: MAX_DOCUMENT_BYTES,
      fields: {
        note: { max: MAX_PART_NOTE, message: DOCUMENT_MESSAGES.noteTooLong },
        configuration: { max: 256 * 1024, message: REVIEW_MESSAGES.configuration },
      },
      requireFile: false,
    });
    const stored: string[] = [];
    try {
      if (!received.fields.note) throw fieldError('note', DOCUMENT_MESSAGES.reviewNoteRequired);
      const configuration = this.configurationOf(received.fields.configuration ?? '', file, project.process);
      const at = ctx.clock();
      const id = randomUUID();
      const attachments: AttachmentRow[] = [];
      for (const [i, doc] of received.files.entries()) {
        // Beside the project's model files (each stored under its own id), in a folder of documents.
        const key = `${project.id}/documents/review-${id}-${i}`;
        await ctx.quote.files.putFile(key, doc.path);
        stored.push(key);
        attachments.push({ id: randomUUID(), review_id: id, name: doc.name, content_type: DOCUMENT_CONTENT_TYPES[doc.type], size_bytes: doc.sizeBytes, storage_key: key, created_at: iso(new Date(at.getTime() + i)) });
      }
      const row = {
        id,
        file_id: file.id,
        project_id: project.id,
        user_id: owner.id,
        configuration: JSON.stringify(configuration),
        note: received.fields.note,
        reasons: JSON.stringify(reasonsOf(file, configuration, at, ctx.config.maxOrderCents)),
        status: 'pending' as const,
        unit_price_cents: null,
        total_cents: null,
        lead_time_days: null,
        message: null,
        refusal_reason: null,
        requested_at: iso(at),
        answered_at: null,
        expires_at: null,
      };
      await transact(this.db, async (trx) => {
        // Two requests at once: the second finds the first (the check above ran before the files came).
        const again = await trx.selectFrom('quote_review').select('id').where('file_id', '=', file.id).where('status', '=', 'pending').executeTakeFirst();
        if (again) throw new HttpError(409, REVIEW_MESSAGES.pending(file.name));
        await trx.insertInto('quote_review').values(row).execute();
        if (attachments.length > 0) await trx.insertInto('quote_review_attachment').values(attachments).execute();
        await trx.updateTable('quote_project').set({ updated_at: iso(at) }).where('id', '=', project.id).execute();
      });
      return toQuoteReview(row, attachments, at);
    } catch (error) {
      await discardDocuments(received.files);
      for (const key of stored) await ctx.quote.files.delete(key);
      throw error;
    }
  }

  /** The configuration sent (JSON, of the project's service), else the part's saved one, else the service's defaults. */
  private configurationOf(sent: string, file: FileRow, process: string): PartConfiguration {
    if (sent) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(sent);
      } catch {
        throw fieldError('configuration', REVIEW_MESSAGES.configuration);
      }
      const result = PartConfigurationSchema.safeParse(parsed);
      if (!result.success || result.data.process !== process) throw fieldError('configuration', REVIEW_MESSAGES.configuration);
      return result.data;
    }
    const saved = file.configuration ? parseJson<PartConfiguration>(file.configuration) : null;
    return configurationForProcess(saved, process as PartConfiguration['process']);
  }

  /** One attachment's bytes, for the part's owner. */
  async attachment(owner: Owner, projectId: string, fileId: string, attachmentId: string): Promise<{ name: string; contentType: string; stream: Readable; sizeBytes: number }> {
    const { file } = await this.ownFile(owner, projectId, fileId);
    const row = await this.db
      .selectFrom('quote_review_attachment')
      .innerJoin('quote_review', 'quote_review.id', 'quote_review_attachment.review_id')
      .selectAll('quote_review_attachment')
      .where('quote_review_attachment.id', '=', attachmentId)
      .where('quote_review.file_id', '=', file.id)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, REVIEW_MESSAGES.attachmentNotFound);
    return this.open(row);
  }

  private async open(row: AttachmentRow) {
    const stored = await this.ctx.quote.files.open(row.storage_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: row.name, contentType: row.content_type, stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  // ------------------------------------------------------------------------------- staff's side

  /** The reviews staff work on, the oldest request first; `status` keeps one kind. */
  async list(status: QuoteReview['status'] | undefined, reviewId?: string): Promise<{ list: StaffQuoteReview[]; total: number }> {
    let query = this.db
      .selectFrom('quote_review')
      .innerJoin('quote_file', 'quote_file.id', 'quote_review.file_id')
      .innerJoin('quote_project', 'quote_project.id', 'quote_review.project_id')
      .innerJoin('user_account', 'user_account.id', 'quote_review.user_id')
      .selectAll('quote_review')
      .select(['quote_file.name as file_name', 'quote_project.name as project_name', 'user_account.email as customer_email']);
    // `total` counts every review the filter keeps, beyond the 200 listed (the console says how many wait).
    let count = this.db.selectFrom('quote_review').select((eb) => eb.fn.countAll<number | string | bigint>().as('n'));
    if (status) {
      query = query.where('quote_review.status', '=', status);
      count = count.where('status', '=', status);
    }
    if (reviewId) {
      query = query.where('quote_review.id', '=', reviewId);
      count = count.where('id', '=', reviewId);
    }
    const [rows, counted] = await Promise.all([query.orderBy('quote_review.requested_at').orderBy('quote_review.id').limit(200).execute(), count.executeTakeFirstOrThrow()]);
    const attachments =
      rows.length === 0 ? [] : await this.db.selectFrom('quote_review_attachment').selectAll().where('review_id', 'in', rows.map((r) => r.id)).orderBy('created_at').execute();
    const now = this.ctx.clock();
    const list = rows.map((r) => {
      const own = attachments.filter((a) => a.review_id === r.id);
      return {
        ...toQuoteReview(r, own, now),
        projectId: r.project_id,
        projectName: r.project_name,
        fileName: r.file_name,
        customerEmail: r.customer_email,
        attachments: own.map((a) => toDocument(a, `admin/quote-reviews/${r.id}/attachments/${a.id}`)),
      };
    });
    return { list, total: Number(counted.n) };
  }

  /**
   * Staff's answer: a price per part and a lead time (held 30 days), or a refusal; the customer is
   * mailed in the same transaction, and `alsoInTransaction` (the console's audit) runs in it too.
   */
  async answer(
    reviewId: string,
    input: QuoteReviewAnswerInput,
    alsoInTransaction?: (trx: Kysely<Database>, done: { before: Record<string, unknown>; after: Record<string, unknown> }) => Promise<void>,
  ): Promise<StaffQuoteReview> {
    const { ctx } = this;
    const review = await this.db.selectFrom('quote_review').selectAll().where('id', '=', reviewId).executeTakeFirst();
    if (!review) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    if (review.status !== 'pending') throw new HttpError(409, REVIEW_MESSAGES.alreadyAnswered);
    const at = ctx.clock();
    const configuration = parseJson<PartConfiguration>(review.configuration);
    let update: Partial<ReviewRow>;
    if (input.decision === 'price') {
      const unit = parseUsdAmount(input.unitPrice);
      if (unit === undefined || unit <= 0) throw fieldError('unitPrice', REVIEW_MESSAGES.price);
      update = {
        status: 'answered',
        unit_price_cents: unit,
        total_cents: unit * configuration.quantity,
        lead_time_days: input.leadTimeDays,
        message: input.message?.trim() || null,
        answered_at: iso(at),
        expires_at: iso(addDays(at, REVIEW_HOLD_DAYS)),
      };
    } else {
      update = { status: 'refused', refusal_reason: input.reason.trim(), answered_at: iso(at) };
    }
    const file = await this.db.selectFrom('quote_file').select(['id', 'name', 'project_id']).where('id', '=', review.file_id).executeTakeFirstOrThrow();
    const user = await this.db.selectFrom('user_account').select(['email']).where('id', '=', review.user_id).executeTakeFirstOrThrow();
    const link = ctx.links.app(`quote/${file.project_id}?file=${file.id}`);
    const mailIds: string[] = [];
    await transact(this.db, async (trx) => {
      const changed = await trx.updateTable('quote_review').set(update).where('id', '=', review.id).where('status', '=', 'pending').executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, REVIEW_MESSAGES.alreadyAnswered);
      const mail =
        input.decision === 'price'
          ? quoteMails.reviewAnswered(user.email, {
              part: file.name,
              quantity: configuration.quantity,
              unitPrice: formatUsd(update.unit_price_cents!),
              total: formatUsd(update.total_cents!),
              leadTimeDays: input.leadTimeDays,
              heldUntil: update.expires_at!.slice(0, 10),
              message: update.message ?? null,
              link,
            })
          : quoteMails.reviewRefused(user.email, { part: file.name, reason: update.refusal_reason!, link });
      mailIds.push(await ctx.mailer.enqueue(mail, trx));
      if (alsoInTransaction) {
        const after =
          input.decision === 'price'
            ? { status: 'answered', unitPriceCents: update.unit_price_cents, totalCents: update.total_cents, leadTimeDays: update.lead_time_days }
            : { status: 'refused' };
        await alsoInTransaction(trx, { before: { status: 'pending' }, after });
      }
    });
    await ctx.mailer.dispatch(mailIds);
    const answered = (await this.list(undefined)).list.find((r) => r.id === review.id);
    if (!answered) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    return answered;
  }

  /** An attachment's bytes, for staff. */
  async staffAttachment(reviewId: string, attachmentId: string) {
    const row = await this.db.selectFrom('quote_review_attachment').selectAll().where('id', '=', attachmentId).where('review_id', '=', reviewId).executeTakeFirst();
    if (!row) throw new HttpError(404, REVIEW_MESSAGES.attachmentNotFound);
    return this.open(row);
  }
}

/**
 * The reviewed price a line of `configuration` may take now: `held` (answered, still held, for
 * exactly this configuration), `expired` (it was, and its 30 days are over: say so when the part
 * cannot be priced otherwise), or null (no reviewed price for this configuration).
 */
export async function reviewFor(
  db: Kysely<Database>,
  file: { id: string; name: string },
  configuration: PartConfiguration,
  now: Date,
): Promise<{ kind: 'held'; price: HeldReview } | { kind: 'expired'; message: string } | null> {
  const review = await db.selectFrom('quote_review').selectAll().where('file_id', '=', file.id).orderBy('requested_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  if (!review || review.status !== 'answered' || !review.expires_at) return null;
  if (!sameConfiguration(parseJson<PartConfiguration>(review.configuration), configuration)) return null;
  if (review.expires_at <= iso(now)) return { kind: 'expired', message: REVIEW_MESSAGES.expired(file.name, review.expires_at.slice(0, 10)) };
  return { kind: 'held', price: reviewedPrice(review, now) };
}

/** A review's price as a line takes it at `now` (its ship date counted from now). */
export function reviewedPrice(review: ReviewRow, now: Date): HeldReview {
  const leadTimeDays = Number(review.lead_time_days);
  return {
    id: review.id,
    unitPriceCents: Number(review.unit_price_cents),
    totalCents: Number(review.total_cents),
    leadTimeDays,
    shipDate: shipDateAfter(leadTimeDays, now),
    expiresAt: review.expires_at ?? '',
  };
}

/** US dollars as typed by staff ("48.50"): cents, or undefined when not an amount. */
function parseUsdAmount(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}
