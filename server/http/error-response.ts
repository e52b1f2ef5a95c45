import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '#domain/api/tools';
import { HttpError, MESSAGE_OUT_OF_SPACE, MESSAGE_UNAVAILABLE, isOutOfSpace, isServiceUnavailable } from '../errors.ts';

export const MESSAGE_UNEXPECTED = 'Unexpected error, please contact customer service.';

/**
 * Every failing call answers `{ message, errors? }` (spec section 8); a write that failed for lack
 * of space is a 507 with the catalogue's words, never the database's (issue 12 item 7); one that
 * failed because the database does not answer is a 503 with the same words (issue 41 item 4);
 * anything else unforeseen is a 500.
 */
export function errorResponse(c: Context, error: unknown): Response {
  if (!(error instanceof HttpError) && isOutOfSpace(error)) {
    console.error('[server] out of space:', error instanceof Error ? error.message : String(error));
    return c.json({ message: MESSAGE_OUT_OF_SPACE } satisfies ApiErrorBody, 507);
  }
  if (!(error instanceof HttpError) && isServiceUnavailable(error)) {
    // The database is down or restarting (issue 41 item 4): the spec's words, and when to try again.
    console.error('[server] a service does not answer:', error instanceof Error ? error.message || error.name : String(error));
    c.header('Retry-After', '5');
    return c.json({ message: MESSAGE_UNAVAILABLE } satisfies ApiErrorBody, 503);
  }
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    const body: ApiErrorBody = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    return c.json(body, error.status as ContentfulStatusCode);
  }
  console.error('[server] unexpected error', error);
  return c.json({ message: MESSAGE_UNEXPECTED } satisfies ApiErrorBody, 500);
}
