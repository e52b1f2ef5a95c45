import type { Context } from 'hono';
import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import {
  MAX_QUEUE,
  OpsClaimDecisionSchema,
  OpsClaimListSchema,
  OpsClaimQuerySchema,
  OpsClaimSchema,
  OpsReviewListSchema,
  OpsReviewQuerySchema,
  OpsReviewSchema,
  STAFF_CLAIM_NOT_FOUND,
  STAFF_REVIEW_NOT_FOUND,
} from '#domain/api/ops-queues';
import { QuoteReviewAnswerInputSchema } from '#domain/api/quote';
import type { StaffPermission } from '#domain/rules/staff-rules';
import type { AppEnv } from '../auth/auth-context.ts';
import type { Staff } from '../staff/staff-accounts.ts';
import { decideStaffClaim, listStaffClaims, readStaffClaim } from '../staff/ops-claims.ts';
import { OpsReviews } from '../staff/ops-reviews.ts';
import type { AppContext } from './app-context.ts';
import type { ApiRouter } from './api-router.ts';
import { documentResponse } from './project-routes.ts';

/** The staff member calling, refused (401/403) as ops-routes.ts does for every staff call. */
export type StaffOf = (c: Context<AppEnv>, permission: StaffPermission | null) => Promise<Staff>;

/**
 * The console's two queues (issue 38 items 4 and 5, ADRs 200–201), on the staff router of
 * ops-routes.ts: after-sale claims (`claims.decide`) and manual reviews (`reviews.answer`). The
 * admin-token calls that answer reviews (quote-review-routes.ts) stay, for automation.
 */
export function opsQueueRoutes(router: ApiRouter, ctx: AppContext, staffOf: StaffOf, note: string): void {
  const reviews = new OpsReviews(ctx);

  router.route({
    method: 'get',
    path: '/claims',
    summary: 'After-sale claims, the oldest first (`status=submitted` for those waiting): each with its lines, what other claims hold of them, and the staff’s actions',
    description: `${note} At most ${MAX_QUEUE} listed; \`total\` counts them all.`,
    auth: 'public',
    query: OpsClaimQuerySchema,
    response: OpsClaimListSchema,
    handler: async (c, { query }) => listStaffClaims(ctx.db, await staffOf(c, 'claims.decide'), query),
  });

  router.route({
    method: 'get',
    path: '/claims/:id',
    summary: 'One after-sale claim for staff',
    description: note,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_CLAIM_NOT_FOUND,
    response: OpsClaimSchema,
    handler: async (c, { params }) => readStaffClaim(ctx.db, await staffOf(c, 'claims.decide'), params.id),
  });

  router.route({
    method: 'post',
    path: '/claims/:id/decide',
    summary: 'Approve a submitted claim (its refabrication made at no charge, a paid order of the claimed products) or refuse it with the reason the customer reads',
    description: `${note} Approving checks the quantities again against the line and every other claim (422); a claim already decided answers 409; refusing needs a reason (422).`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_CLAIM_NOT_FOUND,
    body: OpsClaimDecisionSchema,
    response: OpsClaimSchema,
    handler: async (c, { params, body }) => decideStaffClaim(ctx, await staffOf(c, 'claims.decide'), params.id, body),
  });

  router.route({
    method: 'get',
    path: '/reviews',
    summary: 'Parts sent for manual review, the oldest request first (`status=pending` for those waiting): the note, attachments, the part’s findings, note, drawing and model file',
    description: `${note} At most ${MAX_QUEUE} listed; \`total\` counts them all.`,
    auth: 'public',
    query: OpsReviewQuerySchema,
    response: OpsReviewListSchema,
    handler: async (c, { query }) => reviews.list(await staffOf(c, 'reviews.answer'), query),
  });

  router.route({
    method: 'get',
    path: '/reviews/:id',
    summary: 'One manual review for staff',
    description: note,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_REVIEW_NOT_FOUND,
    response: OpsReviewSchema,
    handler: async (c, { params }) => reviews.read(await staffOf(c, 'reviews.answer'), params.id),
  });

  router.route({
    method: 'post',
    path: '/reviews/:id/answer',
    summary: 'Answer a review: a price per part and a lead time (held 30 days) with a message, or a refusal with its reason; the customer is mailed',
    description: `${note} The reviews' own answer (as admin/quote-reviews/{id}/answer), audited in its transaction; 409 when already answered.`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_REVIEW_NOT_FOUND,
    body: QuoteReviewAnswerInputSchema,
    response: OpsReviewSchema,
    handler: async (c, { params, body }) => reviews.answer(await staffOf(c, 'reviews.answer'), params.id, body),
  });

  router.route({
    method: 'get',
    path: '/reviews/:id/attachments/:attachmentId',
    summary: 'An attachment the customer sent with a review',
    description: note,
    auth: 'public',
    params: z.object({ id: rowId(), attachmentId: rowId() }),
    notFound: { id: STAFF_REVIEW_NOT_FOUND, attachmentId: 'Attachment not found.' },
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await reviews.attachment(await staffOf(c, 'reviews.answer'), params.id, params.attachmentId)),
  });

  router.route({
    method: 'get',
    path: '/reviews/:id/drawing',
    summary: 'The reviewed part’s technical drawing',
    description: `${note} 404 when the part has none.`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_REVIEW_NOT_FOUND,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await reviews.drawing(await staffOf(c, 'reviews.answer'), params.id)),
  });

  router.route({
    method: 'get',
    path: '/reviews/:id/model',
    summary: 'The reviewed part’s model file',
    description: `${note} 410 once its bytes were removed.`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: STAFF_REVIEW_NOT_FOUND,
    produces: 'application/octet-stream',
    handler: async (c, { params }) => documentResponse(await reviews.model(await staffOf(c, 'reviews.answer'), params.id)),
  });
}
