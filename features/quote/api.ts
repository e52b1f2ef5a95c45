import { MICROSERVICE_API_BASE } from '#domain/api/bases';
import type {
  Cart,
  CartItemsInput,
  FileSplit,
  PartQuote,
  Project,
  ProjectInput,
  ProjectPatch,
  QuoteDocument,
  QuoteDocumentCreated,
  QuoteDocumentOrdered,
  QuoteFile,
  QuoteFileList,
  UnitsInput,
} from '#domain/api/quote';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import type { TemporaryTokenResponse } from '#domain/api/account';
import { mainApi, microserviceApi } from '#lib/api/client';
import { idempotencyHeader, newIdempotencyKey } from '#lib/api/retry';
import { uploadFile, type UploadHandle } from '#lib/api/upload';
import { apiSegment } from '#lib/env';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';

export const createProject = (body: ProjectInput) => microserviceApi<Project>('project', { method: 'POST', body });
export const getProject = (id: string, signal?: AbortSignal) => microserviceApi<Project>(`project/${encodeURIComponent(id)}`, { signal });
export const updateProject = (id: string, body: ProjectPatch) =>
  microserviceApi<Project>(`project/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const listProjectFiles = (id: string, signal?: AbortSignal) =>
  microserviceApi<QuoteFileList>(`project/${encodeURIComponent(id)}/files`, { signal });

export const getQuoteFile = (projectId: string, fileId: string) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`, { quiet: true });

/**
 * Saves a part's options and answers its price. A PUT sets the same state however often it arrives:
 * its Idempotency-Key (new for each save) only tells the client it may repeat it (ADR 174).
 */
export const saveConfiguration = (projectId: string, fileId: string, configuration: PartConfiguration) =>
  microserviceApi<PartQuote>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/configuration`, {
    method: 'PUT',
    body: configuration,
    headers: idempotencyHeader('cfg'),
    quiet: true,
  });

export const confirmUnits = (projectId: string, fileId: string, body: UnitsInput) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/units`, { method: 'PUT', body, quiet: true });

/** Splits a file of several bodies into its parts (ADR 131): answers the new files. */
export const splitQuoteFile = (projectId: string, fileId: string) =>
  microserviceApi<FileSplit>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/split`, { method: 'POST', body: {}, quiet: true });

/** Keeps a file of several bodies as one part: the split is no longer offered. */
export const keepQuoteFileWhole = (projectId: string, fileId: string) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/keep-whole`, { method: 'POST', body: {}, quiet: true });

export const deleteFile = (projectId: string, fileId: string) =>
  microserviceApi<unknown>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });

/** Adds parts to the cart; its Idempotency-Key (new for each click) makes a repeat answer the first answer (ADR 174). */
export const addToCart = (body: CartItemsInput) => microserviceApi<Cart>('cart/items', { method: 'POST', body, headers: idempotencyHeader('cart') });
export const getCart = (signal?: AbortSignal) => microserviceApi<Cart>('cart', { signal });

export const createQuoteDocument = (projectId: string) =>
  microserviceApi<QuoteDocumentCreated>(`project/${encodeURIComponent(projectId)}/quote-document`, { method: 'POST', body: {}, quiet: true });

/** A shared quote, read by its link (public). */
export const getQuoteDocument = (token: string, signal?: AbortSignal) =>
  microserviceApi<QuoteDocument>(`quote-document/${encodeURIComponent(token)}`, { signal, quiet: true });

/** Orders a shared quote: its parts go into the caller's cart. */
export const orderQuoteDocument = (token: string) =>
  microserviceApi<QuoteDocumentOrdered>(`quote-document/${encodeURIComponent(token)}/order`, { method: 'POST', body: {}, quiet: true });

/** Where a shared quote's PDF is (a plain link: the browser downloads it). */
export const quoteDocumentPdfUrl = (token: string) => `${MICROSERVICE_API_BASE}/${apiSegment}/quote-document/${encodeURIComponent(token)}.pdf`;

/** The stored bytes of a file, for the 3D preview of a reopened project. */
export async function readQuoteFileContent(projectId: string, fileId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const bearer = storage.get(STORAGE_KEYS.token) ?? storage.get(STORAGE_KEYS.tempToken);
  const url = `${MICROSERVICE_API_BASE}/${apiSegment}/project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/content`;
  const response = await fetch(url, { signal, headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
  if (!response.ok) throw new Error(`content: ${response.status}`);
  return response.arrayBuffer();
}

/** Uploads one file; its Idempotency-Key (new for each file dropped) makes a repeat answer the first upload's answer (ADR 174). */
export function uploadQuoteFile(projectId: string, file: File, onProgress: (fraction: number) => void, onUnauthorized?: () => void): UploadHandle<QuoteFile> {
  return uploadFile<QuoteFile>(`${MICROSERVICE_API_BASE}/${apiSegment}/project/${encodeURIComponent(projectId)}/files`, file, onProgress, {
    ...(onUnauthorized ? { onUnauthorized } : {}),
    idempotencyKey: newIdempotencyKey('upload'),
  });
}

/** A temporary token for an anonymous visitor's quote session (main API). */
export const issueTemporaryToken = () => mainApi<TemporaryTokenResponse>('account/temporaryToken', { method: 'POST' });
