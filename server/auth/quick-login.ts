import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginResponse, QuickCallbackRequest, QuickCallbackResponse, QuickLoginChannel } from '#domain/api/account';
import { signIn } from '../accounts/accounts.ts';
import { insertUser, normaliseEmail } from '../accounts/users.ts';
import type { AppContext } from '../app-context.ts';
import { addSeconds, iso } from '../clock.ts';
import type { OAuthProviderConfig } from '../config.ts';
import { HttpError, fieldError } from '../errors.ts';
import type { Auth } from './auth-context.ts';

const STATE_TTL_SECONDS = 600;

export const QUICK_LOGIN_MESSAGES = {
  unavailable: 'This sign-in method is not available.',
  foreignCallback: 'The sign-in return address is not a page of this site.',
  expired: 'This sign-in attempt has expired; please try again.',
  notLinked: 'This sign-in method is not linked to your account.',
  onlyWayIn: 'This is your only way to sign in; set a password (Reset Password) before unlinking it.',
} as const;

interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const base64url = (data: Buffer): string => data.toString('base64url');

function profileFrom(raw: Record<string, unknown>): ProviderProfile | undefined {
  const id = raw.sub ?? raw.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return undefined;
  const email = typeof raw.email === 'string' && raw.email.includes('@') ? normaliseEmail(raw.email) : null;
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  const [first, ...rest] = name.split(/\s+/);
  return {
    id: String(id),
    email,
    emailVerified: raw.email_verified === true || raw.email_verified === 'true',
    firstName: typeof raw.given_name === 'string' ? raw.given_name : first || null,
    lastName: typeof raw.family_name === 'string' ? raw.family_name : rest.join(' ') || null,
  };
}

/**
 * Quick (social) login: the OAuth 2.0 authorization-code flow with PKCE against the providers of
 * OAUTH_PROVIDERS (ADR 022). The browser goes to `loginUrl`, the provider sends it back to the
 * app's `callback` page with `code` and `state`, and the page posts them to `quick/callback`.
 */
export class QuickLogin {
  constructor(private readonly ctx: AppContext) {}

  provider(channel: string | undefined): OAuthProviderConfig {
    const found = this.ctx.config.oauthProviders.find((p) => p.channel === channel);
    if (!found) throw fieldError('channel', QUICK_LOGIN_MESSAGES.unavailable);
    return found;
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
    let callbackOrigin: string | undefined;
    try {
      callbackOrigin = new URL(callback).origin;
    } catch {
      callbackOrigin = undefined;
    }
    if (callbackOrigin !== new URL(config.publicUrl).origin) throw fieldError('callback', QUICK_LOGIN_MESSAGES.foreignCallback);
    const state = base64url(randomBytes(24));
    const verifier = base64url(randomBytes(32));
    const now = clock();
    await db
      .insertInto('oauth_state')
      .values({
        id: state,
        channel: p.channel,
        callback,
        code_verifier: verifier,
        link_user_id: auth.kind === 'user' ? auth.userId : null,
        created_at: iso(now),
        expires_at: iso(addSeconds(now, STATE_TTL_SECONDS)),
        used_at: null,
      })
      .execute();
    const url = new URL(p.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', p.clientId);
    url.searchParams.set('redirect_uri', callback);
    url.searchParams.set('scope', p.scope);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', base64url(createHash('sha256').update(verifier).digest()));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
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

    const failed = new HttpError(502, `Signing in with ${p.name} failed; please try again.`);
    let profile: ProviderProfile | undefined;
    try {
      const tokenRes = await ctx.fetch(p.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: body.code,
          redirect_uri: state.callback,
          client_id: p.clientId,
          client_secret: p.clientSecret,
          code_verifier: state.code_verifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const token = (await tokenRes.json()) as { access_token?: unknown };
      if (!tokenRes.ok || typeof token.access_token !== 'string') throw failed;
      const infoRes = await ctx.fetch(p.userInfoUrl, {
        headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json', 'user-agent': 'manufacture' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!infoRes.ok) throw failed;
      profile = profileFrom((await infoRes.json()) as Record<string, unknown>);
    } catch (error) {
      ctx.log(`[quick-login] ${p.channel}: ${error instanceof Error ? error.message : String(error)}`);
      throw failed;
    }
    if (!profile) throw failed;

    const identity = await db.selectFrom('oauth_identity').select(['user_id']).where('channel', '=', p.channel).where('provider_user_id', '=', profile.id).executeTakeFirst();

    if (state.link_user_id) {
      if (identity && identity.user_id !== state.link_user_id) throw new HttpError(409, `This ${p.name} account is already linked to another account.`);
      if (!identity) {
        const other = await db.selectFrom('oauth_identity').select('id').where('user_id', '=', state.link_user_id).where('channel', '=', p.channel).executeTakeFirst();
        if (other) throw new HttpError(409, `Another ${p.name} account is already linked; unlink it first.`);
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
      if (!profile.email) throw new HttpError(422, `${p.name} did not share an email address; please sign up with your email.`);
      const existing = await db.selectFrom('user_account').select(['id', 'activated_at']).where('email', '=', profile.email).executeTakeFirst();
      if (existing) {
        if (!profile.emailVerified) throw new HttpError(409, `An account with this email exists; log in with your password, then link ${p.name} from your profile.`);
        userId = existing.id;
        if (!existing.activated_at) await this.claimUnactivated(userId, profile, now);
      } else {
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
