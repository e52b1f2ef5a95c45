import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import type { LoginResponse, QuickCallbackRequest, QuickCallbackResponse, QuickLoginChannel } from '#domain/api/account';
import { signIn, type AccountDeps } from './accounts.ts';
import { insertUser, normaliseEmail } from './users.ts';
import { addSeconds, iso } from '../clock.ts';
import { HttpError, fieldError } from '../errors.ts';
import type { Auth } from '../auth/auth-context.ts';
import { MICROSOFT_CONSUMER_TENANT, isLoopbackUrl, type GitHubProviderConfig, type OAuthProviderConfig, type ServerConfig } from '../config.ts';

/** What quick login uses (ADR 181): the providers and the public address, outgoing HTTP, and the account flows' sign-in. */
export interface QuickLoginDeps extends Pick<AccountDeps, 'db' | 'clock' | 'tokens' | 'emailTokens' | 'adoption'> {
  config: Pick<ServerConfig, 'oauthProviders' | 'publicUrl'>;
  fetch: typeof fetch;
  log: (line: string) => void;
}

const STATE_TTL_SECONDS = 600;
/** Seconds an outgoing call to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A provider's discovered metadata is used this long before it is read again. */
const DISCOVERY_TTL_MS = 24 * 3600 * 1000;

export const QUICK_LOGIN_MESSAGES = {
  unavailable: 'This sign-in method is not available.',
  foreignCallback: 'The sign-in return address is not a page of this site.',
  expired: 'This sign-in attempt has expired; please try again.',
  notLinked: 'This sign-in method is not linked to your account.',
  onlyWayIn: 'This is your only way to sign in; set a password (Reset Password) before unlinking it.',
  failed: (name: string) => `Signing in with ${name} failed; please try again.`,
  noEmail: (name: string) => `${name} did not share an email address; please sign up with your email.`,
  unverifiedExisting: (name: string) => `An account with this email exists; log in with your password, then link ${name} from your profile.`,
  unverifiedNew: (name: string) => `${name} has not confirmed this email address; please sign up with your email, then link ${name} from your profile.`,
  linkedElsewhere: (name: string) => `This ${name} account is already linked to another account.`,
  otherLinked: (name: string) => `Another ${name} account is already linked; unlink it first.`,
} as const;

/** Who the provider says signed in. `emailVerified`: the provider vouches the person receives mail there. */
export interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function names(claims: Record<string, unknown>): Pick<ProviderProfile, 'firstName' | 'lastName'> {
  const [first, ...rest] = (str(claims.name) ?? '').split(/\s+/);
  return { firstName: str(claims.given_name) ?? (first || null), lastName: str(claims.family_name) ?? (rest.join(' ') || null) };
}

const emailOf = (value: unknown): string | null => {
  const text = str(value);
  return text && text.includes('@') ? normaliseEmail(text) : null;
};

/**
 * Whether the provider vouches for the email (ADR 170). OpenID Connect says so with
 * `email_verified`; Microsoft Entra ID never sends it and lets a tenant's administrator set any
 * address, so there only a personal account's address (the consumers tenant) or one whose domain
 * the tenant proved (`xms_edov`, an optional claim to turn on) counts.
 */
export function emailVerifiedByClaims(channel: string, claims: Record<string, unknown>): boolean {
  const yes = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';
  if (channel === 'microsoft') return claims.tid === MICROSOFT_CONSUMER_TENANT || yes(claims.xms_edov);
  return yes(claims.email_verified);
}

/**
 * Quick (social) login (ADRs 022, 087, 170): the authorization-code flow with PKCE and a
 * single-use state. OpenID Connect providers (Google, Microsoft, any other by issuer URL) are used
 * through `openid-client`: discovery, a nonce, the ID token's signature, issuer, audience, expiry
 * and nonce checked, RFC 9207's `iss`. GitHub is OAuth 2.0 without ID token: who signed in and
 * which address GitHub verified come from its REST API.
 */
export class QuickLogin {
  private readonly clients = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(private readonly ctx: QuickLoginDeps) {}

  provider(channel: string | undefined): OAuthProviderConfig {
    const found = this.ctx.config.oauthProviders.find((p) => p.channel === channel);
    if (!found) throw fieldError('channel', QUICK_LOGIN_MESSAGES.unavailable);
    return found;
  }

