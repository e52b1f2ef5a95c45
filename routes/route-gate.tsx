import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useT } from '#lib/i18n/i18n';
import { isSignedIn, useSession } from '#machines/session-context';
import { RELOAD_REFUSED_PAGE, guardReadsSession, safeRedirect, type RouteDef } from './route-table.ts';
import { previousPath } from './navigation-history.ts';

/**
 * The guards of spec section 2:
 * - a login-only route without a full token goes to /login?redirect=<wanted path>
 *   (this also covers a 401 or an expired token on such a page: the session leaves `authenticated`);
 * - a signed-in visitor opening /login goes back to the wanted or previous path, or /
 *   (a visitor holding only a temporary token is not signed in, so stays);
 * - the balance reload page needs the account record to allow recharge, else back to the balance page, which says why.
 */
export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  // A public page does not wait for the session (ADR 139); the others read it (and suspend while it loads).
  if (!guardReadsSession(route)) return <>{children}</>;
  return <GuardedRoute route={route}>{children}</GuardedRoute>;
}

function GuardedRoute({ route, children }: { route: RouteDef; children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const signedIn = useSession(isSignedIn);
  const user = useSession((s) => s.context.user);
  const userLoading = useSession((s) => s.matches({ authenticated: 'loading' }));
  const t = useT();

  if (route.access === 'login' && !signedIn) {
    const wanted = `${location}${search ? `?${search}` : ''}`;
    return <Redirect to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  if (route.access === 'guest' && signedIn) {
    const redirect = new URLSearchParams(search).get('redirect');
    return <Redirect to={safeRedirect(redirect ?? previousPath(location))} replace />;
  }
  if (route.requires === 'recharge') {
    if (userLoading) return <p role="status" className="p-gutter text-neutral-600">{t('app.checkingAccount')}</p>;
    if (!user?.isRecharge) return <Redirect to={RELOAD_REFUSED_PAGE} replace />;
  }
  return <>{children}</>;
}
