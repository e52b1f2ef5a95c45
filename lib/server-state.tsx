import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createQueryClient } from './query-client.ts';

/** Who is signed in, by customer number: null signed out, undefined while the session loads. */
export type Account = string | null | undefined;

/**
 * The browser's cache of server state (TanStack Query, ADR 208), put in the tree around what reads
 * server state, not by the app's root (ADR 259): a page that reads none (the 404, reset password,
 * contact, the change of password, terms, a shared quote) carries no TanStack Query in its first
 * load. The pages that read server state are drawn inside it (routes/server-state.tsx); a part of a
 * page fetched later that reads it draws it itself (the quote's parts table, ADR 260). One client
 * for the app (the cache outlives a page, so the next page draws what the last one fetched while it
 * asks again); a client already above (another ServerState's, a story's, a test's) is kept.
 * `useAccount`: the hook that answers who is signed in (the session's: lib does not know the session),
 * called only when this draws the app's client.
 */
export function ServerState({ useAccount, children }: { useAccount: () => Account; children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  return outer ? children : <AppServerState useAccount={useAccount}>{children}</AppServerState>;
}

let appClient: QueryClient | undefined;
/** The account the cache's answers were asked for (null: signed out; undefined: none yet), and who follows it. */
let cacheAccount: Account;
const followers = new Set<() => void>();
const follow = (listener: () => void) => (followers.add(listener), () => void followers.delete(listener));
const currentCacheAccount = () => cacheAccount;

/**
 * What one account's screens asked the server is not drawn for the next one: when a signed-in
 * account leaves (log out, session gone, another account), the cache is reset (ADR 208) before what
 * reads it is drawn again. Signing in from a signed-out page keeps what it had (public data). The
 * account is followed while something that reads server state is shown; what is opened after the
 * account changed elsewhere draws nothing until the cache is reset.
 */
function AppServerState({ useAccount, children }: { useAccount: () => Account; children: ReactNode }) {
  const client = (appClient ??= createQueryClient());
  const account = useAccount();
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
