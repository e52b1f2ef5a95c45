import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session-machine.ts';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const SessionActorContext = createContext<SessionActorRef | null>(null);

/** Puts the app's one session actor where every screen can read it and send it events. */
export function SessionProvider({ actor, children }: { actor: SessionActorRef; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

export function useSessionActor(): SessionActorRef {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor needs a <SessionProvider> above it');
  return actor;
}

/** Re-renders only when the selected value changes. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}

/** A full token is held (its user info may still be loading). */
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches('authenticated');
/** The token ran out or the server refused it. */
export const isExpired = (s: SessionSnapshot): boolean => s.matches('expired');
/** Still working out who the visitor is (the first answer of common/index). */
export const isStarting = (s: SessionSnapshot): boolean => s.matches({ signedOut: 'loading' }) || s.matches('starting');
/** Only a temporary token: an anonymous visitor's quote session. */
export const isTemporary = (s: SessionSnapshot): boolean => s.matches({ signedOut: 'temporary' });
