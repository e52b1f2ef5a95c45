import { createContext, startTransition, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/shim/with-selector';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session-machine.ts';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The session actor, or its promise while it loads: the app loads xstate and the session machine in
 * a chunk of its own, beside the page's, so that a page's first render does not wait for them
 * (ADR 139). Stories and tests give the actor itself.
 */
export type SessionSource = SessionActorRef | PromiseLike<SessionActorRef>;

interface SessionValue {
  actor: SessionActorRef | null;
  ready: Promise<SessionActorRef>;
}

const SessionActorContext = createContext<SessionValue | null>(null);

const isActor = (source: SessionSource): source is SessionActorRef => typeof (source as PromiseLike<unknown>).then !== 'function';

/** A promise that says how it settled (the fields React's own tracking uses), so a render can read it without waiting. */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function tracked(source: SessionSource): Promise<SessionActorRef> {
  if (isActor(source)) return Object.assign(Promise.resolve(source), { status: 'fulfilled' as const, value: source });
  const promise: TrackedPromise<SessionActorRef> = Promise.resolve(source);
  if (promise.status) return promise;
  promise.status = 'pending';
  // (The handlers return nothing: returning the promise itself would chain its rejection on.)
  promise.then(
    (value) => {
      Object.assign(promise, { status: 'fulfilled', value });
    },
    // A session that cannot be loaded is the pages' error (their error boundary says so), not an unhandled rejection.
    (reason: unknown) => {
      Object.assign(promise, { status: 'rejected', reason });
    },
  );
  return promise;
}

/** Puts the app's one session actor where every screen can read it and send it events. */
export function SessionProvider({ actor: source, children }: { actor: SessionSource; children: ReactNode }) {
  const [value, setValue] = useState<SessionValue>(() => ({ actor: isActor(source) ? source : null, ready: tracked(source) }));
  useEffect(() => {
    if (value.actor) return;
    let live = true;
    // A transition: every screen reading the session draws again with it, in slices a tap can
    // interrupt, not in one task (total blocking time; the fallbacks drawn meanwhile are the
    // screens' own loading states).
    value.ready.then(
      (actor) => live && startTransition(() => setValue({ actor, ready: value.ready })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value]);
  return <SessionActorContext.Provider value={value}>{children}</SessionActorContext.Provider>;
}

function useSessionValue(): SessionValue {
  const value = useContext(SessionActorContext);
  if (!value) throw new Error('useSessionActor needs a <SessionProvider> above it');
  return value;
}

/**
 * The selected value of the session's snapshot, re-rendering only when it changes: what
 * `@xstate/react`'s `useSelector` does, on the same React store hook. That package is not imported
 * here: its module holds `useActorRef` too, which brings xstate's interpreter into every page's first
 * load (ADR 139).
 */
function useSnapshotSelector<T>(actor: SessionActorRef | null, selector: (snapshot: SessionSnapshot) => T, whileLoading: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const getSnapshot = useCallback(() => actor?.getSnapshot() ?? null, [actor]);
  return useSyncExternalStoreWithSelector(subscribe, getSnapshot, getSnapshot, (snapshot) => (snapshot ? selector(snapshot) : whileLoading));
}

/**
 * The session actor; while it loads, the component suspends (its page shows its loading state).
 * It suspends by throwing the tracked promise, which Suspense retries when it settles, rather than
 * with `use`: `use` must then be called on every later render too, and in React's test `act` a
 * `use` call, even of a settled promise, holds back other suspended work (the lazy pages).
 */
export function useSessionActor(): SessionActorRef {
  const { actor, ready } = useSessionValue();
  if (actor) return actor;
  const settled = ready as TrackedPromise<SessionActorRef>;
  if (settled.status === 'fulfilled') return settled.value!;
  if (settled.status === 'rejected') throw settled.reason;
  throw ready;
}

/** Re-renders only when the selected value changes; suspends while the session loads. */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  // The fallback is never used: `useSessionActor` suspends until there is an actor.
  return useSnapshotSelector(useSessionActor(), selector, undefined as T);
}

/**
 * For what every page shows (the header, the frame's dialogs): `whileLoading` until the session is
 * there, then the selected value; never suspends.
 */
export function useSessionOr<T>(selector: (snapshot: SessionSnapshot) => T, whileLoading: T): T {
  return useSnapshotSelector(useSessionValue().actor, selector, whileLoading);
}

/** Who is signed in, by customer number: null signed out, undefined while the session loads; never suspends. */
export function useSessionAccount(): string | null | undefined {
  return useSessionOr((s) => s.context.user?.customerId ?? null, undefined);
}

/** The session actor once it has loaded, else null; never suspends. */
export function useLoadedSessionActor(): SessionActorRef | null {
  return useSessionValue().actor;
}

/** A full token is held (its user info may still be loading). */
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches('authenticated');
/** The token ran out or the server refused it. */
export const isExpired = (s: SessionSnapshot): boolean => s.matches('expired');
/** Signed out, and a page asked the visitor to sign in (a project's link on /quote). */
export const isSignInAsked = (s: SessionSnapshot): boolean => s.matches('signedOut') && s.context.signInAsked;
/** Still working out who the visitor is (the first answer of common/index). */
export const isStarting = (s: SessionSnapshot): boolean => s.matches({ signedOut: 'loading' }) || s.matches('starting');
/** Only a temporary token: an anonymous visitor's quote session. */
export const isTemporary = (s: SessionSnapshot): boolean => s.matches({ signedOut: 'temporary' });
