import { API_TIMEOUT_MS } from '#domain/api/bases';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { t } from '../i18n/i18n.tsx';
import { STORAGE_KEYS, storage } from '../storage/storage.ts';

/** A failed upload, with the message the user reads (spec section 8, and the server's own message). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface UploadHandle<T> {
  result: Promise<T>;
  abort(): void;
}

/**
 * POSTs one file as multipart/form-data with upload progress (fetch cannot report it; XHR can).
 * Same Bearer token and error catalogue as the API clients. No timeout while bytes are moving:
 * a 100 MB file on a slow line takes longer than 20 s; the server's answer after the last byte
 * must come within the usual 20 s.
 */
export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void, onUnauthorized?: () => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const result = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    const bearer = storage.get(STORAGE_KEYS.token) ?? storage.get(STORAGE_KEYS.tempToken);
    if (bearer) xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    xhr.responseType = 'json';
    let answerTimer: ReturnType<typeof setTimeout> | undefined;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.upload.onload = () => {
      answerTimer = setTimeout(() => xhr.abort(), API_TIMEOUT_MS);
      onProgress(1);
    };
    xhr.onload = () => {
      clearTimeout(answerTimer);
      const body = xhr.response as { message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.response as T);
      if (xhr.status === 401) onUnauthorized?.();
      const fallback = xhr.status === 413 ? FILE_MESSAGES.tooLarge(file.name) : xhr.status === 403 || xhr.status === 404 || xhr.status === 422 ? t('error.generic') : t('error.unknown');
      reject(new UploadError(body?.message || fallback, xhr.status));
    };
    xhr.onerror = () => {
      clearTimeout(answerTimer);
      reject(new UploadError(t('error.network'), null));
    };
    xhr.onabort = () => reject(new UploadError(answerTimer ? t('error.timeout') : t('quote.upload.cancelled'), null));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { result, abort: () => xhr.abort() };
}
