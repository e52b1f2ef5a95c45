import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub user and the addresses on their account (GitHub's `/user/emails`). */
export interface GitHubUser {
  id: number;
  login: string;
  name?: string | null;
  /** The public address of the profile (`/user`'s `email`), which may be none. */
  email?: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

/**
 * A GitHub-shaped OAuth 2.0 server on 127.0.0.1 for tests (GitHub signs in with OAuth 2.0, not
 * OpenID Connect): `/login/oauth/authorize` approves at once as `login`; `/login/oauth/access_token`
 * checks the client, the return address and the PKCE verifier and answers as GitHub does (a bad
 * code is a 200 with `error`); `/api/v3/user` and `/api/v3/user/emails` answer for the token. Point
 * the app at it with `webUrl` = `base` and `apiUrl` = `base/api/v3`.
 */
export async function startGitHubProvider(options: { clientId: string; clientSecret: string; users: Record<string, GitHubUser> }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; user: GitHubUser }>();
  const tokens = new Map<string, GitHubUser>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const user = options.users[url.searchParams.get('login') ?? ''];
      if (url.searchParams.get('client_id') !== options.clientId || !user) return json(400, { error: 'invalid_request' });
      const code = randomBytes(10).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri, user });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        const ok =
          form.get('client_id') === options.clientId &&
          form.get('client_secret') === options.clientSecret &&
          grant !== undefined &&
          grant.redirectUri === form.get('redirect_uri') &&
          (grant.challenge === '' || grant.challenge === challenge);
        if (!ok || !grant) return json(200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        const token = `gho_${randomBytes(12).toString('hex')}`;
        tokens.set(token, grant.user);
        json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (url.pathname === '/api/v3/user') return user ? json(200, { id: user.id, login: user.login, name: user.name ?? null, email: user.email ?? null }) : json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user/emails') return user ? json(200, user.emails.map((e) => ({ ...e, visibility: null }))) : json(401, { message: 'Bad credentials' });
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** What the browser does: follows the authorize URL as `login` and lands on the return page. */
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
