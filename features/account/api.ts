import type {
  ContactUsRequest,
  DeletionPreview,
  DeletionRequest,
  DeletionRequestResponse,
  OkResponse,
  PasswordResetRequest,
  ProfilePatch,
  PromoCode,
  QuickLoginChannel,
  QuickLoginUrlResponse,
  UploadImageResponse,
  UserInfo,
} from '#domain/api/account';
import type { BillingAddress, BillingAddressInput, DeletedResponse, ShippingAddress, ShippingAddressInput } from '#domain/api/address';
import type { OrderSummary } from '#domain/api/order';
import type { Page } from '#domain/api/paging';
import type { Project } from '#domain/api/quote';
import type { CountryEntry, StateEntry } from '#domain/api/tools';
import { MAIN_API_BASE } from '#domain/api/bases';
import { mainApi, microserviceApi } from '#lib/api/client';
import { uploadFile } from '#lib/api/upload';
import { apiSegment } from '#lib/env';

const id = (value: string) => encodeURIComponent(value);

// Form calls are quiet: the form shows the failure next to its fields, not in a toast.

export const getMe = (signal?: AbortSignal) => mainApi<UserInfo>('account/me', { signal });
export const updateProfile = (body: ProfilePatch) => mainApi<UserInfo>('account/me', { method: 'PATCH', body, quiet: true });
export const resendActivation = (email: string) => mainApi<OkResponse>('account/activeEmail', { method: 'POST', body: { email }, quiet: true });
export const changePassword = (body: PasswordResetRequest) => mainApi<OkResponse>('account/password/reset', { method: 'PATCH', body, quiet: true });
/** What deleting the account does to its prepaid balance (ADR 150). */
export const fetchDeletionPreview = (signal?: AbortSignal) => mainApi<DeletionPreview>('account/deletion', { signal, quiet: true });

export const requestDeletion = (body: DeletionRequest) => mainApi<DeletionRequestResponse>('account/deletion', { method: 'POST', body, quiet: true });
export const contactUs = (body: ContactUsRequest) => mainApi<OkResponse>('account/contactUs', { method: 'POST', body, quiet: true });

export const listQuickLogins = (signal?: AbortSignal) => mainApi<QuickLoginChannel[]>('account/quick/list', { signal, quiet: true });
export const quickLoginUrl = (channel: string, callback: string) =>
  mainApi<QuickLoginUrlResponse>('account/quick/loginUrl', { query: { channel, callback }, quiet: true });
export const unlinkQuickLogin = (channel: string) => mainApi<OkResponse>('account/quick/unlinkQuick', { method: 'PATCH', body: { channel }, quiet: true });

// The home dashboard: a few of each.
export const recentOrders = (signal?: AbortSignal) => mainApi<Page<OrderSummary>>('order/list', { query: { page: 1, pageSize: 3 }, signal, quiet: true });
export const recentProjects = (signal?: AbortSignal) => microserviceApi<Page<Project>>('project/list', { query: { page: 1, pageSize: 3 }, signal, quiet: true });
export const activeCoupons = (signal?: AbortSignal) =>
  mainApi<Page<PromoCode>>('account/promoCodeList', { query: { page: 1, pageSize: 3, status: 'active' }, signal, quiet: true });

// Shipping addresses (spec section 7: under account/address).
export const listShippingAddresses = (signal?: AbortSignal) => mainApi<{ list: ShippingAddress[]; total: number }>('account/address', { signal });
export const createShippingAddress = (body: ShippingAddressInput) => mainApi<ShippingAddress>('account/address', { method: 'POST', body, quiet: true });
export const updateShippingAddress = (addressId: string, body: ShippingAddressInput) =>
  mainApi<ShippingAddress>(`account/address/${id(addressId)}`, { method: 'PATCH', body, quiet: true });
export const setDefaultShippingAddress = (addressId: string) => mainApi<ShippingAddress>(`account/address/setDefault/${id(addressId)}`, { method: 'PATCH' });
export const deleteShippingAddresses = (addressIds: string[]) =>
  addressIds.length === 1
    ? mainApi<DeletedResponse>(`account/address/${id(addressIds[0] ?? '')}`, { method: 'DELETE' })
    : mainApi<DeletedResponse>('account/address', { method: 'DELETE', body: { addressIds } });

// Billing addresses (under account/billingAddress).
export const listBillingAddresses = (signal?: AbortSignal) => mainApi<{ list: BillingAddress[]; total: number }>('account/billingAddress', { signal });
export const createBillingAddress = (body: BillingAddressInput) => mainApi<BillingAddress>('account/billingAddress', { method: 'POST', body, quiet: true });
export const updateBillingAddress = (addressId: string, body: BillingAddressInput) =>
  mainApi<BillingAddress>(`account/billingAddress/${id(addressId)}`, { method: 'PATCH', body, quiet: true });
export const deleteBillingAddresses = (ids: string[]) => mainApi<DeletedResponse>('account/billingAddress', { method: 'DELETE', body: { ids } });

// Geography for the address rules (ADR 025: what the server answers, not a second dataset).
export const listCountries = (signal?: AbortSignal) => mainApi<CountryEntry[]>('tools/countryList', { query: { type: 'country' }, signal, quiet: true });
export const listStates = (country: string, signal?: AbortSignal) =>
  mainApi<StateEntry[]>('tools/countryList', { query: { type: 'state', country }, signal, quiet: true });

/** The avatar upload (multipart, with progress); the answer names the new picture. */
export const uploadAvatar = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<UploadImageResponse>(`${MAIN_API_BASE}/${apiSegment}/account/uploadImage`, file, onProgress);
