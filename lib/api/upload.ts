import { API_TIMEOUT_MS, IDEMPOTENCY_HEADER } from '#domain/api/bases';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { t } from '../i18n/i18n.tsx';
import { STORAGE_KEYS, storage } from '../storage/storage.ts';
import { throttledProgress } from '../throttled-progress.ts';
import { sendWithRetry, type Failure } from './retry.ts';

/** How an upload failed: the answer's status, or no answer (the connection failed, it took too long, it was cancelled). */
export type UploadFailureKind = 'status' | 'network' | 'timeout' | 'cancelled';

/** A failed upload, with the message the user reads (spec section 8, and the server's own message). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly kind: UploadFailureKind = status === null ? 'network' : 'status',
  ) {
    super(message);
  }
}

export interface UploadHandle<T> {
  result: Promise<T>;
  abort(): void;
}

export interface UploadOptions {
  onUnauthorized?: () => void;
  /**
   * Sent as the Idempotency-Key header: the server answers a repeated key with the first upload's
   * answer, so the upload is sent once more by itself when it met an API process going away
   * (retry.ts, ADR 174). Without it, an upload is never repeated.
   */
  idempotencyKey?: string;
}

function failureOf(error: unknown): Failure {
  if (!(error instanceof UploadError)) return { kind: 'other' };
  if (error.kind === 'status') return { kind: 'status', status: error.status ?? 0 };
  return { kind: error.kind === 'cancelled' ? 'aborted' : error.kind };
}

/**
 * POSTs one file as multipart/form-data with upload progress (fetch cannot report it; XHR can).
 * Same Bearer token and error catalogue as the API clients. No timeout while bytes are moving:
 * a 100 MB file on a slow line takes longer than 20 s; the server's answer after the last byte
 * must come within the usual 20 s. With an idempotency key, sent once more (progress from 0 again)
 * after a dropped connection or a 502/503, as every API call is (retry.ts).
 */
export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void, options: UploadOptions = {}): UploadHandle<T> {
  let current: XMLHttpRequest | undefined;
  let cancelled = false;
  const headers = options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : undefined;
  const result = sendWithRetry(
    { method: 'POST', headers },
    () => {
      if (cancelled) return Promise.reject(new UploadError(t('quote.upload.cancelled'), null, 'cancelled'));
      onProgress(0);
      const attempt = sendOnce<T>(url, file, onProgress, options, headers);
      current = attempt.xhr;
      return attempt.result;
    },
    failureOf,
  );
  return {
    result,
    abort: () => {
      cancelled = true;
      current?.abort();
    },
  };
}

function sendOnce<T>(url: string, file: File, onProgress: (fraction: number) => void, options: UploadOptions, headers: Record<string, string> | undefined): { xhr: XMLHttpRequest; result: Promise<T> } {
  const xhr = new XMLHttpRequest();
  const result = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    const bearer = storage.get(STORAGE_KEYS.token) ?? storage.get(STORAGE_KEYS.tempToken);
    if (bearer) xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    let answerTimer: ReturnType<typeof setTimeout> | undefined;
    // At most every PROGRESS_INTERVAL_MS: each report renders the page again (ADR 237).
    const report = throttledProgress(onProgress);
    xhr.upload.onprogress = (e) => e.lengthComputable && report(e.loaded / e.total);
    xhr.upload.onload = () => {
      answerTimer = setTimeout(() => xhr.abort(), API_TIMEOUT_MS);
      onProgress(1);
    };
    xhr.onload = () => {
      clearTimeout(answerTimer);
      const body = xhr.response as { message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.response as T);
      if (xhr.status === 401) options.onUnauthorized?.();
      const fallback = xhr.status === 413 ? FILE_MESSAGES.tooLarge(file.name) : xhr.status === 403 || xhr.status === 404 || xhr.status === 422 ? t('error.generic') : t('error.unknown');
      reject(new UploadError(body?.message || fallback, xhr.status));
    };
    xhr.onerror = () => {
      clearTimeout(answerTimer);
      reject(new UploadError(t('error.network'), null, 'network'));
    };
    xhr.onabort = () => reject(answerTimer ? new UploadError(t('error.timeout'), null, 'timeout') : new UploadError(t('quote.upload.cancelled'), null, 'cancelled'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { xhr, result };
}
