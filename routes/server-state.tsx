import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createQueryClient } from '#lib/query-client';
import { useSessionOr } from '#machines/session-context';

/**
 * The browser's cache of server state (TanStack Query, ADR 208), put in the tree by the pages that
 * read server state, not by the app's root (ADR 259): the app's first load on a page that reads none
 * (the 404, reset password, contact, the change of password, terms, a shared quote) carries no
 * TanStack Query. A page module that reads server state re-exports this component
 * (`export { ServerState } from '../server-state.tsx'`); routes/app.tsx's `lazyPage` draws the page
 * inside it. One client for the app (the cache outlives a page, so the next page draws what the
 * last one fetched while it asks again); a client already above (a story's, a test's) is kept.
 */
export function ServerState({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  return outer ? children : <AppServerState>{children}</AppServerState>;
}

let appClient: QueryClient | undefined;
type Account = string | null | undefined;
/** The account the cache's answers were asked for (null: signed out; undefined: none yet), and who follows it. */
let cacheAccount: Account;
const followers = new Set<() => void>();
const follow = (listener: () => void) => (followers.add(listener), () => void followers.delete(listener));
const currentCacheAccount = () => cacheAccount;

/**
 * What one account's screens asked the server is not drawn for the next one: when a signed-in
 * account leaves (log out, session gone, another account), the cache is reset (ADR 208) before the
 * page is drawn again. Signing in from a signed-out page keeps what it had (public data). The account
 * is followed while a page of server state is shown; one opened after the account changed elsewhere
 * draws nothing until the cache is reset.
 */
function AppServerState({ children }: { children: ReactNode }) {
  const client = (appClient ??= createQueryClient());
  const account: Account = useSessionOr((s) => s.context.user?.customerId ?? null, undefined);
  const cached = useSyncExternalStore(follow, currentCacheAccount, currentCacheAccount);
  const left = account !== undefined && !!cached && cached !== account;
  useEffect(() => {
    if (account === undefined || account === cacheAccount) return;
    if (cacheAccount) void client.resetQueries();
    cacheAccount = account;
    for (const listener of followers) listener();
  }, [client, account]);
  return <QueryClientProvider client={client}>{left ? null : children}</QueryClientProvider>;
}
