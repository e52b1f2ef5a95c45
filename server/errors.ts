/**
 * The failures every layer of the server may raise (services, the CLI and the HTTP routes alike).
 * The HTTP layer turns them into answers (`server/http/error-response.ts`); the CLI prints the
 * message. Nothing here knows about HTTP frameworks.
 */

/** A failure the client should show as-is (spec section 8: "show the server message"). */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 502 | 503 | 507,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries, e.g. `Retry-After` or `Connection: close`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Spec section 8: what a caller is told when a write fails for lack of space (507, issue 12 item 7). */
export const MESSAGE_OUT_OF_SPACE = 'Service is being upgraded, please come back later.';

/**
 * A failure for lack of space, from any layer: the file system (ENOSPC, EDQUOT), SQLite
 * (SQLITE_FULL) or PostgreSQL (53100 disk_full), also when wrapped as another error's cause.
 */
export function isOutOfSpace(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') return true;
  }
  return false;
}

/**
 * Spec section 8's words when a service the server needs does not answer (issue 41 item 4): the
 * same sentence as for a full disk, with 503 and a `Retry-After`, never a 500.
 */
export const MESSAGE_UNAVAILABLE = MESSAGE_OUT_OF_SPACE;

/** Connection failures by code: the socket's, and PostgreSQL's own (class 08, 57P01–57P03, 53300). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** node-postgres says these without a code. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * A failure because the database (or another service the request needs) cannot be reached: it is
 * down, restarting, refusing connections or out of them. Also when wrapped as a cause.
 */
export function isServiceUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // An AggregateError (a host with several addresses, all refused) carries its causes in `errors`.
    if (e instanceof AggregateError && e.errors.some((inner) => isServiceUnavailable(inner))) return true;
  }
  return false;
}

/** Spec section 8: what a caller without a usable token is told. */
export const MESSAGE_LOGIN_REQUIRED = 'Please log in to continue.';
export const MESSAGE_SESSION_EXPIRED = 'Your session has expired; please log in again.';

/** A vest-like result: anything with `hasErrors()` and `getErrors()`. */
interface SuiteOutcome {
  hasErrors(): boolean;
  getErrors(): Record<string, string[]>;
}

/** 422 with the first message and every field's messages when the suite failed (ADR 025). */
export function assertValid(result: SuiteOutcome, onlyFields?: readonly string[]): void {
  if (!result.hasErrors()) return;
  const all = result.getErrors();
  const errors = Object.fromEntries(
    Object.entries(all).filter(([field, messages]) => messages.length > 0 && (!onlyFields || onlyFields.includes(field))),
  );
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}

/** 422 from a field → messages map (rules checked by hand), when it has any message. */
export function assertNoErrors(errors: Record<string, string[]>): void {
  const broken = Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages.length > 0));
  const first = Object.values(broken)[0]?.[0];
  if (first) throw new HttpError(422, first, broken);
}

/** A 422 about one field: the message shown and the same message under the field. */
export function fieldError(field: string, message: string, status: 409 | 410 | 413 | 422 = 422): HttpError {
  return new HttpError(status, message, { [field]: [message] });
}

/** Optional text as stored: trimmed, and null when empty. */
export function orNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
