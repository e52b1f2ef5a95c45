import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserInfo } from '#domain/api/account';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startOidcProvider } from '../../../scripts/loopback-oidc-provider.ts';

/**
 * Issue 12 items 1 and 9: the paths by which someone other than the owner kept a way into an
 * account: a password registered before the owner ever signed in, and reset keys that outlived
 * a newer reset or a password change.
 */
const db = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const callback = 'http://127.0.0.1:3000/manufacture/quick-login/acme';

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: 'client-1',
    clientSecret: 'secret-1',
    redirectUris: [callback],
    users: {
      victim: { sub: 'p-victim', email: 'victim@example.com', email_verified: true, name: 'Vic Tim' },
      owner: { sub: 'p-owner', email: 'owner-linked@example.com', email_verified: true, name: 'Own Er' },
    },
  });
  t = await createTestApp({
    oauthProviders: [{ protocol: 'oidc', channel: 'acme', name: 'Acme ID', clientId: 'client-1', clientSecret: 'secret-1', issuer: provider.issuer, scope: 'openid email profile' }],
  });
  expect(`${t.config.publicUrl}/manufacture/quick-login/acme`).toBe(callback);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function quickLogin(login: string) {
  const { body } = await t.call<{ url: string }>(`account/quick/loginUrl?channel=acme&callback=${encodeURIComponent(callback)}`);
  const approved = await provider.authorize(body.url, login);
  return t.call<{ accessToken: string; message?: string }>('account/quick/callback', { body: { channel: 'acme', code: approved.code, state: approved.state, iss: approved.iss } });
}

const login = (email: string, password: string) => t.call<{ accessToken?: string; message?: string }>('account/login', { body: { email, password } });

/** The key of the newest mail to `email` whose subject starts with `subject`. */
async function mailedKey(email: string, subject: string, parameter: string): Promise<string> {
  const mail = (await t.outbox(email)).find((m) => m.subject.startsWith(subject));
  return new URL(mail?.links[0] ?? 'http://x/').searchParams.get(parameter) ?? '';
}

describe(`quick login onto an account nobody activated (${db})`, () => {
  test('the password, profile, referral and quotes registered before are discarded; the attacker cannot log in', async () => {
    // The attacker registers the victim's address with a password of their own, from a visitor
    // session holding a project, with their own referral code, and never activates.
    const attacker = await t.registerUser();
    const referralCode = (await t.call<UserInfo>('account/me', { token: attacker.token })).body.referralCode;
    const { body: temp } = await t.call<{ temporaryToken: string }>('account/temporaryToken', { method: 'POST' });
    const registered = await t.call('account/register', {
      token: temp.temporaryToken,
      body: {
        email: 'victim@example.com',
        password: 'attacker-pass',
        confirmPassword: 'attacker-pass',
        firstName: 'Mal',
        lastName: 'Lory',
        company: 'Planted Ltd',
        referralCode,
        agreeTerms: true,
        ...(await t.captcha()),
      },
    });
    expect(registered.status).toBe(201);
    const activationKey = await mailedKey('victim@example.com', 'Activate', 'activate');
    expect((await login('victim@example.com', 'attacker-pass')).status).toBe(403);

    // The owner signs in with a provider that vouches for the address.
    const owner = await quickLogin('victim');
    expect(owner.status).toBe(200);
    const me = await t.call<UserInfo>('account/me', { token: owner.body.accessToken });
    expect(me.body).toMatchObject({ email: 'victim@example.com', firstName: 'Vic', lastName: 'Tim', company: null, hasPassword: false });

    // The attacker's password no longer opens the account, and the activation link mailed for
    // the attacker's registration is void.
    const refused = await login('victim@example.com', 'attacker-pass');
    expect(refused.status).toBe(422);
    expect(refused.body.accessToken).toBeUndefined();
    expect((await t.call('account/activate', { body: { key: activationKey } })).status).toBe(422);
    const row = await t.database.db.selectFrom('user_account').select(['password_hash', 'referred_by_user_id', 'pending_temp_subject_id']).where('email', '=', 'victim@example.com').executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, referred_by_user_id: null, pending_temp_subject_id: null });
  });

  test('an account its owner activated keeps its password when quick login links to it', async () => {
    const owner = await t.registerUser({ email: 'owner-linked@example.com', password: 'owner-pass1' });
    expect((await quickLogin('owner')).status).toBe(200);
    expect((await login(owner.email, 'owner-pass1')).status).toBe(200);
  });
});

describe(`reset keys (${db})`, () => {
  test('using a newer reset key voids the older ones', async () => {
    const u = await t.registerUser();
    await t.call('account/password/resetSend', { body: { email: u.email } });
    const older = await mailedKey(u.email, 'Reset', 'key');
    await t.call('account/password/resetSend', { body: { email: u.email } });
    const newer = await mailedKey(u.email, 'Reset', 'key');
    expect(newer).not.toBe(older);
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key: newer, password: 'newer-pass1', confirmPassword: 'newer-pass1' } })).status).toBe(200);
    const stale = await t.call<{ message: string }>('account/password/reset', { method: 'PATCH', body: { key: older, password: 'stolen-pass', confirmPassword: 'stolen-pass' } });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toBe('This reset link is invalid or has expired; please request a new one.');
    expect((await login(u.email, 'newer-pass1')).status).toBe(200);
  });

  test('a signed-in password change voids every reset key sent before', async () => {
    const u = await t.registerUser();
    await t.call('account/password/resetSend', { body: { email: u.email } });
    const key = await mailedKey(u.email, 'Reset', 'key');
    const changed = await t.call('account/password/reset', { method: 'PATCH', token: u.token, body: { oldPassword: u.password, password: 'changed-pass1', confirmPassword: 'changed-pass1' } });
    expect(changed.status).toBe(200);
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key, password: 'stolen-pass', confirmPassword: 'stolen-pass' } })).status).toBe(422);
    expect((await login(u.email, 'changed-pass1')).status).toBe(200);
    expect((await login(u.email, 'stolen-pass')).status).toBe(422);
  });

  test('another account’s reset keys stay valid', async () => {
    const a = await t.registerUser();
    const b = await t.registerUser();
    await t.call('account/password/resetSend', { body: { email: b.email } });
    const bKey = await mailedKey(b.email, 'Reset', 'key');
    await t.call('account/password/resetSend', { body: { email: a.email } });
    const aKey = await mailedKey(a.email, 'Reset', 'key');
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key: aKey, password: 'a-new-pass1', confirmPassword: 'a-new-pass1' } })).status).toBe(200);
    expect((await t.call('account/password/reset', { method: 'PATCH', body: { key: bKey, password: 'b-new-pass1', confirmPassword: 'b-new-pass1' } })).status).toBe(200);
  });
});
