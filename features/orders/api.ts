import type { Page } from '#domain/api/paging';
import type {
  AdditionalCost,
  AdditionalCostStatus,
  AfterSaleOrder,
  AfterSaleRequest,
  AgencyLink,
  Order,
  OrderStatus,
  OrderSummary,
  ReorderResponse,
  ReviewRequest,
} from '#domain/api/order';
import type { UploadHistory } from '#domain/api/quote';
import { mainApi, microserviceApi } from '#lib/api/client';

const id = (value: string) => encodeURIComponent(value);

export interface OrderListParams {
  page: number;
  pageSize: number;
  status?: OrderStatus | null;
  q?: string | null;
}

export const listOrders = ({ page, pageSize, status, q }: OrderListParams, signal?: AbortSignal) =>
  mainApi<Page<OrderSummary>>('order/list', {
    query: { page, pageSize, ...(status ? { status } : {}), ...(q ? { q } : {}) },
    signal,
    // The history says what went wrong itself (the catalogue's words, in the page).
    quiet: true,
  });

/** The order; its page says "Order id not found." itself for a 404. */
export const getOrder = (orderId: string, signal?: AbortSignal) => mainApi<Order>(`order/${id(orderId)}`, { signal, quiet: true });

export const cancelOrder = (orderId: string, reason: string | null) =>
  mainApi<Order>(`order/${id(orderId)}/cancel`, { method: 'POST', body: reason ? { reason } : {}, quiet: true });

export const reviewOrder = (orderId: string, body: ReviewRequest) => mainApi<Order>(`order/${id(orderId)}/review`, { method: 'POST', body, quiet: true });

export const reorderOrder = (orderId: string) => mainApi<ReorderResponse>(`order/${id(orderId)}/reorder`, { method: 'POST', quiet: true });

export const createAgencyLink = (orderId: string) => mainApi<AgencyLink>(`order/${id(orderId)}/agency-link`, { method: 'POST', quiet: true });

/** The order's PDF (invoice once paid, proforma before), as a file to save. */
/** The drawing an ordered product is made to, by its `path` (ADR 164). */
export const getProductDrawing = (path: string) => mainApi<Blob>(path, { responseType: 'blob', quiet: true });
export const getOrderDocument = (orderId: string) => mainApi<Blob>(`order/${id(orderId)}/document`, { responseType: 'blob', quiet: true });

export const listAfterSales = (page: number, pageSize: number, signal?: AbortSignal) =>
  mainApi<Page<AfterSaleOrder>>('order/after-sale/list', { query: { page, pageSize }, signal, quiet: true });

export const requestAfterSale = (body: AfterSaleRequest) => mainApi<AfterSaleOrder>('order/after-sale', { method: 'POST', body, quiet: true });

/** The caller's order with exactly this order ID (W…), or null: the after-sale form finds the products it offers. */
export async function findOrderByNumber(number: string, signal?: AbortSignal): Promise<Order | null> {
  const wanted = number.trim().toUpperCase();
  const found = await listOrders({ page: 1, pageSize: 10, q: wanted }, signal);
  const match = found.list.find((o) => o.number.toUpperCase() === wanted);
  return match ? getOrder(match.id, signal) : null;
}

export const listAdditionalCostOrders = (page: number, pageSize: number, status: AdditionalCostStatus | null, signal?: AbortSignal) =>
  mainApi<Page<AdditionalCost>>('order/additional-cost/list', { query: { page, pageSize, ...(status ? { status } : {}) }, signal, quiet: true });

export const listUploads = (page: number, pageSize: number, signal?: AbortSignal) =>
  microserviceApi<UploadHistory>('project/upload-history', { query: { page, pageSize }, signal, quiet: true });
