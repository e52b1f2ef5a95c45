import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuickLoginChannel, UserInfo } from '#domain/api/account';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startOAuthProvider } from '../helpers/oauth-provider.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let provider: Awaited<ReturnType<typeof startOAuthProvider>>;

beforeAll(async () => {
  provider = await startOAuthProvider({
    clientId: 'client-1',
    clientSecret: 'secret-1',
    users: {
      newbie: { sub: 'p-100', email: 'Newbie@Example.com', email_verified: true, name: 'New Bie' },
      verified: { sub: 'p-200', email: 'existing@example.com', email_verified: true, name: 'Ex Isting' },
      unverified: { sub: 'p-300', email: 'existing2@example.com', email_verified: false },
      linker: { sub: 'p-400', email: 'other-address@example.com', email_verified: true },
      noemail: { sub: 'p-500' },
    },
  });
  t = await createTestApp({
    oauthProviders: [
      {
        channel: 'acme',
        name: 'Acme ID',
        clientId: 'client-1',
        clientSecret: 'secret-1',
        authorizeUrl: `${provider.base}/authorize`,
        tokenUrl: `${provider.base}/token`,
        userInfoUrl: `${provider.base}/userinfo`,
        scope: 'openid email profile',
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function quickLogin(login: string, token?: string) {
  const callback = `${t.config.publicUrl}/manufacture/login`;
  const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`, { token });
  const approved = await provider.approve(body.url, login);
  expect(approved.landing.toString().startsWith(callback)).toBe(true);
  const res = await t.call<Record<string, unknown>>('account/quick/callback', { token, body: { channel: 'acme', code: approved.code, state: approved.state } });
  return { ...res, approved };
}

describe(`quick login against a loopback OAuth2 provider (${db})`, () => {
  test('list: the configured providers; none configured gives an empty list', async () => {
    expect((await t.call('account/quick/list')).body).toEqual([{ channel: 'acme', name: 'Acme ID', linked: false }]);
    const bare = await createTestApp();
    try {
      expect((await bare.call('account/quick/list')).body).toEqual([]);
      expect((await bare.call('account/quick/loginUrl?channel=acme&callback=x')).status).toBe(422);
    } finally {
      await bare.close();
    }
  });

  test('loginUrl: an authorization-code URL with state and a PKCE challenge; the callback must be this site', async () => {
    const callback = `${t.config.publicUrl}/manufacture/login`;
    const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`);
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.base}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: 'client-1', redirect_uri: callback, code_challenge_method: 'S256' });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const evil = await t.call(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent('https://evil.example/steal')}`);
    expect(evil.status).toBe(422);
    expect((await t.call('account/quick/loginUrl?channel=nope&callback=x')).body).toEqual({
      message: 'This sign-in method is not available.',
      errors: { channel: ['This sign-in method is not available.'] },
    });
  });

  test('a new person: an activated account without password, signed in; the state works once', async () => {
    const res = await quickLogin('newbie');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ linked: false, expiresIn: t.config.accessTokenTtl });
    const me = await t.call<UserInfo>('account/me', { token: res.body.accessToken as string });
    expect(me.body).toMatchObject({ email: 'newbie@example.com', firstName: 'New', lastName: 'Bie', hasPassword: false, activationEmail: null });
    const replay = await t.call('account/quick/callback', { body: { channel: 'acme', code: res.approved.code, state: res.approved.state } });
    expect(replay).toEqual({ status: 422, body: { message: 'This sign-in attempt has expired; please try again.' } });
    // The same provider account signs in to the same user again.
    const again = await quickLogin('newbie');
    expect((await t.call<UserInfo>('account/me', { token: again.body.accessToken as string })).body.customerId).toBe(me.body.customerId);
    // The only sign-in method cannot be unlinked.
    expect((await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: again.body.accessToken as string, body: { channel: 'acme' } })).status).toBe(422);
  });

  test('a verified email of an existing account links it; an unverified one is refused', async () => {
    const existing = await t.registerUser({ email: 'existing@example.com' });
    const res = await quickLogin('verified');
    expect(res.status).toBe(200);
    expect((await t.call<UserInfo>('account/me', { token: res.body.accessToken as string })).body.email).toBe(existing.email);
    await t.registerUser({ email: 'existing2@example.com' });
    const refused = await quickLogin('unverified');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An account with this email exists; log in with your password, then link Acme ID from your profile.');
    const noEmail = await quickLogin('noemail');
    expect(noEmail.status).toBe(422);
  });

  test('signed in, the flow links the provider; unlinkQuick removes it', async () => {
    const u = await t.registerUser();
    const linked = await quickLogin('linker', u.token);
    expect(linked).toMatchObject({ status: 200, body: { linked: true } });
    expect((await t.call<QuickLoginChannel[]>('account/quick/list', { token: u.token })).body).toEqual([{ channel: 'acme', name: 'Acme ID', linked: true }]);
    // The provider account now signs in to u.
    const viaProvider = await quickLogin('linker');
    expect((await t.call<UserInfo>('account/me', { token: viaProvider.body.accessToken as string })).body.email).toBe(u.email);
    // Another user cannot link the same provider account.
    const other = await t.registerUser();
    expect((await quickLogin('linker', other.token)).status).toBe(409);
    expect(await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: u.token, body: { channel: 'acme' } })).toEqual({ status: 200, body: { ok: true } });
    expect((await t.call<QuickLoginChannel[]>('account/quick/list', { token: u.token })).body[0]?.linked).toBe(false);
    expect((await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: u.token, body: { channel: 'acme' } })).status).toBe(404);
  });

  test('a code the provider refuses gives 502 with a message', async () => {
    const callback = `${t.config.publicUrl}/manufacture/login`;
    const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`);
    const state = new URL(body.url).searchParams.get('state');
    const res = await t.call('account/quick/callback', { body: { channel: 'acme', code: 'forged', state } });
    expect(res).toEqual({ status: 502, body: { message: 'Signing in with Acme ID failed; please try again.' } });
  });
});
