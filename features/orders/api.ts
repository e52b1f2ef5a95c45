import type { Page } from '#domain/api/paging';
import type { Order, OrderSummary } from '#domain/api/order';
import { mainApi } from '#lib/api/client';

export const listOrders = (page: number, pageSize: number, signal?: AbortSignal) =>
  mainApi<Page<OrderSummary>>('order/list', { query: { page, pageSize }, signal });

export const getOrder = (id: string, signal?: AbortSignal) => mainApi<Order>(`order/${encodeURIComponent(id)}`, { signal });
