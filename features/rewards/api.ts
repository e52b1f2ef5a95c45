import type { DistributionAccessResponse, PromoCode, PromoCodeKind, PromoCodeStatus } from '#domain/api/account';
import type { BalanceTransaction, MemberPayment, RechargeRecord, WePointTransaction } from '#domain/api/balance';
import { IDEMPOTENCY_HEADER } from '#domain/api/bases';
import type { Page } from '#domain/api/paging';
import type { CardInput, PaymentMethod, ReloadResponse } from '#domain/api/payment';
import type { InviteResponse, PointsOverview, ReferralFriend, ReferralOverview } from '#domain/api/rewards';
import { mainApi } from '#lib/api/client';

/** One page of a list (spec section 3: page and pageSize). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

// Balance (spec section 7: GET account/balance/rechargeList, transactionList, wePointTransactionList; POST member/paymentList)
export const listRecharges = ({ page, pageSize }: PageRequest, signal?: AbortSignal) =>
  mainApi<Page<RechargeRecord>>('account/balance/rechargeList', { query: { page, pageSize }, signal });
export const listBalanceTransactions = ({ page, pageSize }: PageRequest, signal?: AbortSignal) =>
  mainApi<Page<BalanceTransaction>>('account/balance/transactionList', { query: { page, pageSize }, signal });
export const listWePointTransactions = ({ page, pageSize }: PageRequest, signal?: AbortSignal) =>
  mainApi<Page<WePointTransaction>>('account/balance/wePointTransactionList', { query: { page, pageSize }, signal });
export const listMemberPayments = ({ page, pageSize }: PageRequest, signal?: AbortSignal) =>
  mainApi<Page<MemberPayment>>('member/paymentList', { method: 'POST', body: { page, pageSize }, signal });

/** A reload attempt, as the checkout payment machine makes it (one idempotency key per attempt, ADR 058). */
export interface ReloadCall {
  method: PaymentMethod;
  card: CardInput | null;
  idempotencyKey: string;
}

/** `POST account/balance/reload`: whole USD by card (USD only) or bank transfer; the machine shows failures itself (quiet). */
export function reloadBalance(amountUsd: number, { method, card, idempotencyKey }: ReloadCall) {
  const body = method === 'card' ? { amount: amountUsd, method, card: card ?? undefined, currency: 'USD' as const } : { amount: amountUsd, method };
  return mainApi<ReloadResponse>('account/balance/reload', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, quiet: true });
}

// Coupons and promo codes (spec section 7: GET account/promoCodeList with page and pageSize)
export interface PromoCodeQuery extends PageRequest {
  status?: PromoCodeStatus | undefined;
  kind?: PromoCodeKind | undefined;
}
export const listPromoCodes = ({ page, pageSize, status, kind }: PromoCodeQuery, signal?: AbortSignal) =>
  mainApi<Page<PromoCode>>('account/promoCodeList', { query: { page, pageSize, ...(status ? { status } : {}), ...(kind ? { kind } : {}) }, signal });

// Referral
export const getReferral = (signal?: AbortSignal) => mainApi<ReferralOverview>('account/referral', { signal });
export const listReferralFriends = ({ page, pageSize }: PageRequest, signal?: AbortSignal) =>
  mainApi<Page<ReferralFriend>>('account/referral/friends', { query: { page, pageSize }, signal });
/** Invitations: the form shows the server's refusal next to the field (quiet). */
export const inviteFriends = (body: { emails: string; message?: string }) => mainApi<InviteResponse>('account/referral/invite', { method: 'POST', body, quiet: true });
export const applyReferralCode = (code: string) => mainApi<ReferralOverview>('account/referral/apply', { method: 'POST', body: { code }, quiet: true });
/** Spec section 7: GET account/distribution/access with a cm query (a visit through a referral link). */
export const recordReferralVisit = (cm: string) => mainApi<DistributionAccessResponse>('account/distribution/access', { query: { cm }, quiet: true });

// Membership points (prime/point)
export const getPoints = (signal?: AbortSignal) => mainApi<PointsOverview>('prime/point', { signal });
