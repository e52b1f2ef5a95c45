/**
 * Contract of the staff console's two queues (issue 38 items 4 and 5, ADRs 200–201): customers'
 * after-sale claims, decided by approving (the refabrication made at no charge) or refusing with a
 * reason; and parts sent for manual review, answered with a price or refused. Staff tokens only,
 * like every `ops/…` call (domain/api/ops.ts); the permissions are `claims.decide` and
 * `reviews.answer` (domain/rules/staff-rules.ts).
 */
import { z } from 'zod';
import { AFTER_SALE_STATUSES, AfterSaleOrderSchema } from './order.ts';
import { MAX, described, named, text } from './fields.ts';
import { StaffActionSchema } from './ops.ts';
import { FindingSchema, PartDocumentSchema, QUOTE_REVIEW_STATUSES, StaffQuoteReviewSchema } from './quote.ts';

export const STAFF_CLAIM_NOT_FOUND = 'No after-sale claim has this id.';
export const STAFF_REVIEW_NOT_FOUND = 'No review has this id.';
/** The most claims or reviews a queue answers, oldest first (`total` counts them all). */
export const MAX_QUEUE = 200;

export const OpsClaimSchema = named(
  'OpsClaim',
  z.object({
    claim: AfterSaleOrderSchema,
    orderId: described(z.string(), 'The original order (ops/orders/{id}).'),
    customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    lines: described(
      z.array(z.object({ productId: z.string(), name: z.string(), ordered: z.int(), claimedElsewhere: z.int() })),
      'Each claimed line: the quantity ordered and how much every other open or accepted claim already holds of it.',
    ),
    audit: z.array(StaffActionSchema),
  }),
);
export type OpsClaim = z.infer<typeof OpsClaimSchema>;

export const OpsClaimListSchema = named('OpsClaimList', z.object({ list: z.array(OpsClaimSchema), total: z.int() }));
export type OpsClaimList = z.infer<typeof OpsClaimListSchema>;

/** `GET ops/claims?status=submitted`: one status, every one when left out. */
export const OpsClaimQuerySchema = z.object({ status: z.enum(AFTER_SALE_STATUSES).optional() });
export type OpsClaimQuery = z.infer<typeof OpsClaimQuerySchema>;

export const OpsClaimDecisionSchema = named(
  'OpsClaimDecision',
  z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('refuse'), reason: text(MAX.text).min(1, { error: () => 'Please give the reason the customer will read.' }) }),
  ]),
);
export type OpsClaimDecision = z.infer<typeof OpsClaimDecisionSchema>;

/** A review as the console shows it: the part's findings and drawing beside what the customer sent. */
export const OpsReviewSchema = named(
  'OpsReview',
  StaffQuoteReviewSchema.extend({
    findings: described(z.array(FindingSchema), 'What the analysis found on the part’s model file.'),
    partNote: described(z.string().nullable(), 'The part’s note for the factory (beside the review’s own note).'),
    model: described(z.object({ name: z.string(), sizeBytes: z.int(), path: z.string() }).nullable(), 'The part’s model file (ops/…, staff token); null once its bytes were removed.'),
    attachments: z.array(PartDocumentSchema.extend({ path: described(z.string(), 'Where staff download it (ops/…, staff token).') })),
    drawing: PartDocumentSchema.extend({ path: described(z.string(), 'Where staff download it (ops/…, staff token).') }).nullable(),
    audit: z.array(StaffActionSchema),
  }),
);
export type OpsReview = z.infer<typeof OpsReviewSchema>;

export const OpsReviewListSchema = named('OpsReviewList', z.object({ list: z.array(OpsReviewSchema), total: z.int() }));
export type OpsReviewList = z.infer<typeof OpsReviewListSchema>;

export const OpsReviewQuerySchema = z.object({ status: z.enum(QUOTE_REVIEW_STATUSES).optional() });
export type OpsReviewQuery = z.infer<typeof OpsReviewQuerySchema>;
