import { FetchError } from 'ofetch';
import { t } from '../i18n/i18n.tsx';

/**
 * The error catalogue of spec section 8: what the user reads for a failed call.
 * (401 is handled by the session before a message is needed; it falls to the server's message here.)
 * The words come from the message catalogue (lib/i18n), the one place they are written.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof FetchError)) return t('error.reload');
  const serverMessage = typeof error.data?.message === 'string' && error.data.message ? (error.data.message as string) : undefined;
  const status = error.response?.status ?? error.statusCode;
  if (!status) {
    const cause = error.cause as { name?: unknown } | undefined;
    const timedOut = cause?.name === 'TimeoutError' || /TimeoutError/.test(error.message);
    return timedOut ? t('error.timeout') : t('error.network');
  }
  if (status === 403 || status === 404 || status === 422) return serverMessage ?? t('error.generic');
  return serverMessage ?? t('error.unknown');
}
