import { IDEMPOTENCY_HEADER } from '#domain/api/bases';

/**
 * When the browser sends a request again by itself (issue 41 item 3, ADR 174): once, after a
 * failure that says the request met an API process that went away (the connection dropped or was
 * refused, or the balancer answered 502 or 503), and only when doing it twice does no harm:
 * - a safe method (GET, HEAD, OPTIONS: RFC 9110 §9.2.1), which changes nothing;
 * - a write that carries an Idempotency-Key: the server answers a repeated key with the first
 *   answer (a cart change, a checkout, a payment, an upload), or the write sets the same state again
 *   (a configuration saved with PUT).
 * Never a timeout (the request may still be running; the user is told and decides), never an
 * answer of the API itself (4xx, 500), never a call the page cancelled, and never twice: a second
 * failure is shown. The one rule for every client: the API clients (client.ts), the upload
 * (upload.ts) and the topology test's customer (tests/topology/).
 */

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 502: the balancer had no answer (the process died with the request, or none was reachable); 503:
 * the process is stopping or being upgraded, or its database is briefly away. Nothing else.
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503]);

/** At most this many repeats of one request. */
export const MAX_RETRIES = 1;

/** The pause before the repeat: long enough for the balancer to leave the dead process out, short enough to go unnoticed. */
export const RETRY_DELAY_MS = 300;

/** How a request failed, as far as repeating it is concerned. */
export type Failure = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'timeout' } | { kind: 'aborted' } | { kind: 'other' };

export interface RepeatableRequest {
  method?: string | undefined;
  /** The request's headers: an Idempotency-Key among them makes a write repeatable. */
  headers?: HeadersInit | undefined;
}

/** The request's Idempotency-Key header, whatever form its headers take. */
function hasIdempotencyKey(headers: HeadersInit | undefined): boolean {
  if (!headers) return false;
  return new Headers(headers).has(IDEMPOTENCY_HEADER);
}

/** Whether sending `request` twice does no harm: a safe method, or a write with an Idempotency-Key. */
export function mayRepeat(request: RepeatableRequest): boolean {
  return SAFE_METHODS.has((request.method ?? 'GET').toUpperCase()) || hasIdempotencyKey(request.headers);
}

/** Whether to send `request` again after `failure`, it having been sent `retries` times again already. */
export function shouldRetry(request: RepeatableRequest, failure: Failure, retries: number): boolean {
  if (retries >= MAX_RETRIES || !mayRepeat(request)) return false;
  return failure.kind === 'network' || (failure.kind === 'status' && RETRY_STATUSES.has(failure.status));
}

/**
 * Sends `request` with `send`, and once more after a failure `shouldRetry` allows, after
 * RETRY_DELAY_MS. `failureOf` reads the failure from what `send` threw. The second failure (or
 * the first one that is not repeated) is thrown as it came.
 */
export async function sendWithRetry<T>(
  request: RepeatableRequest,
  send: (attempt: number) => Promise<T>,
  failureOf: (error: unknown) => Failure,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(attempt);
    } catch (error) {
      if (!shouldRetry(request, failureOf(error), attempt)) throw error;
      await wait(RETRY_DELAY_MS);
    }
  }
}

/**
 * A new key for one user action (a click on "Add to cart", "Place order", "Pay", a save, a file
 * dropped): 128 random bits, sent again only by a repeat of that same request.
 */
export function newIdempotencyKey(prefix = 'req'): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The header that makes a write repeatable, with a new key. */
export function idempotencyHeader(prefix?: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: newIdempotencyKey(prefix) };
}
