import type { BillingAddress, BillingAddressInput, ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import type { AdditionalCost, AdditionalCostPublic, AgencySummary, CouponCheck, CouponCheckRequest, CreateOrderRequest, CreateOrderResponse, Order, ShippingOptions } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import { IDEMPOTENCY_HEADER } from '#domain/api/bases';
import type { CardInput, PayResponse, PaymentMethod } from '#domain/api/payment';
import type { Cart } from '#domain/api/quote';
import type { CheckoutDiscounts } from '#domain/api/rewards';
import { earlyMainApi, earlyMicroserviceApi, mainApi } from '#lib/api/client';
import { idempotencyHeader } from '#lib/api/retry';

const id = (value: string) => encodeURIComponent(value);

// The checkout page's first calls take the answers its HTML asked for before the app ran, once,
// when there are some (earlyMainApi, ADR 227); otherwise, and every later time, they call.

/** The cart as the server priced it (microservice API). */
export const getCart = (signal?: AbortSignal) => earlyMicroserviceApi<Cart>('cart', { signal });

export const getShippingOptions = (signal?: AbortSignal) => earlyMainApi<ShippingOptions>('checkout/shipping-options', { signal });
/** The discount the next order gets without a coupon: a referred friend's first order (10 %). */
export const getCheckoutDiscounts = (signal?: AbortSignal) => earlyMainApi<CheckoutDiscounts>('checkout/discounts', { signal });
export const listShippingAddresses = (signal?: AbortSignal) => earlyMainApi<{ list: ShippingAddress[]; total: number }>('account/address', { signal });
export const createShippingAddress = (body: ShippingAddressInput) => mainApi<ShippingAddress>('account/address', { method: 'POST', body, quiet: true });
export const listBillingAddresses = (signal?: AbortSignal) => earlyMainApi<{ list: BillingAddress[]; total: number }>('account/billingAddress', { signal });
export const createBillingAddress = (body: BillingAddressInput) => mainApi<BillingAddress>('account/billingAddress', { method: 'POST', body, quiet: true });

/**
 * Places the order; its field errors are shown by the form (quiet). Its Idempotency-Key (new for
 * each click on "Place order") makes a repeat answer the first order, never a second one (ADR 174).
 */
/** Checks a coupon against the cart before the order (ADR 165); a refusal is the caller's to say (quiet). */
export const checkCoupon = (body: CouponCheckRequest) => mainApi<CouponCheck>('checkout/coupon', { method: 'POST', body, quiet: true });
export const createOrder = (body: CreateOrderRequest) => mainApi<CreateOrderResponse>('checkout/order', { method: 'POST', body, headers: idempotencyHeader('order'), quiet: true });
export const getOrder = (orderId: string, signal?: AbortSignal) => mainApi<Order>(`order/${id(orderId)}`, { signal });

export interface PayCall {
  method: PaymentMethod;
  card: CardInput | null;
  idempotencyKey: string;
}

function payBody({ method, card }: PayCall) {
  // Cards pay in USD only (spec section 9).
  return method === 'card' ? { method, card: card ?? undefined, currency: 'USD' as const } : { method };
}

/** A pay call: the machine shows its failure itself (quiet), and resends the same key on a retry. */
function pay(path: string, call: PayCall) {
  return mainApi<PayResponse>(path, { method: 'POST', body: payBody(call), headers: { [IDEMPOTENCY_HEADER]: call.idempotencyKey }, quiet: true });
}

export const payOrder = (orderId: string, call: PayCall) => pay(`order/${id(orderId)}/pay`, call);

export const getAgencySummary = (token: string, signal?: AbortSignal) => mainApi<AgencySummary>(`agency/${id(token)}`, { signal });
export const payAgency = (token: string, call: PayCall) => pay(`agency/${id(token)}/pay`, call);

export const getAdditionalCost = (token: string, signal?: AbortSignal) => mainApi<AdditionalCostPublic>(`additional-cost/payment/${id(token)}`, { signal });
export const payAdditionalCost = (token: string, call: PayCall) => pay(`additional-cost/payment/${id(token)}/pay`, call);

export const listAdditionalCosts = (signal?: AbortSignal) =>
  mainApi<Page<AdditionalCost>>('order/additional-cost/list', { query: { page: 1, pageSize: 50 }, signal });
export const payAdditionalCostById = (costId: string, call: PayCall) => pay(`additional-cost/${id(costId)}/pay`, call);
