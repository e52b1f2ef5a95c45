import { useSyncExternalStore } from 'react';
import type { StaffMe, StaffSession } from '#domain/api/ops';
import { STORAGE_KEYS, browserStorage, createExpiringStorage, memoryBackend, type ExpiringStorage } from '#lib/storage/storage';

/** The tab's own storage (sessionStorage; memory-backed where there is none): the staff token. */
export const tabStorage: ExpiringStorage = createExpiringStorage(browserStorage('sessionStorage') ?? memoryBackend());

/** The console's session: `checking` while a kept token is read back, then signed in (with who) or out. */
export type StaffSessionState = { kind: 'checking' } | { kind: 'signed-out'; expired: boolean } | { kind: 'signed-in'; staff: StaffMe };

type Listener = () => void;

/**
 * The staff member signed in to the console (issue 38, ADR 191): apart from the customer's session
 * (its own token key, in the tab's sessionStorage), so a shop's computer signed in as staff is not
 * a customer's and closing the tab signs out.
 */
export function createStaffSessionStore(initial: StaffSessionState) {
  let state = initial;
  const listeners = new Set<Listener>();
  const set = (next: StaffSessionState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hasToken: () => tabStorage.get(STORAGE_KEYS.staffToken) !== null,
    signedIn(session: StaffSession) {
      tabStorage.set(STORAGE_KEYS.staffToken, session.accessToken, session.expiresIn);
      set({ kind: 'signed-in', staff: session.staff });
    },
    /** A kept token was read back (`ops/me`). */
    resumed(staff: StaffMe) {
      set({ kind: 'signed-in', staff });
    },
    /** Signed out on purpose, or the server refused the token (expired: the console says so). */
    signedOut(expired = state.kind === 'signed-in' || state.kind === 'checking') {
      tabStorage.remove(STORAGE_KEYS.staffToken);
      set({ kind: 'signed-out', expired: expired && state.kind === 'signed-in' });
    },
  };
}

export type StaffSessionStore = ReturnType<typeof createStaffSessionStore>;

export const staffSession: StaffSessionStore = createStaffSessionStore({ kind: 'checking' });

export function useStaffSession(store: StaffSessionStore = staffSession): StaffSessionState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
