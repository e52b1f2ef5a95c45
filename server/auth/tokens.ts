import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Auth } from './auth-context.ts';

const ISSUER = 'manufacture';

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
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Kysely<Database>,
    secret: string,
    private readonly clock: Clock,
    private readonly ttl: { user: number; temporary: number },
  ) {
    this.key = new TextEncoder().encode(secret);
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
      .sign(this.key);
    return { token, expiresIn, sessionId };
  }

  /** What a bearer token proves; never throws. */
  async authenticate(token: string): Promise<Auth> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: this.clock() }));
    } catch (error) {
      return { kind: 'anonymous', rejected: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
    const { sub, jti, typ } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || (typ !== 'user' && typ !== 'temporary')) {
      return { kind: 'anonymous', rejected: 'invalid' };
    }
    const session = await this.db.selectFrom('auth_session').selectAll().where('id', '=', jti).executeTakeFirst();
    if (!session || session.kind !== typ) return { kind: 'anonymous', rejected: 'invalid' };
    if (session.revoked_at) return { kind: 'anonymous', rejected: 'revoked' };
    if (session.expires_at <= iso(this.clock())) return { kind: 'anonymous', rejected: 'expired' };
    if (typ === 'user') {
      if (session.user_id !== sub) return { kind: 'anonymous', rejected: 'invalid' };
      const user = await this.db.selectFrom('user_account').select(['deleted_at', 'activated_at']).where('id', '=', sub).executeTakeFirst();
      if (!user || user.deleted_at || !user.activated_at) return { kind: 'anonymous', rejected: 'revoked' };
      return { kind: 'user', userId: sub, sessionId: jti };
    }
    if (session.temp_subject_id !== sub) return { kind: 'anonymous', rejected: 'invalid' };
    const subject = await this.db.selectFrom('temporary_subject').select('adopted_by_user_id').where('id', '=', sub).executeTakeFirst();
    if (!subject || subject.adopted_by_user_id) return { kind: 'anonymous', rejected: 'revoked' };
    return { kind: 'temporary', subjectId: sub, sessionId: jti };
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db.updateTable('auth_session').set({ revoked_at: iso(this.clock()) }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  async revokeAllForUser(userId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db.updateTable('auth_session').set({ revoked_at: iso(this.clock()) }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
