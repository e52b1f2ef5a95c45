import { describe, expect, test, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { UserInfo } from '#domain/api/account';
import type { CommonIndexResponse } from '#domain/api/common';
import { MAX_TIMER_MS, sessionMachine, type SessionInput } from '#machines/session-machine';

const general: Omit<CommonIndexResponse, 'userInfo'> = {
  processes: [{ id: 22, kind: '3d-printing', name: '3D Printing' }],
  limits: {} as CommonIndexResponse['limits'],
  bankAccounts: [],
  currencies: [],
  quickLogin: [],
};

function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return { email: 'ada@example.com', username: 'ada', customerId: 'C1', activationEmail: null, isChannel: false, ...overrides } as UserInfo;
}

function start(input: SessionInput, userInfo: UserInfo | null | Error = user()) {
  const effects = {
    persistToken: vi.fn(),
    persistTempToken: vi.fn(),
    clearToken: vi.fn(),
    clearTempToken: vi.fn(),
    persistActivationEmail: vi.fn(),
    replaceWithHome: vi.fn(),
  };
  const loadGeneral = vi.fn(async (): Promise<CommonIndexResponse> => {
    if (userInfo instanceof Error) throw userInfo;
    return { ...general, userInfo };
  });
  const revokeToken = vi.fn(async () => {});
  const clock = new SimulatedClock();
  const actor = createActor(
    sessionMachine.provide({
      actions: {
        persistToken: ({ context }) => effects.persistToken(context.token, context.tokenTtlMs),
        persistTempToken: ({ context }) => effects.persistTempToken(context.tempToken),
        clearToken: () => effects.clearToken(),
        clearTempToken: () => effects.clearTempToken(),
        persistActivationEmail: ({ context }) => effects.persistActivationEmail(context.activationEmail),
        replaceWithHome: () => effects.replaceWithHome(),
      },
      actors: { loadGeneral: fromPromise(loadGeneral), revokeToken: fromPromise(revokeToken) },
    }),
    { input, clock },
  );
  actor.start();
  return { actor, effects, loadGeneral, revokeToken, clock };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.matches({ signedOut: 'loading' }) && !s.matches({ authenticated: 'loading' }) && !s.matches('signingOut'));

describe('on load', () => {
  test('no token: anonymous, with the general data loaded', async () => {
    const { actor } = start({});
    const s = await settled(actor);
    expect(s.matches({ signedOut: 'anonymous' })).toBe(true);
    expect(s.context.general?.processes).toHaveLength(1);
  });

  test('only a temporary token: temporary', async () => {
    const { actor } = start({ tempToken: 'tmp' });
    expect((await settled(actor)).matches({ signedOut: 'temporary' })).toBe(true);
  });

  test('a token: authenticated, with the user info from common/index', async () => {
    const { actor } = start({ token: 'tok', tokenTtlMs: 60_000 });
    const s = await settled(actor);
    expect(s.matches({ authenticated: 'ready' })).toBe(true);
    expect(s.context.user?.email).toBe('ada@example.com');
  });

  test('a token whose info comes back empty is stale: cleared, anonymous', async () => {
    const { actor, effects } = start({ token: 'stale', tokenTtlMs: 60_000 }, null);
    const s = await settled(actor);
    expect(s.matches({ signedOut: 'anonymous' })).toBe(true);
    expect(s.context.token).toBeNull();
    expect(effects.clearToken).toHaveBeenCalledOnce();
  });

  test('an activationEmail in the info is stored', async () => {
    const { actor, effects } = start({ token: 'tok', tokenTtlMs: 60_000 }, user({ activationEmail: 'new@example.com' }));
    const s = await settled(actor);
    expect(s.context.activationEmail).toBe('new@example.com');
    expect(effects.persistActivationEmail).toHaveBeenCalledWith('new@example.com');
  });

  test('a channel user has the page replaced with /', async () => {
    const { actor, effects } = start({ token: 'tok', tokenTtlMs: 60_000 }, user({ isChannel: true }));
    await settled(actor);
    expect(effects.replaceWithHome).toHaveBeenCalledOnce();
  });

  test('a failed general call keeps the token (the network may be down, the token fine)', async () => {
    const { actor, effects } = start({ token: 'tok', tokenTtlMs: 60_000 }, new Error('offline'));
    const s = await settled(actor);
    expect(s.matches({ authenticated: 'ready' })).toBe(true);
    expect(s.context.token).toBe('tok');
    expect(effects.clearToken).not.toHaveBeenCalled();
  });

  test('a token with no time left counts as none', async () => {
    const { actor } = start({ token: 'tok', tokenTtlMs: 0 });
    expect((await settled(actor)).matches({ signedOut: 'anonymous' })).toBe(true);
  });
});

