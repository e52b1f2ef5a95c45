import { createActor, fromPromise } from 'xstate';
import type { CommonIndexResponse } from '#domain/api/common';
import { configureApi, earlyMainApi, mainApi } from '#lib/api/client';
import { STORAGE_KEYS, storage, type ExpiringStorage } from '#lib/storage/storage';
import { sessionMachine } from '#machines/session-machine';

/** Key of the address still waiting for activation (spec section 4: "it is stored"). */
export const ACTIVATION_EMAIL_KEY = 'manufacture.activationEmail';

/**
 * The session machine with this app's effects: tokens in storage, common/index and logout over
 * HTTP, a channel user sent to the site root.
 */
export function createSessionLogic(tokens: ExpiringStorage = storage) {
  return sessionMachine.provide({
    actions: {
      persistToken: ({ context }) => {
        if (context.token) tokens.set(STORAGE_KEYS.token, context.token, Math.floor((context.tokenTtlMs ?? 0) / 1000));
      },
      persistTempToken: ({ context }) => {
        if (context.tempToken) tokens.set(STORAGE_KEYS.tempToken, context.tempToken);
      },
      clearToken: () => tokens.remove(STORAGE_KEYS.token),
      clearTempToken: () => tokens.remove(STORAGE_KEYS.tempToken),
      persistActivationEmail: ({ context }) => {
        try {
          if (context.activationEmail) localStorage.setItem(ACTIVATION_EMAIL_KEY, context.activationEmail);
          else localStorage.removeItem(ACTIVATION_EMAIL_KEY);
        } catch {
          // storage unavailable: the value is still in the session
        }
      },
      // The site root, outside the app: channel accounts do not use the marketplace (spec section 6).
      replaceWithHome: () => window.location.replace('/'),
    },
    actors: {
      // On the checkout's first load its HTML asked already (ADR 227): the answer is taken once.
      loadGeneral: fromPromise(() => earlyMainApi<CommonIndexResponse>('common/index', { quiet: true })),
      revokeToken: fromPromise(async () => {
        await mainApi('account/logout', { quiet: true });
      }),
    },
  });
}

export function readSessionInput(tokens: ExpiringStorage = storage) {
  const ttl = tokens.ttlMs(STORAGE_KEYS.token);
  return {
    token: tokens.get(STORAGE_KEYS.token),
    tokenTtlMs: ttl === Infinity ? null : ttl,
    tempToken: tokens.get(STORAGE_KEYS.tempToken),
  };
}

const createSessionActor = () => createActor(createSessionLogic(), { input: readSessionInput() });
let actor: ReturnType<typeof createSessionActor> | undefined;

/**
 * The app's one session actor (house style: one module-level session actor), made at the first
 * call, not as this chunk is evaluated: making it computes the machine's first state, the longest
 * part of the session's start at a phone's CPU (14–39 ms at 4×), and `routes/main.tsx` gives the
 * chunk's evaluation, the making and the start a task each (ADR 252).
 */
export function sessionActor() {
  actor ??= createSessionActor();
  return actor;
}

configureApi({
  onUnauthorized: () => sessionActor().send({ type: 'api.unauthorized' }),
});

