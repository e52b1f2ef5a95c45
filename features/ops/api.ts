import type { AwaitingTransfers, OpsOrder, OpsOrderEventRequest, OpsOrderList, StaffChallenge, StaffList, StaffMe, StaffSession } from '#domain/api/ops';
import type { ConfirmTransferRequest, ConfirmTransferResponse, OrderStatus } from '#domain/api/order';
import type { OpsClaim, OpsClaimDecision, OpsClaimList, OpsReview, OpsReviewList } from '#domain/api/ops-queues';
import type { QuoteReviewAnswerInput } from '#domain/api/quote';
import { MAIN_API_BASE } from '#domain/api/bases';
import { createApiClient } from '#lib/api/client';
import { apiSegment } from '#lib/env';
import { STORAGE_KEYS } from '#lib/storage/storage';
import { staffSession, tabStorage } from './staff-session.ts';

/**
 * The staff console's client (issue 38): the staff token from the tab's own storage, never the
 * customer's; a 401 ends the staff session only. Every call is quiet: the console says what went
 * wrong in its own page.
 */
export const opsApi = createApiClient({
  baseURL: `${MAIN_API_BASE}/${apiSegment}`,
  tokens: tabStorage,
  tokenKey: STORAGE_KEYS.staffToken,
  onUnauthorized: () => staffSession.signedOut(),
});

const id = (value: string) => encodeURIComponent(value);

export const staffSignIn = (email: string, password: string) => opsApi<StaffChallenge>('ops/auth/sign-in', { method: 'POST', body: { email, password }, quiet: true });
export const staffSecondFactor = (challenge: string, code: string) =>
  opsApi<StaffSession>('ops/auth/second-factor', { method: 'POST', body: { challenge, code }, quiet: true });
export const staffSignOut = () => opsApi<{ ok: true }>('ops/auth/sign-out', { method: 'POST', quiet: true });
export const staffMe = (signal?: AbortSignal) => opsApi<StaffMe>('ops/me', { signal, quiet: true });
export const listStaff = (signal?: AbortSignal) => opsApi<StaffList>('ops/staff', { signal, quiet: true });

export interface OpsOrderListParams {
  page: number;
  pageSize: number;
  status?: OrderStatus | null;
  q?: string | null;
}

export const listOpsOrders = ({ page, pageSize, status, q }: OpsOrderListParams, signal?: AbortSignal) =>
  opsApi<OpsOrderList>('ops/orders', { query: { page, pageSize, ...(status ? { status } : {}), ...(q ? { q } : {}) }, signal, quiet: true });
export const readOpsOrder = (orderId: string, signal?: AbortSignal) => opsApi<OpsOrder>(`ops/orders/${id(orderId)}`, { signal, quiet: true });
export const moveOpsOrder = (orderId: string, body: OpsOrderEventRequest) => opsApi<OpsOrder>(`ops/orders/${id(orderId)}/event`, { method: 'POST', body, quiet: true });

export const listAwaitingTransfers = (q: string | null, signal?: AbortSignal) => opsApi<AwaitingTransfers>('ops/transfers', { query: q ? { q } : {}, signal, quiet: true });
export const confirmTransfer = (body: ConfirmTransferRequest) => opsApi<ConfirmTransferResponse>('ops/transfers/confirm', { method: 'POST', body, quiet: true });

// The queues (issue 38 items 4 and 5): after-sale claims and manual reviews.
export const listOpsClaims = (signal?: AbortSignal) => opsApi<OpsClaimList>('ops/claims', { query: { status: 'submitted' }, signal, quiet: true });
export const decideOpsClaim = (claimId: string, body: OpsClaimDecision) => opsApi<OpsClaim>(`ops/claims/${id(claimId)}/decide`, { method: 'POST', body, quiet: true });
export const listOpsReviews = (signal?: AbortSignal) => opsApi<OpsReviewList>('ops/reviews', { query: { status: 'pending' }, signal, quiet: true });
export const answerOpsReview = (reviewId: string, body: QuoteReviewAnswerInput) => opsApi<OpsReview>(`ops/reviews/${id(reviewId)}/answer`, { method: 'POST', body, quiet: true });
/** A file of a review (its `path`, from the API), as bytes for the browser to save. */
export const downloadOpsFile = (path: string) => opsApi<Blob>(path, { responseType: 'blob', quiet: true });
