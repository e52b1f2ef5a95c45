import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuickLoginChannel, UserInfo } from '#domain/api/account';
import type { ProjectList } from '#domain/api/quote';
import { startOidcProvider } from '../../../scripts/loopback-oidc-provider.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createQuoteTestApp, db, type QuoteTestApp } from '../quote/quote-test-app.ts';

/**
 * Quick login against a real OpenID Connect provider on loopback (oidc-provider; ADRs 022, 170,
 * 171): discovery, PKCE, state, nonce, the signed ID token, RFC 9207's `iss`, the userinfo endpoint.
 */
let t: QuoteTestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const callback = 'http://127.0.0.1:3000/manufacture/quick-login/acme';

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: 'client-1',
    clientSecret: 'secret-1',
    redirectUris: [callback],
    users: {
      newbie: { sub: 'p-100', email: 'Newbie@Example.com', email_verified: true, name: 'New Bie', given_name: 'New', family_name: 'Bie' },
      again: { sub: 'p-150', email: 'again@example.com', email_verified: true, name: 'Ann Again' },
      verified: { sub: 'p-200', email: 'existing@example.com', email_verified: true, name: 'Ex Isting' },
      unverified: { sub: 'p-300', email: 'existing2@example.com', email_verified: false, name: 'Un Verified' },
      unverifiedNew: { sub: 'p-350', email: 'nobody-checked@example.com', email_verified: false, name: 'No Check' },
      linker: { sub: 'p-400', email: 'other-address@example.com', email_verified: true, name: 'Lin Ker' },
      noemail: { sub: 'p-500', name: 'No Mail' },
      visitor: { sub: 'p-600', email: 'visitor@example.com', email_verified: true, name: 'Vis Itor' },
      nonce: { sub: 'p-700', email: 'nonce@example.com', email_verified: true, name: 'Non Ce' },
      denier: { sub: 'p-800', email: 'denier@example.com', email_verified: true, name: 'Den Ier' },
    },
  });
  t = await createQuoteTestApp({
    oauthProviders: [{ protocol: 'oidc', channel: 'acme', name: 'Acme ID', clientId: 'client-1', clientSecret: 'secret-1', issuer: provider.issuer, scope: 'openid email profile' }],
  });
  expect(`${t.config.publicUrl}/manufacture/quick-login/acme`).toBe(callback);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const startUrl = async (token?: string) => (await t.call<{ url: string }>(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`, { token })).body.url;

const finish = (approved: { code: string; state: string; iss: string }, token?: string) =>
  t.call<Record<string, unknown>>('account/quick/callback', { token, body: { channel: 'acme', code: approved.code, state: approved.state, iss: approved.iss } });

/** The whole round: loginUrl, the person at the provider, the return page posting what it got. */
async function quickLogin(login: string, token?: string) {
  const approved = await provider.authorize(await startUrl(token), login);
  expect(approved.landing.href.startsWith(`${callback}?`)).toBe(true);
  return { ...(await finish(approved, token)), approved };
}

const me = async (token: unknown) => (await t.call<UserInfo>('account/me', { token: token as string })).body;
const accountCount = async () => Number((await t.database.db.selectFrom('user_account').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe(`quick login against a real OpenID Connect provider on loopback (${db})`, () => {
  test('list: the configured providers; none configured gives an empty list and 422s', async () => {
    expect((await t.call('account/quick/list')).body).toEqual([{ channel: 'acme', name: 'Acme ID', linked: false }]);
    const bare = await createTestApp();
    try {
      expect((await bare.call('account/quick/list')).body).toEqual([]);
      expect((await bare.call('account/quick/loginUrl?channel=acme&callback=x')).status).toBe(422);
      expect((await bare.call('common/index')).body).toMatchObject({ quickLogin: [] });
    } finally {
      await bare.close();
    }
  });

  test('loginUrl: the discovered authorization endpoint with state, nonce and a PKCE challenge; the callback must be this site', async () => {
    const url = new URL(await startUrl());
    const discovered = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
    expect(`${url.origin}${url.pathname}`).toBe(discovered.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: 'client-1', redirect_uri: callback, scope: 'openid email profile', code_challenge_method: 'S256' });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    for (const bad of ['https://evil.example/steal', `${callback}?next=https://evil.example`, 'x']) {
      expect((await t.call(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(bad)}`)).body).toEqual({
        message: 'The sign-in return address is not a page of this site.',
        errors: { callback: ['The sign-in return address is not a page of this site.'] },
      });
    }
    expect((await t.call('account/quick/loginUrl?channel=nope&callback=x')).body).toEqual({
      message: 'This sign-in method is not available.',
      errors: { channel: ['This sign-in method is not available.'] },
    });
  });

  test('sign up through the provider: an activated account without password, signed in; the same person logs in again', async () => {
    const before = await accountCount();
    const res = await quickLogin('newbie');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ linked: false, expiresIn: t.config.accessTokenTtl });
    expect(res.approved.iss).toBe(provider.issuer);
    const profile = await me(res.body.accessToken);
    expect(profile).toMatchObject({ email: 'newbie@example.com', firstName: 'New', lastName: 'Bie', hasPassword: false, activationEmail: null });
    expect(await accountCount()).toBe(before + 1);
    expect((await t.call<QuickLoginChannel[]>('account/quick/list', { token: res.body.accessToken as string })).body).toEqual([{ channel: 'acme', name: 'Acme ID', linked: true }]);

    const again = await quickLogin('newbie');
    expect(again.status).toBe(200);
    expect((await me(again.body.accessToken)).customerId).toBe(profile.customerId);
    expect(await accountCount()).toBe(before + 1);
    // The only way in cannot be unlinked.
    expect((await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: again.body.accessToken as string, body: { channel: 'acme' } })).body).toEqual({
      message: 'This is your only way to sign in; set a password (Reset Password) before unlinking it.',
    });
  });

  test('a replayed state is refused, whatever code comes with it', async () => {
    const first = await quickLogin('again');
    expect(first.status).toBe(200);
    const expired = { status: 422, body: { message: 'This sign-in attempt has expired; please try again.' } };
    expect(await finish(first.approved)).toEqual(expired);
    // A fresh code from another attempt, sent with the used state.
    const fresh = await provider.authorize(await startUrl(), 'again');
    expect(await finish({ ...fresh, state: first.approved.state })).toEqual(expired);
    // That other attempt is still whole.
    expect((await finish(fresh)).status).toBe(200);
    // A state nobody issued.
    expect(await finish({ ...fresh, state: 'made-up-state' })).toEqual(expired);
  });

  test('a code from another attempt fails its PKCE check; the state is used up', async () => {
    const mine = new URL(await startUrl());
    const theirs = await provider.authorize(await startUrl(), 'again');
    const res = await finish({ ...theirs, state: mine.searchParams.get('state') ?? '' });
    expect(res).toEqual({ status: 502, body: { message: 'Signing in with Acme ID failed; please try again.' } });
    expect((await finish({ ...theirs, state: mine.searchParams.get('state') ?? '' })).status).toBe(422);
  });

  test('an ID token whose nonce is not the attempt’s is refused, and nobody is signed up', async () => {
    const url = new URL(await startUrl());
    url.searchParams.set('nonce', 'nonce-of-another-attempt-0123456789abcdefghij');
    const before = await accountCount();
    const approved = await provider.authorize(url.href, 'nonce');
    expect(approved.code).not.toBe('');
    const res = await finish(approved);
    expect(res).toEqual({ status: 502, body: { message: 'Signing in with Acme ID failed; please try again.' } });
    expect(t.log.filter((line) => line.startsWith('[quick-login] acme:')).at(-1)).toMatch(/"nonce"/);
    expect(await accountCount()).toBe(before);
  });

  test('an `iss` that is not the provider’s (a mix-up) is refused', async () => {
    const approved = await provider.authorize(await startUrl(), 'again');
    expect((await finish({ ...approved, iss: 'https://attacker.example' })).status).toBe(502);
  });

  test('a refused consent or a cancel comes back as access_denied; nothing is created', async () => {
    const before = await accountCount();
    for (const choice of ['deny', 'cancel'] as const) {
      const url = await startUrl();
      const refused = await provider.authorize(url, 'denier', choice);
      expect(refused.landing.searchParams.get('error')).toBe('access_denied');
      expect(refused.landing.searchParams.get('state')).toBe(new URL(url).searchParams.get('state'));
      expect(refused.code).toBe('');
      // Nothing to exchange: the return page says the provider refused, and the server agrees.
      expect((await finish(refused)).status).toBe(422);
    }
    expect(await accountCount()).toBe(before);
    expect(await t.database.db.selectFrom('oauth_identity').select('id').where('email', '=', 'denier@example.com').execute()).toEqual([]);
  });

  test('a verified email of an existing password account links it; an unverified one is refused; a new unverified one too', async () => {
    const existing = await t.registerUser({ email: 'existing@example.com' });
    const res = await quickLogin('verified');
    expect(res.status).toBe(200);
    expect((await me(res.body.accessToken)).email).toBe(existing.email);
    expect((await t.call('account/login', { body: { email: existing.email, password: existing.password } })).status).toBe(200);

    await t.registerUser({ email: 'existing2@example.com' });
    const refused = await quickLogin('unverified');
    expect(refused).toMatchObject({ status: 409, body: { message: 'An account with this email exists; log in with your password, then link Acme ID from your profile.' } });
    expect(await t.database.db.selectFrom('oauth_identity').select('id').where('provider_user_id', '=', 'p-300').execute()).toEqual([]);

    const before = await accountCount();
    const unverifiedNew = await quickLogin('unverifiedNew');
    expect(unverifiedNew).toMatchObject({ status: 422, body: { message: 'Acme ID has not confirmed this email address; please sign up with your email, then link Acme ID from your profile.' } });
    expect(await accountCount()).toBe(before);

    expect(await quickLogin('noemail')).toMatchObject({ status: 422, body: { message: 'Acme ID did not share an email address; please sign up with your email.' } });
  });

  test('signed in, the flow links the provider to the password account; unlinkQuick removes it; another account is refused', async () => {
    const u = await t.registerUser();
    const linked = await quickLogin('linker', u.token);
    expect(linked).toMatchObject({ status: 200, body: { linked: true } });
    expect((await t.call<QuickLoginChannel[]>('account/quick/list', { token: u.token })).body).toEqual([{ channel: 'acme', name: 'Acme ID', linked: true }]);
    // The provider's account (another address) now signs in to u.
    const viaProvider = await quickLogin('linker');
    expect((await me(viaProvider.body.accessToken)).email).toBe(u.email);
    // Another user can neither link the same provider account nor unlink it from u.
    const other = await t.registerUser();
    expect(await quickLogin('linker', other.token)).toMatchObject({ status: 409, body: { message: 'This Acme ID account is already linked to another account.' } });
    expect(await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: other.token, body: { channel: 'acme' } })).toEqual({
      status: 404,
      body: { message: 'This sign-in method is not linked to your account.' },
    });
    expect((await t.call('account/quick/unlinkQuick', { method: 'PATCH', body: { channel: 'acme' } })).status).toBe(401);
    expect((await t.call<QuickLoginChannel[]>('account/quick/list', { token: u.token })).body[0]?.linked).toBe(true);

    expect(await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: u.token, body: { channel: 'acme' } })).toEqual({ status: 200, body: { ok: true } });
    expect((await t.call<QuickLoginChannel[]>('account/quick/list', { token: u.token })).body[0]?.linked).toBe(false);
    expect((await t.call('account/quick/unlinkQuick', { method: 'PATCH', token: u.token, body: { channel: 'acme' } })).status).toBe(404);
    // Unlinked, the provider's account no longer signs in to u: its address is new, so it makes an account of its own.
    const after = await quickLogin('linker');
    expect((await me(after.body.accessToken)).email).toBe('other-address@example.com');
  });

  test('a visitor’s temporary work is adopted after a quick login, as after a password login', async () => {
    const temp = await t.temporaryToken();
    const project = await t.project(temp, 'Before quick login');
    const res = await quickLogin('visitor', temp);
    expect(res.status).toBe(200);
    const list = await t.ms<ProjectList>('project/list', { token: res.body.accessToken as string });
    expect(list.body.list.map((p) => p.id)).toEqual([project.id]);
    // The temporary session has ended.
    expect((await t.ms('project/list', { token: temp })).status).toBe(401);
  });

  test('a code the provider refuses gives 502 with a message', async () => {
    const state = new URL(await startUrl()).searchParams.get('state') ?? '';
    expect(await finish({ code: 'forged', state, iss: provider.issuer })).toEqual({ status: 502, body: { message: 'Signing in with Acme ID failed; please try again.' } });
  });

  test('a provider that cannot be reached: loginUrl answers 502, and is tried again next time', async () => {
    const down = await createTestApp({
      oauthProviders: [{ protocol: 'oidc', channel: 'acme', name: 'Acme ID', clientId: 'c', clientSecret: 's', issuer: 'http://127.0.0.1:9/', scope: 'openid' }],
    });
    try {
      const first = await down.call(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`);
      expect(first).toEqual({ status: 502, body: { message: 'Signing in with Acme ID failed; please try again.' } });
      await down.call(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`);
      expect(down.log.filter((line) => line.includes('discovery failed'))).toHaveLength(2);
    } finally {
      await down.close();
    }
  });
});
