import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { CompiledQuery, InferResult, Kysely } from 'kysely';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Auth } from './auth-context.ts';

const ISSUER = 'manufacture';

/** Tokens whose signature has been checked, kept so that a token is verified once, not on every request (ADR 105). */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** The claims of a token that verified: what `authenticate` reads. */
interface VerifiedClaims {
  sub: string;
  jti: string;
  typ: 'user' | 'temporary';
  /** Seconds since the epoch. */
  exp: number;
}

/** One row: the session, and its user or its temporary subject (left joins: null when missing). */
function sessionQuery(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('auth_session as s')
    .leftJoin('user_account as u', 'u.id', 's.user_id')
    .leftJoin('temporary_subject as t', 't.id', 's.temp_subject_id')
    .select([
      's.kind',
      's.user_id',
      's.temp_subject_id',
      's.expires_at',
      's.revoked_at',
      'u.id as account_id',
      'u.deleted_at',
      'u.activated_at',
      't.id as subject_id',
      't.adopted_by_user_id',
    ])
    .where('s.id', '=', sessionId);
}

type SessionRow = InferResult<ReturnType<typeof sessionQuery>>[number];


export interface IssuedToken {
  token: string;
  expiresIn: number;
  sessionId: string;
}

/**
 * Access tokens: HS256 JWTs whose `jti` names a row of `auth_session`, so a token is valid only
 * while it verifies, has not expired, and its session is not revoked (ADR 020). A `typ` claim tells
 * a full token (`user`) from a temporary one (`temporary`); the temporary token's subject is a
 * `temporary_subject`, never a user.
 */
export class TokenService {
  /**
   * The HMAC key, imported into WebCrypto once. Handed raw bytes, jose imports them again on every
   * sign and verify, which was a tenth of a signed-in request's time (ADR 105).
   */
  private readonly key: Promise<CryptoKey>;
  /** Token → its verified claims, least recently used first. Expiry is checked on every use. */
  private readonly verified = new Map<string, VerifiedClaims>();
  /** The session query, compiled once; each request runs it with its own session id. */
  private readonly compiledSessionQuery: CompiledQuery<SessionRow>;

  constructor(
    private readonly db: Kysely<Database>,
    secret: string,
    private readonly clock: Clock,
    private readonly ttl: { user: number; temporary: number },
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.compiledSessionQuery = sessionQuery(db, '').compile();
  }

  async issueUserToken(userId: string): Promise<IssuedToken> {
    return this.issue('user', userId);
  }

  /** A new anonymous subject and its token. */
  async issueTemporaryToken(): Promise<IssuedToken & { subjectId: string }> {
    const now = this.clock();
    const subjectId = randomUUID();
    await this.db
      .insertInto('temporary_subject')
      .values({ id: subjectId, created_at: iso(now), expires_at: iso(addSeconds(now, this.ttl.temporary)), adopted_by_user_id: null, adopted_at: null })
      .execute();
    return { ...(await this.issue('temporary', subjectId)), subjectId };
  }

  private async issue(kind: 'user' | 'temporary', subject: string): Promise<IssuedToken> {
    const now = this.clock();
    const expiresIn = kind === 'user' ? this.ttl.user : this.ttl.temporary;
    const sessionId = randomUUID();
    await this.db
      .insertInto('auth_session')
      .values({
        id: sessionId,
        kind,
        user_id: kind === 'user' ? subject : null,
        temp_subject_id: kind === 'temporary' ? subject : null,
        created_at: iso(now),
        expires_at: iso(addSeconds(now, expiresIn)),
        revoked_at: null,
      })
      .execute();
    const seconds = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({ typ: kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setJti(sessionId)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + expiresIn)
      .sign(await this.key);
    return { token, expiresIn, sessionId };
  }

  /**
   * What a bearer token proves; never throws. One query reads the session with its user or its
   * temporary subject, so revocation, expiry, deletion and adoption count from the next request on.
   */
  async authenticate(token: string): Promise<Auth> {
    const claims = await this.verify(token);
    if ('rejected' in claims) return { kind: 'anonymous', rejected: claims.rejected };
    const { sub, jti, typ } = claims;
    const { rows } = await this.db.executeQuery<SessionRow>({ ...this.compiledSessionQuery, parameters: [jti] });
    const row = rows[0];
    if (!row || row.kind !== typ) return { kind: 'anonymous', rejected: 'invalid' };
    if (row.revoked_at) return { kind: 'anonymous', rejected: 'revoked' };
    if (row.expires_at <= iso(this.clock())) return { kind: 'anonymous', rejected: 'expired' };
    if (typ === 'user') {
      if (row.user_id !== sub) return { kind: 'anonymous', rejected: 'invalid' };
      if (!row.account_id || row.deleted_at || !row.activated_at) return { kind: 'anonymous', rejected: 'revoked' };
      return { kind: 'user', userId: sub, sessionId: jti };
    }
    if (row.temp_subject_id !== sub) return { kind: 'anonymous', rejected: 'invalid' };
    if (!row.subject_id || row.adopted_by_user_id) return { kind: 'anonymous', rejected: 'revoked' };
    return { kind: 'temporary', subjectId: sub, sessionId: jti };
  }

  /**
   * The token's claims when its signature, issuer and expiry hold. A token seen before is not
   * verified again (it cannot change), but its expiry is checked against the clock every time.
   */
  private async verify(token: string): Promise<VerifiedClaims | { rejected: 'expired' | 'invalid' }> {
    const nowSeconds = Math.floor(this.clock().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (known.exp <= nowSeconds) return { rejected: 'expired' };
      this.verified.set(token, known); // most recently used last
      return known;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: this.clock() }));
    } catch (error) {
      return { rejected: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
    const { sub, jti, typ, exp } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || (typ !== 'user' && typ !== 'temporary') || typeof exp !== 'number') {
      return { rejected: 'invalid' };
    }
    const claims: VerifiedClaims = { sub, jti, typ, exp };
    if (this.verified.size >= VERIFIED_TOKEN_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.updateTable('auth_session').set({ revoked_at: iso(this.clock()) }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  async revokeAllForUser(userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.updateTable('auth_session').set({ revoked_at: iso(this.clock()) }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
