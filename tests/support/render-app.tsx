import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { SessionProvider } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';
import { createQueryClient } from '#lib/query-client';
import { AriaRouter } from '#routes/aria-router';

const general = {
  processes: [],
  limits: { avatarMaxBytes: 2 * 1024 * 1024 },
  bankAccounts: [],
  currencies: [],
  quickLogin: [],
} as unknown as Omit<CommonIndexResponse, 'userInfo'>;

/**
 * Renders `ui` at `path` with a session (signed in as `user` when given; `signedIn: false` starts
 * signed out, and `user` is who the server says signed in later), a memory router and react-aria's
 * link binding; `quickLogin`: the providers common/index offers (none by default). Answers the session and where the router went.
 */
export function renderWithApp(
  ui: ReactNode,
  {
    path = '/',
    user = null,
    signedIn = user !== null,
    quickLogin = [],
  }: { path?: string; user?: UserInfo | null; signedIn?: boolean; quickLogin?: CommonIndexResponse['quickLogin'] } = {},
) {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        loadGeneral: fromPromise(async () => ({ ...general, quickLogin, userInfo: user })),
        revokeToken: fromPromise(async () => {}),
      },
    }),
    { input: signedIn ? { token: 'tok', tokenTtlMs: 3_600_000 } : {} },
  ).start();
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <SessionProvider actor={session}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AriaRouter>{ui}</AriaRouter>
        </Router>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { ...result, session, location, queryClient, current: () => location.history.at(-1) };
}
