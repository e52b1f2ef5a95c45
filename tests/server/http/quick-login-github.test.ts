import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserInfo } from '#domain/api/account';
import { startGitHubProvider } from '../helpers/github-provider.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * GitHub signs in with OAuth 2.0, not OpenID Connect (ADR 170): no ID token, no nonce; who signed in
 * is `/user`, and the address comes from `/user/emails`, where GitHub says which ones it verified.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let github: Awaited<ReturnType<typeof startGitHubProvider>>;
const callback = 'http://127.0.0.1:3000/manufacture/quick-login/github';

beforeAll(async () => {
  github = await startGitHubProvider({
    clientId: 'gh-client',
    clientSecret: 'gh-secret',
    users: {
      octo: { id: 1001, login: 'octo', name: 'Octo Cat', email: null, emails: [{ email: 'Octo@Example.com', primary: true, verified: true }] },
      // The public profile address is not verified; a secondary one is.
      mixed: {
        id: 1002,
        login: 'mixed',
        name: 'Mix Ed',
        email: 'mixed-public@example.com',
        emails: [
          { email: 'mixed-public@example.com', primary: true, verified: false },
          { email: 'mixed-work@example.com', primary: false, verified: true },
        ],
      },
      squatter: { id: 1003, login: 'squatter', name: null, email: 'taken@example.com', emails: [{ email: 'taken@example.com', primary: true, verified: false }] },
    },
  });
  t = await createTestApp({
    oauthProviders: [{ protocol: 'github', channel: 'github', name: 'GitHub', clientId: 'gh-client', clientSecret: 'gh-secret', webUrl: github.base, apiUrl: `${github.base}/api/v3`, scope: 'read:user user:email' }],
  });
  expect(`${t.config.publicUrl}/manufacture/quick-login/github`).toBe(callback);
});
afterAll(async () => {
  await t.close();
  await github.close();
});

async function quickLogin(login: string, token?: string) {
  const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=github&callback=${encodeURIComponent(callback)}`, { token });
  const approved = await github.approve(body.url, login);
  return { ...(await t.call<Record<string, unknown>>('account/quick/callback', { token, body: { channel: 'github', code: approved.code, state: approved.state } })), approved, url: new URL(body.url) };
}

describe(`quick login with GitHub (OAuth 2.0 and its REST API) (${db})`, () => {
  test('the authorize address: GitHub’s, with state and PKCE, without nonce', async () => {
    const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=github&callback=${encodeURIComponent(callback)}`);
    const url = new URL(body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.base}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: 'gh-client', redirect_uri: callback, scope: 'read:user user:email', code_challenge_method: 'S256' });
    expect(url.searchParams.has('nonce')).toBe(false);
  });

  test('sign up with the verified primary address; the same GitHub account signs in again', async () => {
    const res = await quickLogin('octo');
    expect(res.status).toBe(200);
    const me = (await t.call<UserInfo>('account/me', { token: res.body.accessToken as string })).body;
    expect(me).toMatchObject({ email: 'octo@example.com', firstName: 'Octo', lastName: 'Cat', hasPassword: false });
    expect(github.requests).toEqual(expect.arrayContaining(['POST /login/oauth/access_token', 'GET /api/v3/user', 'GET /api/v3/user/emails']));
    const again = await quickLogin('octo');
    expect((await t.call<UserInfo>('account/me', { token: again.body.accessToken as string })).body.customerId).toBe(me.customerId);
  });

  test('a verified secondary address is used when the primary one is not verified', async () => {
    const existing = await t.registerUser({ email: 'mixed-work@example.com' });
    const res = await quickLogin('mixed');
    expect(res.status).toBe(200);
    expect((await t.call<UserInfo>('account/me', { token: res.body.accessToken as string })).body.email).toBe(existing.email);
  });

  test('an unverified address of an existing account is refused, and never makes a new one', async () => {
    await t.registerUser({ email: 'taken@example.com' });
    expect(await quickLogin('squatter')).toMatchObject({
      status: 409,
      body: { message: 'An account with this email exists; log in with your password, then link GitHub from your profile.' },
    });
  });

  test('a code GitHub refuses (a 200 with `error`, as GitHub answers) gives 502', async () => {
    const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=github&callback=${encodeURIComponent(callback)}`);
    const state = new URL(body.url).searchParams.get('state');
    expect(await t.call('account/quick/callback', { body: { channel: 'github', code: 'forged', state } })).toEqual({
      status: 502,
      body: { message: 'Signing in with GitHub failed; please try again.' },
    });
  });

  test('signed in, GitHub is linked whatever its address; unlinked after', async () => {
    const u = await t.registerUser();
    await t.database.db.deleteFrom('oauth_identity').where('provider_user_id', '=', '1003').execute();
    expect(await quickLogin('squatter', u.token)).toMatchObject({ status: 200, body: { linked: true } });
    const viaGitHub = await quickLogin('squatter');
    expect((await t.call<UserInfo>('account/me', { token: viaGitHub.body.accessToken as string })).body.email).toBe(u.email);
    expect((await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: u.token, body: { channel: 'github' } })).status).toBe(200);
  });
});
