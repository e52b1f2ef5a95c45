import { previousPath } from './navigation-history.ts';
import { ACCOUNT_HOME, safeRedirect } from './route-table.ts';

/**
 * Where a quick login from Log In or Sign Up comes back to (ADR 172), as a password login does:
 * the `redirect` asked for, else the page the visitor came from (a quote they worked on), else the
 * account's home. Never back to Log In or Sign Up themselves.
 */
export function quickLoginReturn(redirect: string | null, here: string): string {
  if (redirect) return safeRedirect(redirect);
  const previous = previousPath(here);
  return previous && previous !== '/login' && previous !== '/signup' ? safeRedirect(previous) : ACCOUNT_HOME;
}
