import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '#domain/api/tools';

/** A failure the client should show as-is (spec section 8: "show the server message"). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export function errorResponse(c: Context, error: unknown): Response {
  if (error instanceof HttpError) {
    const body: ApiErrorBody = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    return c.json(body, error.status);
  }
  console.error('[server] unexpected error', error);
  return c.json({ message: 'Unexpected error, please contact customer service.' } satisfies ApiErrorBody, 500);
}
