import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import type { CommonIndexResponse } from '#domain/api/common';
import { SessionProvider, type SessionActorRef } from '#machines/session-context';
import { sessionMachine } from '#machines/session-machine';

const general = { processes: [], limits: {}, bankAccounts: [], currencies: [], quickLogin: [] } as unknown as Omit<CommonIndexResponse, 'userInfo'>;

/** A signed-out session for stories: no storage, no network. */
export function storySession(): SessionActorRef {
  return createActor(
    sessionMachine.provide({
      actors: {
        loadGeneral: fromPromise(async (): Promise<CommonIndexResponse> => ({ ...general, userInfo: null })),
        revokeToken: fromPromise(async () => {}),
      },
    }),
    { input: {} },
  ).start();
}

/** What a feature screen needs around it in a story: a session, a router, and react-aria's link binding. */
export function AppFrame({
  children,
  path = '/',
  session = storySession(),
  width = 'max-w-md',
}: {
  children: ReactNode;
  path?: string;
  session?: SessionActorRef;
  /** The frame's width class: a form's (the default) or a wide screen's (`max-w-4xl`). */
  width?: string;
}) {
  const location = memoryLocation({ path });
  return (
    <SessionProvider actor={session}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RouterProvider navigate={location.navigate}>
          <div className={width}>{children}</div>
        </RouterProvider>
      </Router>
    </SessionProvider>
  );
}
