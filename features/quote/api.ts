import { MICROSERVICE_API_BASE } from '#domain/api/bases';
import type {
  AssemblyQuantity,
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
  QuoteReview,
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

/** Sends a part for manual review with a note, its configuration and attachments (ADR 163); the form says a refusal itself. */
export function requestReview(projectId: string, fileId: string, request: { note: string; configuration: PartConfiguration; files: readonly File[] }) {
  const body = new FormData();
  body.append('note', request.note);
  body.append('configuration', JSON.stringify(request.configuration));
  for (const file of request.files) body.append('attachment', file, file.name);
  return microserviceApi<QuoteReview>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/review`, { method: 'POST', body, quiet: true });
}

/** Attaches a part's drawing, replacing the one it had (ADR 164). */
export function attachDrawing(projectId: string, fileId: string, file: File) {
  const body = new FormData();
  body.append('drawing', file, file.name);
  return microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/drawing`, { method: 'PUT', body, quiet: true });
}
export const removeDrawing = (projectId: string, fileId: string) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/drawing`, { method: 'DELETE', quiet: true });
/** The part's note for the factory; an empty one clears it (ADR 164). */
export const savePartNote = (projectId: string, fileId: string, note: string) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/note`, { method: 'PUT', body: { note }, quiet: true });

/** A document the API keeps for the caller (an attachment, a drawing), by its `path`. */
export const getDocument = (path: string) => microserviceApi<Blob>(path, { responseType: 'blob' });

/** How many of an assembly: its parts' quantities follow (ADR 162). */
export const setAssemblyQuantity = (projectId: string, assemblyId: string, quantity: number) =>
  microserviceApi<AssemblyQuantity>(`project/${encodeURIComponent(projectId)}/assemblies/${encodeURIComponent(assemblyId)}`, { method: 'PUT', body: { quantity }, quiet: true });

/** Keeps a file of several bodies as one part: the split is no longer offered. */
export const keepQuoteFileWhole = (projectId: string, fileId: string) =>
  microserviceApi<QuoteFile>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/keep-whole`, { method: 'POST', body: {}, quiet: true });

/** One part's picture, drawn by the server from its model (the parts table). */
export const getPartThumbnail = (projectId: string, fileId: string, signal?: AbortSignal) =>
  microserviceApi<Blob>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}/thumbnail`, { responseType: 'blob', signal, quiet: true });

export const deleteFile = (projectId: string, fileId: string) =>
  microserviceApi<unknown>(`project/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });

/** Adds parts to the cart; its Idempotency-Key (new for each click) makes a repeat answer the first answer (ADR 174). */
export const addToCart = (body: CartItemsInput) => microserviceApi<Cart>('cart/items', { method: 'POST', body, headers: idempotencyHeader('cart') });
/** Every priced part in one call: the workspace says a refusal itself (quiet). A new Idempotency-Key for each click (ADR 174). */
export const addPartsToCart = (body: CartItemsInput) =>
  microserviceApi<Cart>('cart/items', { method: 'POST', body, quiet: true, headers: idempotencyHeader('cart') });
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
