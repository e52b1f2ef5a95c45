// A real OpenID Connect provider on 127.0.0.1 (the `oidc-provider` package, a devDependency), for
// the server tests, the end-to-end tests and `QUICK_LOGIN_DEMO=1 npm start` (ADR 171).
//
// Imported: `startOidcProvider(options)`. Run (`node --import tsx scripts/loopback-oidc-provider.ts`):
// listens on LOOPBACK_OIDC_PORT for the client LOOPBACK_OIDC_CLIENT_ID / _CLIENT_SECRET whose return
// addresses are LOOPBACK_OIDC_REDIRECT_URIS (comma-separated), with a few people to pick and a form
// to sign in as anyone.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider, { type Configuration } from 'oidc-provider';

/** A person at the provider: the claims it releases about them. */
export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The return addresses the client registered (the provider compares them exactly). */
  redirectUris: string[];
  /** People to pick by name, keyed by a login used in tests. */
  users: Record<string, OidcUser>;
  /** Also a form to sign in as any email address (verified), e.g. a new person in a browser test. */
  anyEmail?: boolean;
  /** The provider's name on its own pages. */
  label?: string;
  port?: number;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/** Someone who typed their address in the form: the same address is the same person. */
function personFor(email: string, name: string): OidcUser {
  const sub = `any-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;
  return { sub, email, email_verified: true, ...(name ? { name } : {}) };
}

/**
 * Discovery, JWKS, signed ID tokens, PKCE required, RFC 9207 `iss` on the return address, the
 * userinfo endpoint: all the package's. Only two pages are ours: who signs in (or cancel), then
 * whether to share name and email with the application (allow or deny).
 */
export async function startOidcProvider(options: OidcProviderOptions) {
  const label = options.label ?? 'Loopback OpenID provider';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** People who signed in through the form, by `sub`. */
  const typed = new Map<string, OidcUser>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: (_ctx, sub) => {
      const user = Object.values(options.users).find((u) => u.sub === sub) ?? typed.get(sub);
      return user ? { accountId: sub, claims: () => ({ ...user }) } : undefined;
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['loopback-oidc-cookie-key'] },
    ttl: { Session: 600, Interaction: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  const html = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"ok":true}');
    }
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|allow|deny|cancel))?$/.exec(url.pathname);
    if (!interaction) return handle(req, res);
    const [, uid, action] = interaction;
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) return html(res, 400, page(label, '<p>This sign-in has expired.</p>'));
      if (action === 'cancel' || action === 'deny') {
        const description = action === 'cancel' ? 'End-User aborted interaction' : 'End-User denied the consent';
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: description }, { mergeWithLastSubmission: false });
      }
      if (action === 'login') {
        const email = (url.searchParams.get('email') ?? '').trim();
        let user = options.users[url.searchParams.get('as') ?? ''];
        if (!user && options.anyEmail && /^[^\s@]+@[^\s@]+$/.test(email)) {
          user = personFor(email, (url.searchParams.get('name') ?? '').trim());
          typed.set(user.sub, user);
        }
        if (!user || details.prompt.name !== 'login') return html(res, 400, page(label, '<p>Unknown person.</p>'));
        return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
      }
      if (action === 'allow') {
        const accountId = details.session?.accountId;
        if (!accountId || details.prompt.name !== 'consent') return html(res, 400, page(label, '<p>Nothing to allow.</p>'));
        const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        if (!grant) return html(res, 400, page(label, '<p>Nothing to allow.</p>'));
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      }
      const base = `/interaction/${uid}`;
      if (details.prompt.name === 'login') {
        const items = Object.entries(options.users)
          .map(([login, user]) => `<li><a href="${base}/login?as=${encodeURIComponent(login)}">Continue as ${escapeHtml(user.name ?? login)}</a></li>`)
          .join('');
        const form = options.anyEmail
          ? `<form method="get" action="${base}/login"><h2>Someone else</h2><p><label>Email <input name="email" type="email" required autocomplete="off"></label></p><p><label>Name <input name="name" autocomplete="off"></label></p><p><button type="submit">Continue</button></p></form>`
          : '';
        return html(res, 200, page(label, `<h2>Choose an account</h2><ul>${items}</ul>${form}<p><a href="${base}/cancel">Cancel</a></p>`));
      }
      const who = details.session?.accountId ? (Object.values(options.users).find((u) => u.sub === details.session?.accountId) ?? typed.get(details.session.accountId)) : undefined;
      return html(
        res,
        200,
        page(
          label,
          `<p>${escapeHtml(who?.name ?? who?.email ?? 'You')}: the application asks for your name and email address.</p><p><a href="${base}/allow">Allow</a></p><p><a href="${base}/deny">Deny</a></p>`,
        ),
      );
    })().catch((error: unknown) => {
      if (!res.headersSent) html(res, 500, page(label, `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`));
    });
  });

  /** What a browser does, for the tests that follow the provider's redirects themselves: cookies kept, links clicked by their text. */
  const follow = async (start: string, clicks: string[], stopAt: string): Promise<URL> => {
    const jar = new Map<string, string>();
    let next = new URL(start);
    const queue = [...clicks];
    for (let hop = 0; hop < 20; hop++) {
      if (next.href.startsWith(stopAt)) return next;
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next);
        continue;
      }
      const body = await res.text();
      const click = queue.shift();
      if (res.status !== 200 || !click) throw new Error(`The provider stopped at ${next.pathname} (${res.status}): ${body.slice(0, 300)}`);
      const link = new RegExp(`<a href="([^"]+)">${click.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a>`).exec(body);
      if (!link?.[1]) throw new Error(`No link "${click}" at ${next.pathname}: ${body.slice(0, 300)}`);
      next = new URL(link[1].replaceAll('&amp;', '&'), next);
    }
    throw new Error('Too many redirects at the provider');
  };

  return {
    issuer,
    provider,
    /**
     * A person signs in at the provider as `login` and allows (or denies, or cancels before signing
     * in); answers where the provider sends the browser back, with what it put on the address.
     */
    async authorize(authorizeUrl: string, login: string, choice: 'allow' | 'deny' | 'cancel' = 'allow'): Promise<{ landing: URL; code: string; state: string; iss: string }> {
      const name = options.users[login]?.name ?? login;
      const clicks = choice === 'cancel' ? ['Cancel'] : [`Continue as ${name}`, choice === 'allow' ? 'Allow' : 'Deny'];
      const redirect = new URL(authorizeUrl).searchParams.get('redirect_uri') ?? '';
      const landing = await follow(authorizeUrl, clicks, redirect);
      return { landing, code: landing.searchParams.get('code') ?? '', state: landing.searchParams.get('state') ?? '', iss: landing.searchParams.get('iss') ?? '' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The people of the end-to-end tests and of `QUICK_LOGIN_DEMO=1 npm start`. */
export const LOOPBACK_PEOPLE: Record<string, OidcUser> = {
  quinn: { sub: 'loopback-quinn', email: 'quinn.quick@example.com', email_verified: true, name: 'Quinn Quick', given_name: 'Quinn', family_name: 'Quick' },
  demo: { sub: 'loopback-demo', email: 'demo@example.com', email_verified: true, name: 'Demo Customer', given_name: 'Demo', family_name: 'Customer' },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.LOOPBACK_OIDC_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('LOOPBACK_OIDC_PORT is not set');
  const provider = await startOidcProvider({
    port,
    clientId: process.env.LOOPBACK_OIDC_CLIENT_ID || 'loopback-client',
    clientSecret: process.env.LOOPBACK_OIDC_CLIENT_SECRET || 'loopback-secret',
    redirectUris: (process.env.LOOPBACK_OIDC_REDIRECT_URIS ?? '').split(',').filter(Boolean),
    users: LOOPBACK_PEOPLE,
    anyEmail: true,
    label: process.env.LOOPBACK_OIDC_LABEL || 'Loopback ID',
  });
  console.log(`[loopback-oidc] OpenID provider at ${provider.issuer}`);
  const stop = () => void provider.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
