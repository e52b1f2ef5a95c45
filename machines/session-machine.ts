import { assign, fromPromise, setup } from 'xstate';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';

/**
 * The visitor's session (spec section 4): anonymous, temporary (a temp token for an anonymous
 * visitor's quote session), authenticated (a full token with an expiry), expired (the token ran
 * out or the server answered 401). Pure: storage, navigation and HTTP arrive as injected actions
 * and actors (`sessionMachine.provide(...)`).
 */

/** setTimeout cannot wait longer than this; a longer token is re-armed when the timer fires. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SessionInput {
  token?: string | null;
  /** Milliseconds the stored token has left (computed by the app from storage at start). */
  tokenTtlMs?: number | null;
  tempToken?: string | null;
}

export type GeneralData = Omit<CommonIndexResponse, 'userInfo'>;

export interface SessionContext {
  token: string | null;
  tokenTtlMs: number | null;
  tempToken: string | null;
  user: UserInfo | null;
  /** An address still waiting for activation, from the account record (spec section 4). */
  activationEmail: string | null;
  general: GeneralData | null;
  /**
   * A page asked this signed-out visitor to sign in (a project's link on /quote answered 401): the
   * sign-in dialog opens, until the visitor signs in or closes it.
   */
  signInAsked: boolean;
}

export type SessionEvent =
  | { type: 'login.succeeded'; accessToken: string; expiresIn: number }
  | { type: 'activation.succeeded'; accessToken: string; expiresIn: number }
  | { type: 'temporary.issued'; temporaryToken: string; expiresIn?: number }
  | { type: 'logout' }
  | { type: 'api.unauthorized' }
  /** A page needs a signed-in visitor for what was asked (a project's link on /quote, spec section 4). */
  | { type: 'signIn.required' }
  /** The visitor closed the sign-in dialog that `signIn.required` opened: carries on signed out. */
  | { type: 'signIn.dismissed' }
  | { type: 'user.updated'; user: UserInfo }
  | { type: 'user.reload' };

function withoutUser(response: CommonIndexResponse): GeneralData {
  const { userInfo: _userInfo, ...general } = response;
  return general;
}

