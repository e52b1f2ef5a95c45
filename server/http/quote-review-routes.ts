import type { Context } from 'hono';
import { z } from 'zod';
import { rowId } from '#domain/api/fields';
import { QuoteReviewAnswerInputSchema, StaffQuoteReviewListSchema, StaffQuoteReviewQuerySchema, StaffQuoteReviewSchema } from '#domain/api/quote';
import type { AppContext } from './app-context.ts';
import type { AppEnv } from '../auth/auth-context.ts';
import { HttpError } from '../errors.ts';
import { REVIEW_MESSAGES, Reviews } from '../quote/reviews.ts';
import { ADMIN_HEADER, holdsAdminToken } from './admin-token.ts';
import { ApiRouter } from './api-router.ts';
import { documentResponse } from './project-routes.ts';

const ADMIN_NOTE = `Operator only: send the ADMIN_TOKEN in the ${ADMIN_HEADER} header (401 otherwise; 404 when ADMIN_TOKEN is not configured). Until the operator console (issue “The shop's side”), staff answer reviews with these calls.`;

/**
 * Staff's side of manual review (issue 34 item 4, ADR 163): the reviews waiting, their attachments,
 * and the answer (a price with a lead time, or a refusal), which mails the customer. Behind
 * ADMIN_TOKEN like every operator call (ADR 050).
 */
export function quoteReviewAdminRoutes(ctx: AppContext): ApiRouter {
  const { config } = ctx;
  const reviews = new Reviews(ctx);
  const router = new ApiRouter('/admin/quote-reviews', 'Operator', ctx);
  const guard = (c: Context<AppEnv>) => {
    if (!config.adminToken) throw new HttpError(404, 'Not found');
    if (!holdsAdminToken(c, config.adminToken)) throw new HttpError(401, 'The operator token is missing or wrong.');
  };
  router.hono.use('*', async (c, next) => {
    guard(c);
    await next();
  });

  router.route({
    method: 'get',
    path: '/',
    summary: 'Parts sent for manual review, the oldest request first (`status=pending` for those waiting)',
    description: ADMIN_NOTE,
    auth: 'public',
    query: StaffQuoteReviewQuerySchema,
    response: StaffQuoteReviewListSchema,
    handler: (_c, { query }) => reviews.list(query.status),
  });

  router.route({
    method: 'post',
    path: '/:id/answer',
    summary: 'Answer a review: a price per part and a lead time (held 30 days), or a refusal with its reason; the customer is mailed',
    description: `${ADMIN_NOTE} 409 when already answered.`,
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: REVIEW_MESSAGES.notFound,
    body: QuoteReviewAnswerInputSchema,
    response: StaffQuoteReviewSchema,
    handler: (_c, { params, body }) => reviews.answer(params.id, body),
  });

  router.route({
    method: 'get',
    path: '/:id/attachments/:attachmentId',
    summary: 'An attachment the customer sent with a review',
    description: ADMIN_NOTE,
    auth: 'public',
    params: z.object({ id: rowId(), attachmentId: rowId() }),
    notFound: { id: REVIEW_MESSAGES.notFound, attachmentId: REVIEW_MESSAGES.attachmentNotFound },
    produces: 'application/octet-stream',
    handler: async (_c, { params }) => documentResponse(await reviews.staffAttachment(params.id, params.attachmentId)),
  });

  return router;
}
