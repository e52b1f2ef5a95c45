import type { OpsClaim, OpsClaimList, OpsReview, OpsReviewList } from '#domain/api/ops-queues';
import { CUSTOMER } from './ops-fixtures.ts';
import { FILE_ID, ORDER_ID, PRINT_CONFIGURATION, PROJECT_ID, afterSale } from './order-fixtures.ts';

/** A claim waiting in the console's queue: two cracked brackets of four, one already held by another claim. */
export function opsClaim(overrides: Partial<OpsClaim> = {}): OpsClaim {
  return {
    claim: afterSale(),
    orderId: ORDER_ID,
    customer: CUSTOMER,
    lines: [{ productId: 'line-1', name: 'drone-arm-bracket', ordered: 4, claimedElsewhere: 1 }],
    audit: [],
    ...overrides,
  };
}

/** A second claim, with no reason given by the customer. */
export const SECOND_CLAIM = opsClaim({
  claim: afterSale({
    id: 'as-2',
    number: 'AS26000043',
    wedoOrderNumber: 'W26123999',
    reason: null,
    items: [{ productId: 'line-9', name: 'lid', originalQuantity: 1, quantity: 1 }],
    createdAt: '2026-11-30T08:15:00.000Z',
  }),
  orderId: 'order-9',
  lines: [{ productId: 'line-9', name: 'lid', ordered: 1, claimedElsewhere: 0 }],
});

export const claimList = (list: OpsClaim[] = [opsClaim(), SECOND_CLAIM]): OpsClaimList => ({ list, total: list.length });

/** A part sent for manual review: its note, the customer's reasons, a finding, its model, drawing and one attachment. */
export function opsReview(overrides: Partial<OpsReview> = {}): OpsReview {
  return {
    id: 'review-1',
    fileId: FILE_ID,
    status: 'pending',
    note: 'A bracket for a drone arm: the two holes take M4 inserts.\nPlease check the wall by the hinge.',
    configuration: PRINT_CONFIGURATION,
    reasons: ['The wall by the hinge is thinner than the process allows.'],
    attachments: [{ id: 'doc-1', name: 'loads.pdf', contentType: 'application/pdf', sizeBytes: 82_000, path: 'ops/reviews/review-1/attachments/doc-1' }],
    requestedAt: '2026-11-29T14:30:00.000Z',
    answer: null,
    refusal: null,
    projectId: PROJECT_ID,
    projectName: 'Drone frame',
    fileName: 'drone-arm-bracket.stl',
    customerEmail: 'ada@buyer.example',
    findings: [{ code: 'thin-wall', severity: 'warning', message: 'A wall is 0.6 mm thick; the process needs 0.8 mm.', fixHint: 'Thicken the wall.', triangles: [], count: 12 }],
    partNote: 'Keep the inserts’ holes as drawn.',
    model: { name: 'drone-arm-bracket.stl', sizeBytes: 1_200_000, path: `ops/files/${FILE_ID}/model` },
    drawing: { id: 'doc-2', name: 'bracket-drawing.pdf', contentType: 'application/pdf', sizeBytes: 120_000, path: `ops/files/${FILE_ID}/drawing` },
    audit: [],
    ...overrides,
  };
}

export const reviewList = (list: OpsReview[] = [opsReview()]): OpsReviewList => ({ list, total: list.length });
