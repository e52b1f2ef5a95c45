import type { OpsAdditionalCostRequest, OpsAdditionalCosts, OpsBalanceAdjustRequest, OpsCustomerDetail, OpsCustomerList, OpsCustomerPatch } from '#domain/api/ops-customers';
import { opsApi } from './api.ts';

/**
 * The console's calls about customers and additional-cost orders (issue 38 items 3 and 6), through
 * the staff client of api.ts (the staff token, never the customer's). Every call is quiet: the
 * console says what went wrong in its own page.
 */
const id = (value: string) => encodeURIComponent(value);

export const listOpsCustomers = ({ page, pageSize, q }: { page: number; pageSize: number; q?: string | null }, signal?: AbortSignal) =>
  opsApi<OpsCustomerList>('ops/customers', { query: { page, pageSize, ...(q ? { q } : {}) }, signal, quiet: true });
export const readOpsCustomer = (customerId: string, signal?: AbortSignal) => opsApi<OpsCustomerDetail>(`ops/customers/${id(customerId)}`, { signal, quiet: true });
export const updateOpsCustomer = (customerId: string, body: OpsCustomerPatch) => opsApi<OpsCustomerDetail>(`ops/customers/${id(customerId)}`, { method: 'PATCH', body, quiet: true });
export const adjustOpsBalance = (customerId: string, body: OpsBalanceAdjustRequest) =>
  opsApi<OpsCustomerDetail>(`ops/customers/${id(customerId)}/balance`, { method: 'POST', body, quiet: true });
export const listOrderAdditionalCosts = (orderId: string, signal?: AbortSignal) => opsApi<OpsAdditionalCosts>(`ops/orders/${id(orderId)}/additional-costs`, { signal, quiet: true });
export const createOrderAdditionalCost = (orderId: string, body: OpsAdditionalCostRequest) =>
  opsApi<OpsAdditionalCosts>(`ops/orders/${id(orderId)}/additional-cost`, { method: 'POST', body, quiet: true });
