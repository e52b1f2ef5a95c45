import { FetchError } from 'ofetch';

/**
 * The error catalogue of spec section 8: what the user reads for a failed call.
 * (401 is handled by the session before a message is needed; it falls to the server's message here.)
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof FetchError)) return 'Unknown error, please reload the page.';
  const serverMessage = typeof error.data?.message === 'string' && error.data.message ? (error.data.message as string) : undefined;
  const status = error.response?.status ?? error.statusCode;
  if (!status) {
    const cause = error.cause as { name?: unknown } | undefined;
    const timedOut = cause?.name === 'TimeoutError' || /TimeoutError/.test(error.message);
    return timedOut ? 'System is busy, please try again later' : 'Unknown network error';
  }
  if (status === 403 || status === 404 || status === 422) return serverMessage ?? 'Error';
  return serverMessage ?? 'Unknown error';
}