  /** The client for a provider: discovered once a day (a failed discovery is tried again next time). */
  private client(p: OAuthProviderConfig): Promise<oidc.Configuration> {
    const cached = this.clients.get(p.channel);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = this.configure(p);
    this.clients.set(p.channel, { at: Date.now(), config });
    config.catch(() => {
      if (this.clients.get(p.channel)?.config === config) this.clients.delete(p.channel);
    });
    return config;
  }

  private async configure(p: OAuthProviderConfig): Promise<oidc.Configuration> {
    const server = new URL(p.protocol === 'oidc' ? p.issuer : p.webUrl);
    const insecure = server.protocol === 'http:' && isLoopbackUrl(server);
    const fetcher: oidc.CustomFetch = (url, options) => this.ctx.fetch(url, options as RequestInit);
    let config: oidc.Configuration;
    if (p.protocol === 'oidc') {
      // client_secret_basic is the default every provider supports, unless its metadata says otherwise.
      const basic = oidc.ClientSecretBasic(p.clientSecret);
      const post = oidc.ClientSecretPost(p.clientSecret);
      const auth: oidc.ClientAuth = (as, client, body, headers) => {
        const methods = as.token_endpoint_auth_methods_supported;
        return (!methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post') ? basic : post)(as, client, body, headers);
      };
      config = await oidc.discovery(server, p.clientId, { client_secret: p.clientSecret }, auth, {
        [oidc.customFetch]: fetcher,
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      });
    } else {
      config = new oidc.Configuration(
        { issuer: p.webUrl, authorization_endpoint: `${p.webUrl}/login/oauth/authorize`, token_endpoint: `${p.webUrl}/login/oauth/access_token` },
        p.clientId,
        { client_secret: p.clientSecret },
        oidc.ClientSecretPost(p.clientSecret),
      );
      config[oidc.customFetch] = fetcher;
      config.timeout = PROVIDER_TIMEOUT_SECONDS;
      if (insecure) oidc.allowInsecureRequests(config);
    }
    return config;
  }

  /** The configured providers, with whether the signed-in user linked each. */
  async channels(auth: Auth): Promise<QuickLoginChannel[]> {
    const linked =
      auth.kind === 'user'
        ? new Set((await this.ctx.db.selectFrom('oauth_identity').select('channel').where('user_id', '=', auth.userId).execute()).map((r) => r.channel))
        : new Set<string>();
    return this.ctx.config.oauthProviders.map((p) => ({ channel: p.channel, name: p.name, linked: linked.has(p.channel) }));
  }

  /** Where to send the browser; a signed-in caller links the provider instead of signing in. */
  async loginUrl(auth: Auth, channel: string, callback: string): Promise<string> {
    const { db, clock, config } = this.ctx;
    const p = this.provider(channel);
    let callbackUrl: URL | undefined;
    try {
      callbackUrl = new URL(callback);
    } catch {
      callbackUrl = undefined;
    }
    if (callbackUrl?.origin !== new URL(config.publicUrl).origin || callbackUrl.search || callbackUrl.hash) throw fieldError('callback', QUICK_LOGIN_MESSAGES.foreignCallback);
    const client = await this.client(p).catch((error: unknown) => {
      this.ctx.log(`[quick-login] ${p.channel}: discovery failed: ${describe(error)}`);
      throw new HttpError(502, QUICK_LOGIN_MESSAGES.failed(p.name));
    });
    const state = oidc.randomState();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = p.protocol === 'oidc' ? oidc.randomNonce() : null;
    const now = clock();
    await db
      .insertInto('oauth_state')
      .values({
        id: state,
        channel: p.channel,
        callback,
        code_verifier: verifier,
        nonce,
        link_user_id: auth.kind === 'user' ? auth.userId : null,
        created_at: iso(now),
        expires_at: iso(addSeconds(now, STATE_TTL_SECONDS)),
        used_at: null,
      })
      .execute();
    const parameters: Record<string, string> = {
      redirect_uri: callback,
      scope: p.scope,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    if (nonce) parameters.nonce = nonce;
    // Google and Microsoft would otherwise sign in whichever of the browser's accounts is current.
    if (p.channel === 'google' || p.channel === 'microsoft') parameters.prompt = 'select_account';
    return oidc.buildAuthorizationUrl(client, parameters).href;
  }

  /** Exchanges the code, then signs in (creating or activating the account) or links the provider. */
  async callback(auth: Auth, body: QuickCallbackRequest): Promise<QuickCallbackResponse> {
    const { ctx } = this;
    const { db, clock } = ctx;
    const p = this.provider(body.channel);
    const now = iso(clock());
    const expired = new HttpError(422, QUICK_LOGIN_MESSAGES.expired);
    if (!body.code || !body.state) throw expired;
    const state = await db
      .selectFrom('oauth_state')
      .selectAll()
      .where('id', '=', body.state)
      .where('channel', '=', p.channel)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!state) throw expired;
    const claimed = await db.updateTable('oauth_state').set({ used_at: now }).where('id', '=', body.state).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw expired;
    if (p.protocol === 'oidc' && !state.nonce) throw expired; // started before the nonce was kept

    const failed = new HttpError(502, QUICK_LOGIN_MESSAGES.failed(p.name));
    let profile: ProviderProfile | undefined;
    try {
      // What the provider put on the return address, as the browser received it.
      const response = new URL(state.callback);
      response.searchParams.set('code', body.code);
      response.searchParams.set('state', body.state);
      if (body.iss) response.searchParams.set('iss', body.iss);
      const client = await this.client(p);
      const tokens = await oidc.authorizationCodeGrant(client, response, {
        pkceCodeVerifier: state.code_verifier,
        expectedState: state.id,
        ...(p.protocol === 'oidc' ? { expectedNonce: state.nonce!, idTokenExpected: true } : {}),
      });
      profile = p.protocol === 'oidc' ? await this.oidcProfile(p.channel, client, tokens) : await this.gitHubProfile(p, tokens.access_token);
    } catch (error) {
      ctx.log(`[quick-login] ${p.channel}: ${describe(error)}`);
      throw failed;
    }
    if (!profile) throw failed;

    const identity = await db.selectFrom('oauth_identity').select(['user_id']).where('channel', '=', p.channel).where('provider_user_id', '=', profile.id).executeTakeFirst();

    if (state.link_user_id) {
      if (identity && identity.user_id !== state.link_user_id) throw new HttpError(409, QUICK_LOGIN_MESSAGES.linkedElsewhere(p.name));
      if (!identity) {
        const other = await db.selectFrom('oauth_identity').select('id').where('user_id', '=', state.link_user_id).where('channel', '=', p.channel).executeTakeFirst();
        if (other) throw new HttpError(409, QUICK_LOGIN_MESSAGES.otherLinked(p.name));
        await db
          .insertInto('oauth_identity')
          .values({ id: randomUUID(), user_id: state.link_user_id, channel: p.channel, provider_user_id: profile.id, email: profile.email, created_at: now })
          .execute();
      }
      return { linked: true };
    }

    let userId: string;
    if (identity) {
      const user = await db.selectFrom('user_account').select(['id']).where('id', '=', identity.user_id).where('deleted_at', 'is', null).executeTakeFirst();
      if (!user) throw failed;
      userId = user.id;
    } else {
      if (!profile.email) throw new HttpError(422, QUICK_LOGIN_MESSAGES.noEmail(p.name));
      const existing = await db.selectFrom('user_account').select(['id', 'activated_at']).where('email', '=', profile.email).executeTakeFirst();
      if (existing) {
        if (!profile.emailVerified) throw new HttpError(409, QUICK_LOGIN_MESSAGES.unverifiedExisting(p.name));
        userId = existing.id;
        if (!existing.activated_at) await this.claimUnactivated(userId, profile, now);
      } else {
        // An account under an address nobody proved would be waiting for its real owner to reset
        // its password, with the provider's account still a way in (ADR 170).
        if (!profile.emailVerified) throw new HttpError(422, QUICK_LOGIN_MESSAGES.unverifiedNew(p.name));
        userId = await insertUser(db, {
          email: profile.email,
          password_hash: null,
          first_name: profile.firstName,
          last_name: profile.lastName,
          activated_at: now,
          created_at: now,
          updated_at: now,
        });
      }
      await db
        .insertInto('oauth_identity')
        .values({ id: randomUUID(), user_id: userId, channel: p.channel, provider_user_id: profile.id, email: profile.email, created_at: now })
        .execute();
    }
    const login: LoginResponse = await signIn(ctx, auth, userId);
    return { ...login, linked: false };
  }

  /** The ID token's claims (checked by openid-client), completed by the userinfo endpoint when there is one. */
  private async oidcProfile(channel: string, client: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderProfile | undefined> {
    const idToken = tokens.claims();
    if (!idToken) return undefined;
    let claims: Record<string, unknown> = { ...idToken };
    if (client.serverMetadata().userinfo_endpoint) {
      // The signed ID token's claims win over the userinfo answer (whose `sub` must match).
      const info = await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub);
      claims = { ...info, ...idToken };
    }
    return { id: idToken.sub, email: emailOf(claims.email), emailVerified: emailVerifiedByClaims(channel, claims), ...names(claims) };
  }

  /** GitHub: the user (`/user`) and the addresses GitHub verified (`/user/emails`, the primary one first). */
  private async gitHubProfile(p: GitHubProviderConfig, accessToken: string): Promise<ProviderProfile | undefined> {
    const get = async (path: string): Promise<unknown> => {
      const res = await this.ctx.fetch(`${p.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'manufacture' },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
      });
      if (!res.ok) throw new Error(`GitHub ${path} answered ${res.status}`);
      return res.json();
    };
    const user = (await get('/user')) as Record<string, unknown>;
    if ((typeof user.id !== 'number' && typeof user.id !== 'string') || String(user.id) === '') return undefined;
    const listed = await get('/user/emails');
    const emails = (Array.isArray(listed) ? listed : []) as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>;
    const verified = emails.find((e) => e.primary === true && e.verified === true) ?? emails.find((e) => e.verified === true && emailOf(e.email));
    const fallback = emails.find((e) => e.primary === true)?.email ?? user.email;
    return {
      id: String(user.id),
      email: emailOf(verified?.email ?? fallback),
      emailVerified: verified !== undefined && emailOf(verified.email) !== null,
      ...names(user),
    };
  }

  /**
   * The provider proved that the caller owns the mailbox of an account nobody ever activated. Who
   * registered it is unknown (issue 12 item 1: an attacker can register someone else's address and
   * wait), so everything set before activation is discarded: the password (and any session made
   * with it), the profile, the referral, the visitor's quotes waiting for adoption and every
   * emailed key. The owner starts with a quick-login account and may set a password by reset.
   */
  private async claimUnactivated(userId: string, profile: ProviderProfile, now: string): Promise<void> {
    const { db, tokens, emailTokens } = this.ctx;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('user_account')
        .set({
          password_hash: null,
          username: null,
          first_name: profile.firstName,
          last_name: profile.lastName,
          phone_code: null,
          phone: null,
          company: null,
          title: null,
          industry: null,
          referred_by_user_id: null,
          pending_temp_subject_id: null,
          activated_at: now,
          updated_at: now,
        })
        .where('id', '=', userId)
        .where('activated_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return; // activated meanwhile by its emailed link: nothing was set before activation
      await tokens.revokeAllForUser(userId, trx);
      await emailTokens.voidAll(userId, undefined, trx);
    });
  }

  /** Unlinks a provider, unless it is the account's only way to sign in. */
  async unlink(userId: string, channel: string): Promise<void> {
    const { db } = this.ctx;
    const identities = await db.selectFrom('oauth_identity').select(['id', 'channel']).where('user_id', '=', userId).execute();
    const target = identities.find((i) => i.channel === channel);
    if (!target) throw new HttpError(404, QUICK_LOGIN_MESSAGES.notLinked);
    const user = await db.selectFrom('user_account').select(['password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (!user.password_hash && identities.length === 1) throw new HttpError(422, QUICK_LOGIN_MESSAGES.onlyWayIn);
    await db.deleteFrom('oauth_identity').where('id', '=', target.id).where('user_id', '=', userId).execute();
  }
}

/** For the log: the library's error code and messages (its own, then its cause's), never a token. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  const head = `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`;
  return cause instanceof Error && cause.message !== error.message ? `${head} (${cause.message})` : head;
}
