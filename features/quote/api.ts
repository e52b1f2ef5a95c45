import { MICROSERVICE_API_BASE } from '#domain/api/bases';
import type {
  Cart,
  CartItemsInput,
  PartQuote,
  Project,
  ProjectInput,
  ProjectPatch,
  QuoteDocumentCreated,
  QuoteFile,
  QuoteFileList,
  UnitsInput,
} from '#domain/api/quote';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { TemporaryTokenResponse } from '#domain/api/account';
import { mainApi, microserviceApi } from '#lib/api/client';
import { uploadFile, type UploadHandle } from '#lib/api/upload';
import { apiSegment } from '#lib/env';

export const createProject = (body: ProjectInput) => microserviceApi<Project>('project', { method: 'POST', body });
export const getProject = (id: string, signal?: AbortSignal) => microserviceApi<Project>(`project/${encodeURIComponent(id)}`, { signal });
export const updateProject = (id: string, body: ProjectPatch) =>
  microserviceApi<Project>(`project/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const listProjectFiles = (id: string, signal?: AbortSignal) =>
  microserviceApi<QuoteFileList>(`project/${encodeURIComponent(id)}/files`, { signal });

export const getQuoteFile = (projectId: string, fileId: string) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`, { quiet: true });

export const saveConfiguration = (projectId: string, fileId: string, configuration: PartConfiguration) =>
  microserviceApi<PartQuote>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/configuration`, {
    method: 'PUT',
    body: configuration,
    quiet: true,
  });

export const confirmUnits = (projectId: string, fileId: string, body: UnitsInput) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/units`, { method: 'PUT', body });

export const deleteFile = (projectId: string, fileId: string) =>
  microserviceApi<unknown>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });

export const addToCart = (body: CartItemsInput) => microserviceApi<Cart>('cart/items', { method: 'POST', body });
export const getCart = (signal?: AbortSignal) => microserviceApi<Cart>('cart', { signal });

export const createQuoteDocument = (projectId: string) =>
  microserviceApi<QuoteDocumentCreated>(`project/${encodeURIComponent(projectId)}/quote-document`, { method: 'POST', body: {} });

export function uploadQuoteFile(projectId: string, file: File, onProgress: (fraction: number) => void, onUnauthorized?: () => void): UploadHandle<QuoteFile> {
  return uploadFile<QuoteFile>(`${MICROSERVICE_API_BASE}/${apiSegment}/project/${encodeURIComponent(projectId)}/files`, file, onProgress, onUnauthorized);
}

/** A temporary token for an anonymous visitor's quote session (main API). */
export const issueTemporaryToken = () => mainApi<TemporaryTokenResponse>('account/temporaryToken', { method: 'POST' });
