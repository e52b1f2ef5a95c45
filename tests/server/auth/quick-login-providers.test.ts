import { describe, expect, test } from 'vitest';
import { readOAuthProviders } from '#server/config';
import { emailVerifiedByClaims } from '#server/accounts/quick-login';

describe('quick-login providers from the environment (ADR 170)', () => {
  test('none configured: none offered', () => {
    expect(readOAuthProviders({})).toEqual([]);
  });

  test('Google, Microsoft and GitHub by their client id and secret alone', () => {
    const env = {
      OAUTH_GOOGLE_CLIENT_ID: 'g-id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      OAUTH_MICROSOFT_CLIENT_ID: 'm-id',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'm-secret',
      OAUTH_GITHUB_CLIENT_ID: 'h-id',
      OAUTH_GITHUB_CLIENT_SECRET: 'h-secret',
    };
    expect(readOAuthProviders(env)).toEqual([
      { channel: 'google', protocol: 'oidc', name: 'Google', clientId: 'g-id', clientSecret: 'g-secret', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
      { channel: 'microsoft', protocol: 'oidc', name: 'Microsoft', clientId: 'm-id', clientSecret: 'm-secret', issuer: 'https://login.microsoftonline.com/common/v2.0', scope: 'openid email profile' },
      { channel: 'github', protocol: 'github', name: 'GitHub', clientId: 'h-id', clientSecret: 'h-secret', webUrl: 'https://github.com', apiUrl: 'https://api.github.com', scope: 'read:user user:email' },
    ]);
    expect(readOAuthProviders({ ...env, OAUTH_MICROSOFT_TENANT: 'organizations' })[1]).toMatchObject({ issuer: 'https://login.microsoftonline.com/organizations/v2.0' });
    expect(readOAuthProviders({ OAUTH_GITHUB_CLIENT_ID: 'h', OAUTH_GITHUB_CLIENT_SECRET: 's', OAUTH_GITHUB_URL: 'https://git.example.com/' })[0]).toMatchObject({
      webUrl: 'https://git.example.com',
      apiUrl: 'https://git.example.com/api/v3',
    });
  });

  test('any OpenID Connect provider by issuer; OAUTH_PROVIDERS sets the order', () => {
    const env = {
      OAUTH_PROVIDERS: 'acme, github',
      OAUTH_ACME_ISSUER: 'https://id.acme.example/realms/main',
      OAUTH_ACME_CLIENT_ID: 'a-id',
      OAUTH_ACME_CLIENT_SECRET: 'a-secret',
      OAUTH_ACME_LABEL: 'Acme ID',
      OAUTH_GOOGLE_CLIENT_ID: 'g-id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      OAUTH_GITHUB_CLIENT_ID: 'h-id',
      OAUTH_GITHUB_CLIENT_SECRET: 'h-secret',
    };
    const providers = readOAuthProviders(env);
    expect(providers.map((p) => p.channel)).toEqual(['acme', 'github', 'google']);
    expect(providers[0]).toEqual({ channel: 'acme', protocol: 'oidc', name: 'Acme ID', clientId: 'a-id', clientSecret: 'a-secret', issuer: 'https://id.acme.example/realms/main', scope: 'openid email profile' });
  });

  test('what is missing or wrong stops the start with a message naming the variable', () => {
    expect(() => readOAuthProviders({ OAUTH_GOOGLE_CLIENT_ID: 'g-id' })).toThrow('Quick login "google" needs OAUTH_GOOGLE_CLIENT_SECRET');
    expect(() => readOAuthProviders({ OAUTH_PROVIDERS: 'acme', OAUTH_ACME_CLIENT_ID: 'a', OAUTH_ACME_CLIENT_SECRET: 's', OAUTH_ACME_LABEL: 'Acme' })).toThrow('needs OAUTH_ACME_ISSUER');
    expect(() => readOAuthProviders({ OAUTH_PROVIDERS: 'acme', OAUTH_ACME_CLIENT_ID: 'a', OAUTH_ACME_CLIENT_SECRET: 's', OAUTH_ACME_ISSUER: 'https://id.example' })).toThrow('needs OAUTH_ACME_LABEL');
    const acme = { OAUTH_PROVIDERS: 'acme', OAUTH_ACME_CLIENT_ID: 'a', OAUTH_ACME_CLIENT_SECRET: 's', OAUTH_ACME_LABEL: 'Acme' };
    expect(() => readOAuthProviders({ ...acme, OAUTH_ACME_ISSUER: 'http://id.example' })).toThrow('OAUTH_ACME_ISSUER must be an https address');
    expect(() => readOAuthProviders({ ...acme, OAUTH_ACME_ISSUER: 'not a url' })).toThrow('OAUTH_ACME_ISSUER is not a web address');
    expect(readOAuthProviders({ ...acme, OAUTH_ACME_ISSUER: 'http://127.0.0.1:4000' })[0]).toMatchObject({ issuer: 'http://127.0.0.1:4000' });
    expect(() => readOAuthProviders({ ...acme, OAUTH_ACME_ISSUER: 'https://id.example', OAUTH_ACME_TOKEN_URL: 'https://id.example/token' })).toThrow(
      'OAUTH_ACME_TOKEN_URL is no longer read: set OAUTH_ACME_ISSUER',
    );
    expect(() => readOAuthProviders({ OAUTH_PROVIDERS: 'Bad_Name!' })).toThrow('bad channel name');
    expect(() => readOAuthProviders({ OAUTH_MICROSOFT_CLIENT_ID: 'm', OAUTH_MICROSOFT_CLIENT_SECRET: 's', OAUTH_MICROSOFT_TENANT: '../x' })).toThrow('OAUTH_MICROSOFT_TENANT');
  });
});

describe('whose email the provider vouches for', () => {
  test('OpenID Connect: email_verified', () => {
    expect(emailVerifiedByClaims('google', { email_verified: true })).toBe(true);
    expect(emailVerifiedByClaims('acme', { email_verified: 'true' })).toBe(true);
    expect(emailVerifiedByClaims('acme', { email_verified: false })).toBe(false);
    expect(emailVerifiedByClaims('acme', {})).toBe(false);
  });

  test('Microsoft: a personal account, or a domain the tenant proved (xms_edov); email_verified is not Microsoft’s word', () => {
    expect(emailVerifiedByClaims('microsoft', { tid: '9188040d-6c67-4c5b-b112-36a304b66dad' })).toBe(true);
    expect(emailVerifiedByClaims('microsoft', { tid: 'a-work-tenant', xms_edov: true })).toBe(true);
    expect(emailVerifiedByClaims('microsoft', { tid: 'a-work-tenant', xms_edov: '1' })).toBe(true);
    expect(emailVerifiedByClaims('microsoft', { tid: 'a-work-tenant' })).toBe(false);
    expect(emailVerifiedByClaims('microsoft', { tid: 'a-work-tenant', email_verified: true })).toBe(false);
  });
});
