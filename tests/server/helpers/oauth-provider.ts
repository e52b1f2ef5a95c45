import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A small OAuth 2.0 authorization server on 127.0.0.1 for tests: `/authorize` approves at once as
 * the user named by `login` and redirects with a code (without `login`, it shows a page where a
 * browser picks a user or cancels, which sends `error=access_denied` back); `/token` checks the
 * client, the redirect URI and the PKCE verifier; `/userinfo` answers the user for the access token.
 */
export async function startOAuthProvider(options: { clientId: string; clientSecret: string; users: Record<string, ProviderUser>; port?: number; label?: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; user: ProviderUser }>();
  const tokens = new Map<string, ProviderUser>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/health') return json(200, { ok: true });
    if (url.pathname === '/authorize' && !url.searchParams.has('login') && url.searchParams.get('client_id') === options.clientId) {
      // What a person sees at a provider: who to sign in as, or cancel.
      const as = (login: string) => {
        const next = new URL(url);
        next.searchParams.set('login', login);
        return `${next.pathname}${next.search}`;
      };
      const cancel = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid/');
      cancel.searchParams.set('error', 'access_denied');
      cancel.searchParams.set('state', url.searchParams.get('state') ?? '');
      const items = Object.entries(options.users)
        .map(([login, user]) => `<li><a href="${escapeHtml(as(login))}">Continue as ${escapeHtml(user.name ?? login)}</a></li>`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.label ?? 'Test provider')}</title></head><body><main><h1>${escapeHtml(options.label ?? 'Test provider')}</h1><ul>${items}</ul><p><a href="${escapeHtml(cancel.toString())}">Cancel</a></p></main></body></html>`,
      );
    }
    if (url.pathname === '/authorize') {
      const user = options.users[url.searchParams.get('login') ?? ''];
      if (url.searchParams.get('client_id') !== options.clientId || !user || url.searchParams.get('code_challenge_method') !== 'S256') return json(400, { error: 'invalid_request' });
      const code = randomBytes(8).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri, user });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          form.get('grant_type') !== 'authorization_code' ||
          form.get('client_id') !== options.clientId ||
          form.get('client_secret') !== options.clientSecret ||
          !grant ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.challenge !== challenge
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        const token = randomBytes(12).toString('hex');
        tokens.set(token, grant.user);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? json(200, user) : json(401, { error: 'invalid_token' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** What the browser does: follows the authorize URL and lands on the callback page. */
    async approve(authorizeUrl: string, login: string): Promise<{ code: string; state: string; landing: URL }> {
      const url = new URL(authorizeUrl);
      url.searchParams.set('login', login);
      const res = await fetch(url, { redirect: 'manual' });
      const landing = new URL(res.headers.get('location') ?? 'http://invalid/');
      return { code: landing.searchParams.get('code') ?? '', state: landing.searchParams.get('state') ?? '', landing };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
