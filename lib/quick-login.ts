import type { QuickLoginUrlResponse } from '#domain/api/account';
import { APP_BASE_PATH } from '#domain/api/bases';
import { mainApi } from './api/client.ts';

/**
 * Quick (social) login from the browser's side (ADR 022): the provider sends the browser back to
 * `/quick-login/<channel>`, a fixed address per provider (providers want the return address
 * registered exactly), and the page to go back to afterwards waits in this tab's session storage.
 */
const RETURN_KEY = 'manufacture.quickLoginReturn';

/** The page of this app the provider returns to. */
export function quickLoginCallbackUrl(channel: string, origin: string = window.location.origin): string {
  return `${origin}${APP_BASE_PATH}quick-login/${encodeURIComponent(channel)}`;
}

/**
 * Asks the server where to send the browser (called signed in, the provider is linked to the
 * account rather than signing in), remembers where to come back to, and goes. Rejects with the
 * server's refusal (e.g. a provider no longer offered).
 */
export async function startQuickLogin(channel: string, returnTo: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const { url } = await mainApi<QuickLoginUrlResponse>('account/quick/loginUrl', { query: { channel, callback: quickLoginCallbackUrl(channel) }, quiet: true });
  try {
    sessionStorage.setItem(RETURN_KEY, returnTo);
  } catch {
    // no storage: the callback page falls back to the account's home
  }
  go(url);
}

/** Where the person wanted to be before the provider's page (read once); only a path of this app. */
export function takeQuickLoginReturn(): string | null {
  let value: string | null = null;
  try {
    value = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    return null;
  }
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}
