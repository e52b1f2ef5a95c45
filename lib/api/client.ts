import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { API_TIMEOUT_MS, MAIN_API_BASE, MICROSERVICE_API_BASE } from '#domain/api/bases';
import { earlyOr } from '../early-calls.ts';
import { apiSegment } from '../env.ts';
import { STORAGE_KEYS, storage, type ExpiringStorage, type StorageKey } from '../storage/storage.ts';
import { errorMessage } from './error-message.ts';
import { sendWithRetry, type Failure } from './retry.ts';

/** What the app does with failures; set once at start (routes/session.ts). */
export interface ApiHooks {
  /** A 401: clear user info and tell the session (spec sections 4 and 8). */
  onUnauthorized(): void;
  /** Any other failure: show the catalogue message (the toast region). */
  onError(message: string): void;
}

const hooks: ApiHooks = { onUnauthorized() {}, onError() {} };

export function configureApi(next: Partial<ApiHooks>): void {
  Object.assign(hooks, next);
}

export interface CallOptions extends Omit<FetchOptions<'json'>, 'responseType'> {
  /** The caller shows the failure itself (a form's field errors): no toast. 401 still reaches the session. */
  quiet?: boolean;
  /** `blob` for a file the API answers (a PDF, a picture): the call then resolves to a Blob. */
  responseType?: 'json' | 'blob';
}

export type ApiCall = <T>(path: string, options?: CallOptions) => Promise<T>;

export interface ApiClientOptions {
  baseURL: string;
  timeout?: number;
  tokens?: ExpiringStorage;
  /** The key of the Bearer token in `tokens`; the customer's token (or temporary token) unless given. */
  tokenKey?: StorageKey;
  /** A 401's handler when it is not the customer session's (the staff console, issue 38). */
  onUnauthorized?: () => void;
}

/**
 * An API client: 20 s timeout, the Bearer token (or the temporary token when there is no token)
 * from storage, one repeat of a request that met an API process going away when repeating it is
 * safe (retry.ts, ADR 174), and the error catalogue of spec section 8 on a failure that stays.
 */
export function createApiClient({ baseURL, timeout = API_TIMEOUT_MS, tokens = storage, tokenKey, onUnauthorized }: ApiClientOptions): ApiCall {
  const raw = ofetch.create({
    baseURL,
    timeout,
    retry: 0,
    onRequest({ options }) {
      const bearer = tokenKey ? tokens.get(tokenKey) : (tokens.get(STORAGE_KEYS.token) ?? tokens.get(STORAGE_KEYS.tempToken));
      if (bearer) options.headers.set('Authorization', `Bearer ${bearer}`);
      // ofetch drops its timeout when the caller passes a signal; keep both.
      if (options.signal && options.timeout) {
        options.signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeout)]);
      }
    },
  });
  return async function call<T>(path: string, { quiet, ...options }: CallOptions = {}): Promise<T> {
    try {
      return await sendWithRetry(
        { method: options.method, headers: options.headers },
        () => raw<T>(path, options as FetchOptions<'json'>),
        (error) => failureOf(error, options.signal),
      );
    } catch (error) {
      if (isAborted(error, options.signal)) throw error;
      if (error instanceof FetchError && (error.response?.status ?? error.statusCode) === 401) (onUnauthorized ?? hooks.onUnauthorized)();
      else if (!quiet) hooks.onError(errorMessage(error));
      throw error;
    }
  };
}

/** What an ofetch failure was: an answer's status, a timeout, the caller's cancel, or no answer at all. */
export function failureOf(error: unknown, signal: AbortSignal | null | undefined): Failure {
  if (isAborted(error, signal)) return { kind: 'aborted' };
  if (!(error instanceof FetchError)) return { kind: 'other' };
  const status = error.response?.status ?? error.statusCode;
  if (status) return { kind: 'status', status };
  const cause = error.cause as { name?: unknown } | undefined;
  if (cause?.name === 'TimeoutError' || /TimeoutError/.test(error.message)) return { kind: 'timeout' };
  if (cause?.name === 'AbortError') return { kind: 'aborted' };
  return { kind: 'network' };
}

/** The caller cancelled (the page went away): nobody needs to hear about it. */
function isAborted(error: unknown, signal: AbortSignal | null | undefined): boolean {
  return !!signal?.aborted && !(error instanceof FetchError && (error.cause as { name?: string } | undefined)?.name === 'TimeoutError');
}

/** The main API (accounts, tools, orders). */
export const mainApi: ApiCall = createApiClient({ baseURL: `${MAIN_API_BASE}/${apiSegment}` });
/** A main API call's path from the site's root ("/api/manufacture/cart"): how `lib/early-calls.ts` names it. */
export const mainApiUrl = (path: string) => `${MAIN_API_BASE}/${apiSegment}/${path}`;
/** The microservice API (quotes, projects, files). */
export const microserviceApi: ApiCall = createApiClient({ baseURL: `${MICROSERVICE_API_BASE}/${apiSegment}` });
/** A microservice API call's path from the site's root ("/msapi/manufacture/cart"). */
export const microserviceApiUrl = (path: string) => `${MICROSERVICE_API_BASE}/${apiSegment}/${path}`;

/**
 * A GET the page's HTML may have started before the app ran (the checkout's, ADR 227): its answer,
 * taken once, when there is one (lib/early-calls.ts); otherwise, and every later time, the call.
 */
export const earlyMainApi = <T>(path: string, options?: CallOptions): Promise<T> => earlyOr(mainApiUrl(path), () => mainApi<T>(path, options));
export const earlyMicroserviceApi = <T>(path: string, options?: CallOptions): Promise<T> =>
  earlyOr(microserviceApiUrl(path), () => microserviceApi<T>(path, options));
