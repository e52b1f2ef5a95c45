import type { ReactNode } from 'react';
import { ServerState as Cache } from '#lib/server-state';
import { useSessionAccount } from '#machines/session-context';

/**
 * The cache of server state around a page that reads it (lib/server-state.tsx, ADR 259), for the
 * session's account. A page module that reads server state re-exports this component
 * (`export { ServerState } from '../server-state.tsx'`); routes/app.tsx's `lazyPage` draws the page
 * inside it.
 */
export function ServerState({ children }: { children: ReactNode }) {
  return <Cache useAccount={useSessionAccount}>{children}</Cache>;
}
