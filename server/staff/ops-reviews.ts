import type { Readable } from 'node:stream';
import type { OpsReview, OpsReviewList, OpsReviewQuery } from '#domain/api/ops-queues';
import { STAFF_REVIEW_NOT_FOUND } from '#domain/api/ops-queues';
import type { QuoteReviewAnswerInput, StaffQuoteReview } from '#domain/api/quote';
import { STAFF_MESSAGES, mayStaff } from '#domain/rules/staff-rules';
import { iso } from '../clock.ts';
import { HttpError } from '../errors.ts';
import { PART_DOCUMENT_MESSAGES, drawingsOf } from '../quote/part-documents.ts';
import { FILE_REMOVED_MESSAGE, fileFindings } from '../quote/records.ts';
import { Reviews, type ReviewDeps } from '../quote/reviews.ts';
import { readAudit, recordStaffAction } from './audit.ts';
import type { Staff } from './staff-accounts.ts';

type Download = { name: string; contentType: string; stream: Readable; sizeBytes: number };

const base = (reviewId: string) => `ops/reviews/${reviewId}`;

/**
 * Manual reviews in the console (issue 38 item 5, ADR 201): the reviews' own list and answer
 * (server/quote/reviews.ts, the customer mailed as by the admin-token calls), with what staff need
 * beside them (the part's findings, note, drawing and model file, each downloadable with the staff
 * token) and the audit, written in the answer's transaction.
 */
export class OpsReviews {
  private readonly reviews: Reviews;

  constructor(private readonly ctx: ReviewDeps) {
    this.reviews = new Reviews(ctx);
  }

  private allow(staff: Staff): void {
    if (!mayStaff(staff.role, 'reviews.answer')) throw new HttpError(403, STAFF_MESSAGES.notAllowed);
  }

  private async enrich(list: readonly StaffQuoteReview[]): Promise<OpsReview[]> {
    const { db } = this.ctx;
    const fileIds = [...new Set(list.map((r) => r.fileId))];
    const [files, drawings] = await Promise.all([
      fileIds.length === 0 ? [] : db.selectFrom('quote_file').select(['id', 'name', 'findings', 'note', 'size_bytes', 'removed_at']).where('id', 'in', fileIds).execute(),
      drawingsOf(db, fileIds),
    ]);
    const fileOf = new Map(files.map((f) => [f.id, f]));
    return Promise.all(
      list.map(async (r) => {
        const file = fileOf.get(r.fileId);
        const drawing = drawings.get(r.fileId);
        return {
          ...r,
          findings: file ? fileFindings(file) : [],
          partNote: file?.note ?? null,
          model: file && !file.removed_at ? { name: file.name, sizeBytes: Number(file.size_bytes), path: `${base(r.id)}/model` } : null,
          attachments: r.attachments.map((a) => ({ ...a, path: `${base(r.id)}/attachments/${a.id}` })),
          drawing: drawing ? { id: drawing.id, name: drawing.name, contentType: drawing.content_type, sizeBytes: Number(drawing.size_bytes), path: `${base(r.id)}/drawing` } : null,
          audit: await readAudit(db, 'quote_review', r.id),
        };
      }),
    );
  }

  /** The reviews, the oldest request first (at most 200, as the reviews' list); `status` keeps one kind. */
  async list(staff: Staff, query: OpsReviewQuery): Promise<OpsReviewList> {
    this.allow(staff);
    const found = await this.reviews.list(query.status);
    return { list: await this.enrich(found.list), total: found.total };
  }

  async read(staff: Staff, reviewId: string): Promise<OpsReview> {
    this.allow(staff);
    const [review] = await this.enrich([await this.one(reviewId)]);
    if (!review) throw new HttpError(404, STAFF_REVIEW_NOT_FOUND);
    return review;
  }

  private async one(reviewId: string): Promise<StaffQuoteReview> {
    // Read through the reviews' own list (one shape for both sides), narrowed to the one review.
    const [found] = (await this.reviews.list(undefined, reviewId)).list;
    if (!found) throw new HttpError(404, STAFF_REVIEW_NOT_FOUND);
    return found;
  }

  /** The answer (a price and a lead time, or a refusal) through the reviews' own, audited in its transaction. */
  async answer(staff: Staff, reviewId: string, input: QuoteReviewAnswerInput): Promise<OpsReview> {
    this.allow(staff);
    await this.reviews.answer(reviewId, input, (trx, done) =>
      recordStaffAction(trx, {
        staffId: staff.id,
        action: input.decision === 'price' ? 'review.answer' : 'review.refuse',
        subject: { kind: 'quote_review', id: reviewId },
        before: done.before,
        after: done.after,
        reason: input.decision === 'price' ? input.message?.trim() || null : input.reason.trim(),
        at: iso(this.ctx.clock()),
      }),
    );
    return this.read(staff, reviewId);
  }

  async attachment(staff: Staff, reviewId: string, attachmentId: string): Promise<Download> {
    this.allow(staff);
    return this.reviews.staffAttachment(reviewId, attachmentId);
  }

  /** The part's drawing as it is now. */
  async drawing(staff: Staff, reviewId: string): Promise<Download> {
    this.allow(staff);
    const review = await this.reviewRow(reviewId);
    const row = (await drawingsOf(this.ctx.db, [review.file_id])).get(review.file_id);
    if (!row) throw new HttpError(404, PART_DOCUMENT_MESSAGES.noDrawing);
    const stored = await this.ctx.quote.files.open(row.storage_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: row.name, contentType: row.content_type, stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  /** The part's model file, while its bytes are kept (410 after). */
  async model(staff: Staff, reviewId: string): Promise<Download> {
    this.allow(staff);
    const review = await this.reviewRow(reviewId);
    const file = await this.ctx.db.selectFrom('quote_file').select(['name', 'storage_key', 'removed_at']).where('id', '=', review.file_id).executeTakeFirstOrThrow();
    const stored = file.removed_at ? null : await this.ctx.quote.files.open(file.storage_key);
    if (!stored) throw new HttpError(410, FILE_REMOVED_MESSAGE);
    return { name: file.name, contentType: 'application/octet-stream', stream: stored.stream, sizeBytes: stored.sizeBytes };
  }

  private async reviewRow(reviewId: string) {
    const row = await this.ctx.db.selectFrom('quote_review').select(['id', 'file_id']).where('id', '=', reviewId).executeTakeFirst();
    if (!row) throw new HttpError(404, STAFF_REVIEW_NOT_FOUND);
    return row;
  }
}