describe('signing in and out', () => {
  test('login stores the token with its expiry, ends the temporary session and loads the user', async () => {
    const { actor, effects, loadGeneral } = start({ tempToken: 'tmp' });
    await settled(actor);
    actor.send({ type: 'login.succeeded', accessToken: 'tok', expiresIn: 3600 });
    const s = await settled(actor);
    expect(s.matches({ authenticated: 'ready' })).toBe(true);
    expect(effects.persistToken).toHaveBeenCalledWith('tok', 3_600_000);
    expect(effects.clearTempToken).toHaveBeenCalledOnce();
    expect(s.context.tempToken).toBeNull();
    expect(loadGeneral).toHaveBeenCalledTimes(2);
  });

  test('activation by emailed key signs the user in', async () => {
    const { actor, effects } = start({});
    await settled(actor);
    actor.send({ type: 'activation.succeeded', accessToken: 'act', expiresIn: 600 });
    expect((await settled(actor)).matches({ authenticated: 'ready' })).toBe(true);
    expect(effects.persistToken).toHaveBeenCalledWith('act', 600_000);
  });

  test('logout revokes on the server and clears token and user info', async () => {
    const { actor, effects, revokeToken } = start({ token: 'tok', tokenTtlMs: 60_000 });
    await settled(actor);
    actor.send({ type: 'logout' });
    const s = await settled(actor);
    expect(revokeToken).toHaveBeenCalledWith(expect.objectContaining({ input: { token: 'tok' } }));
    expect(s.matches({ signedOut: 'anonymous' })).toBe(true);
    expect(s.context.user).toBeNull();
    expect(effects.clearToken).toHaveBeenCalledOnce();
  });

  test('logout clears the session even when the server cannot be reached', async () => {
    const { actor, revokeToken } = start({ token: 'tok', tokenTtlMs: 60_000 });
    revokeToken.mockRejectedValueOnce(new Error('offline'));
    await settled(actor);
    actor.send({ type: 'logout' });
    const s = await settled(actor);
    expect(s.matches({ signedOut: 'anonymous' })).toBe(true);
    expect(s.context.token).toBeNull();
  });

  test('a 401 clears token and user info and leaves the session expired', async () => {
    const { actor, effects } = start({ token: 'tok', tokenTtlMs: 60_000 });
    await settled(actor);
    actor.send({ type: 'api.unauthorized' });
    const s = actor.getSnapshot();
    expect(s.matches('expired')).toBe(true);
    expect(s.context.user).toBeNull();
    expect(effects.clearToken).toHaveBeenCalledOnce();
  });

  test('signing in again from expired', async () => {
    const { actor } = start({ token: 'tok', tokenTtlMs: 60_000 });
    await settled(actor);
    actor.send({ type: 'api.unauthorized' });
    actor.send({ type: 'login.succeeded', accessToken: 'new', expiresIn: 60 });
    expect((await settled(actor)).context.token).toBe('new');
  });

  test('leaving the expired state without signing in', async () => {
    const { actor } = start({ token: 'tok', tokenTtlMs: 60_000 });
    await settled(actor);
    actor.send({ type: 'api.unauthorized' });
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().matches({ signedOut: 'anonymous' })).toBe(true);
  });
});

describe('the token expiry', () => {
  test('moves the session to expired when the lifetime runs out', async () => {
    const { actor, clock, effects } = start({ token: 'tok', tokenTtlMs: 5_000 });
    await settled(actor);
    clock.increment(4_999);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
    expect(effects.clearToken).toHaveBeenCalledOnce();
  });

  test('a lifetime longer than a timer can wait is re-armed, not cut short', async () => {
    const { actor, clock } = start({ token: 'tok', tokenTtlMs: MAX_TIMER_MS + 1000 });
    await settled(actor);
    clock.increment(MAX_TIMER_MS);
    await settled(actor);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().matches('expired')).toBe(true);
  });
});

describe('the temporary session', () => {
  test('an issued temporary token is stored and makes the session temporary', async () => {
    const { actor, effects } = start({});
    await settled(actor);
    actor.send({ type: 'temporary.issued', temporaryToken: 'tmp' });
    expect(actor.getSnapshot().matches({ signedOut: 'temporary' })).toBe(true);
    expect(effects.persistTempToken).toHaveBeenCalledWith('tmp');
  });

  test('a refused temporary token is dropped', async () => {
    const { actor, effects } = start({ tempToken: 'tmp' });
    await settled(actor);
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().matches({ signedOut: 'anonymous' })).toBe(true);
    expect(effects.clearTempToken).toHaveBeenCalledOnce();
  });
});

describe('a page asks a signed-out visitor to sign in (a project link on /quote)', () => {
  test('asked while the general data still loads, the ask stands once it has loaded', async () => {
    const { actor } = start({});
    actor.send({ type: 'signIn.required' });
    const s = await settled(actor);
    expect(s.matches({ signedOut: 'anonymous' })).toBe(true);
    expect(s.context.signInAsked).toBe(true);
  });

  test('closing the dialog withdraws the ask; the visitor stays signed out', async () => {
    const { actor } = start({ tempToken: 'tmp' });
    await settled(actor);
    actor.send({ type: 'signIn.required' });
    actor.send({ type: 'signIn.dismissed' });
    expect(actor.getSnapshot().context.signInAsked).toBe(false);
    expect(actor.getSnapshot().matches({ signedOut: 'temporary' })).toBe(true);
  });

  test('signing in answers the ask', async () => {
    const { actor } = start({});
    await settled(actor);
    actor.send({ type: 'signIn.required' });
    actor.send({ type: 'login.succeeded', accessToken: 'tok', expiresIn: 3600 });
    const s = await settled(actor);
    expect(s.matches('authenticated')).toBe(true);
    expect(s.context.signInAsked).toBe(false);
  });

  test('a signed-in customer is never asked (a refused token is the expired session\'s dialog)', async () => {
    const { actor } = start({ token: 'tok', tokenTtlMs: 60_000 });
    await settled(actor);
    actor.send({ type: 'signIn.required' });
    expect(actor.getSnapshot().context.signInAsked).toBe(false);
  });
});

test('user.updated replaces the user info; user.reload asks the server again', async () => {
  const { actor, loadGeneral } = start({ token: 'tok', tokenTtlMs: 60_000 });
  await settled(actor);
  actor.send({ type: 'user.updated', user: user({ username: 'lovelace' }) });
  expect(actor.getSnapshot().context.user?.username).toBe('lovelace');
  actor.send({ type: 'user.reload' });
  await settled(actor);
  expect(loadGeneral).toHaveBeenCalledTimes(2);
});
