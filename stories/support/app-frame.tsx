import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { SessionProvider, type SessionActorRef } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';

const general = { processes: [], limits: { avatarMaxBytes: 2 * 1024 * 1024 }, bankAccounts: [], currencies: [], quickLogin: [] } as unknown as Omit<CommonIndexResponse, 'userInfo'>;

/**
 * A session for stories: signed out, or signed in as `user`; no storage, no network. `signOut` is
 * how revoking the token on the server goes (at once by default; a story of "signing out…" never ends it).
 * `quickLogin`: the quick-login providers the server offers (none by default).
 */
export function storySession(
  user: UserInfo | null = null,
  { signOut = async () => {}, quickLogin = [] }: { signOut?: () => Promise<void>; quickLogin?: CommonIndexResponse['quickLogin'] } = {},
): SessionActorRef {
  return createActor(
    sessionMachine.provide({
      actors: {
        loadGeneral: fromPromise(async (): Promise<CommonIndexResponse> => ({ ...general, quickLogin, userInfo: user })),
        revokeToken: fromPromise(signOut),
      },
    }),
    { input: user ? { token: 'story-token', tokenTtlMs: 3_600_000 } : {} },
  ).start();
}

/** What a feature screen needs around it in a story: a session, a router, and react-aria's link binding. */
export function AppFrame({
  children,
  path = '/',
  session = storySession(),
  wide = false,
  width,
}: {
  children: ReactNode;
  path?: string;
  session?: SessionActorRef;
  /** A page-wide screen (an address book) rather than a form column. */
  wide?: boolean;
  /** The frame's width class, when neither a form's nor `wide`'s. */
  width?: string;
}) {
  const location = memoryLocation({ path });
  return (
    <SessionProvider actor={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RouterProvider navigate={location.navigate}>
          <div className={width ?? (wide ? 'max-w-4xl' : 'max-w-md')}>{children}</div>
        </RouterProvider>
      </Router>
    </SessionProvider>
  );
}