// Signing in also ends the temporary session: the server adopted its data at login (ADR 020).
const SIGN_IN = ['assignToken', 'persistToken', 'dropTemp', 'clearTempToken', 'forgetSignInAsk'] as const;
const FORGET_TOKEN = ['dropToken', 'clearToken'] as const;
const REMEMBER_TEMP = ['assignTemp', 'persistTempToken'] as const;

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    // Effects, provided by the app; they read what to store from the context. The defaults do
    // nothing, so a test provides only the ones it checks.
    /** Store `context.token` with its lifetime (`context.tokenTtlMs`). */
    persistToken: (_: { context: SessionContext }) => {},
    /** Store `context.tempToken`. */
    persistTempToken: (_: { context: SessionContext }) => {},
    clearToken: () => {},
    clearTempToken: () => {},
    /** Store `context.activationEmail` (spec section 4: "If the info has an activationEmail, it is stored"). */
    persistActivationEmail: (_: { context: SessionContext }) => {},
    /** A channel user has the page replaced with / (spec section 4). */
    replaceWithHome: () => {},

    // Changes of the context.
    assignToken: assign(({ event }) =>
      event.type === 'login.succeeded' || event.type === 'activation.succeeded'
        ? { token: event.accessToken, tokenTtlMs: event.expiresIn * 1000, user: null }
        : {},
    ),
    dropToken: assign({ token: null, tokenTtlMs: null, user: null, activationEmail: null }),
    assignTemp: assign(({ event }) => (event.type === 'temporary.issued' ? { tempToken: event.temporaryToken } : {})),
    dropTemp: assign({ tempToken: null }),
    forgetSignInAsk: assign({ signInAsked: false }),
    rearmTokenTimer: assign({ tokenTtlMs: ({ context }) => (context.tokenTtlMs ?? 0) - MAX_TIMER_MS }),
    assignGeneral: assign(({ event }) => {
      const output = (event as { output?: CommonIndexResponse }).output;
      return output
        ? { user: output.userInfo, general: withoutUser(output), activationEmail: output.userInfo?.activationEmail ?? null }
        : {};
    }),
  },
  actors: {
    /** GET common/index: user info (null without a valid token) and general data. */
    loadGeneral: fromPromise<CommonIndexResponse>(async () => {
      throw new Error('loadGeneral is not provided');
    }),
    /** GET account/logout: revokes the token on the server. */
    revokeToken: fromPromise<void, { token: string }>(async () => {}),
  },
  guards: {
    hasToken: ({ context }) => !!context.token && (context.tokenTtlMs ?? 0) > 0,
    hasTempToken: ({ context }) => !!context.tempToken,
    tokenTimerCapped: ({ context }) => (context.tokenTtlMs ?? 0) > MAX_TIMER_MS,
  },
  delays: {
    tokenLifetime: ({ context }) => Math.min(Math.max(context.tokenTtlMs ?? 0, 0), MAX_TIMER_MS),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token ?? null,
    tokenTtlMs: input.tokenTtlMs ?? null,
    tempToken: input.tempToken ?? null,
    user: null,
    activationEmail: null,
    general: null,
    signInAsked: false,
  }),
  initial: 'starting',
  on: {
    'temporary.issued': { actions: REMEMBER_TEMP },
  },
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'authenticated' }, { target: 'signedOut' }],
    },
    signedOut: {
      initial: 'loading',
      on: {
        'login.succeeded': { target: 'authenticated', actions: SIGN_IN },
        'activation.succeeded': { target: 'authenticated', actions: SIGN_IN },
        // Whatever the visitor's state (even while the general data loads): the dialog opens.
        'signIn.required': { actions: assign({ signInAsked: true }) },
        'signIn.dismissed': { actions: 'forgetSignInAsk' },
      },
      states: {
        /** Without a token the general data (processes, limits, bank accounts) still loads. */
        loading: {
          invoke: {
            src: 'loadGeneral',
            onDone: { target: 'check', actions: 'assignGeneral' },
            onError: { target: 'check' },
          },
        },
        check: {
          always: [{ guard: 'hasTempToken', target: 'temporary' }, { target: 'anonymous' }],
        },
        anonymous: {
          on: { 'temporary.issued': { target: 'temporary', actions: REMEMBER_TEMP } },
        },
        temporary: {
          on: {
            // A refused temporary token is dropped; the visitor is anonymous again.
            'api.unauthorized': { target: 'anonymous', actions: ['dropTemp', 'clearTempToken'] },
          },
        },
      },
    },
    authenticated: {
      initial: 'loading',
      after: {
        tokenLifetime: [
          { guard: 'tokenTimerCapped', target: 'authenticated', reenter: true, actions: 'rearmTokenTimer' },
          { target: 'expired', actions: FORGET_TOKEN },
        ],
      },
      on: {
        'user.updated': { actions: assign({ user: ({ event }) => event.user }) },
        'user.reload': { target: '.loading' },
        'login.succeeded': { target: 'authenticated', reenter: true, actions: SIGN_IN },
        'api.unauthorized': { target: 'expired', actions: FORGET_TOKEN },
        logout: { target: 'signingOut' },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadGeneral',
            onDone: [
              {
                // Empty info: the stored token is stale, clear it (spec section 4).
                guard: ({ event }) => !event.output.userInfo,
                target: '#session.signedOut.check',
                actions: [...FORGET_TOKEN, 'assignGeneral'],
              },
              {
                // A channel user has the page replaced with / (spec section 4).
                guard: ({ event }) => !!event.output.userInfo?.isChannel,
                target: 'ready',
                actions: ['assignGeneral', 'persistActivationEmail', 'replaceWithHome'],
              },
              {
                target: 'ready',
                actions: ['assignGeneral', 'persistActivationEmail'],
              },
            ],
            // The network failed: keep the token (it may be fine), the page shows the error.
            onError: { target: 'ready' },
          },
        },
        ready: {},
      },
    },
    signingOut: {
      invoke: {
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'signedOut.check', actions: FORGET_TOKEN },
        // Logging out never fails for the user: the token is forgotten here whatever the server said.
        onError: { target: 'signedOut.check', actions: FORGET_TOKEN },
      },
    },
    /** The token ran out or was refused: the visitor is asked to sign in again. */
    expired: {
      on: {
        'login.succeeded': { target: 'authenticated', actions: SIGN_IN },
        'activation.succeeded': { target: 'authenticated', actions: SIGN_IN },
        logout: { target: 'signedOut.check' },
      },
    },
  },
});
