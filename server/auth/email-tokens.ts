import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addSeconds, iso, type Clock } from '../clock.ts';
import type { Database, EmailTokenPurpose } from '../db/schema.ts';

/** How long each emailed link stays valid, in seconds. Deletion: spec section 9 (24 h). */
export const EMAIL_TOKEN_TTL: Record<EmailTokenPurpose, number> = {
  activate: 7 * 24 * 3600,
  reset: 2 * 3600,
  delete: 24 * 3600,
};

const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Single-use keys sent by email; only their hash is stored. */
export class EmailTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** A new key for the purpose; `db` is the transaction of the change it belongs to, when there is one. */
  async create(userId: string, purpose: EmailTokenPurpose, db: Kysely<Database> = this.db): Promise<string> {
    const key = randomBytes(32).toString('base64url');
    const now = this.clock();
    await db
      .insertInto('email_token')
      .values({
        id: randomUUID(),
        user_id: userId,
        purpose,
        token_hash: sha256(key),
        created_at: iso(now),
        expires_at: iso(addSeconds(now, EMAIL_TOKEN_TTL[purpose])),
        used_at: null,
      })
      .execute();
    return key;
  }

  /**
   * What a key can still do, without using it: a page that an emailed link opens may look (mail
   * scanners open links too), and only a person's press of a button consumes the key.
   */
  async inspect(key: string, purpose: EmailTokenPurpose): Promise<{ state: 'valid' | 'used' | 'expired' | 'unknown'; userId?: string; expiresAt?: string }> {
    const row = await this.db
      .selectFrom('email_token')
      .select(['user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', sha256(key))
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) return { state: 'unknown' };
    if (row.used_at) return { state: 'used', userId: row.user_id };
    if (row.expires_at <= iso(this.clock())) return { state: 'expired', userId: row.user_id };
    return { state: 'valid', userId: row.user_id, expiresAt: row.expires_at };
  }

  /**
   * Voids every outstanding key of the account (of the given purposes, or all): after a password
   * reset or change, and when quick login takes over an account that was never activated.
   */
  async voidAll(userId: string, purposes: readonly EmailTokenPurpose[] | undefined, db: Kysely<Database> = this.db): Promise<void> {
    let query = db.updateTable('email_token').set({ used_at: iso(this.clock()) }).where('user_id', '=', userId).where('used_at', 'is', null);
    if (purposes) query = query.where('purpose', 'in', [...purposes]);
    await query.execute();
  }

  /** Marks the key used and answers its user, or undefined when unknown, used or expired. */
  async consume(key: string, purpose: EmailTokenPurpose, db: Kysely<Database> = this.db): Promise<string | undefined> {
    const now = iso(this.clock());
    const row = await db
      .selectFrom('email_token')
      .select(['id', 'user_id'])
      .where('token_hash', '=', sha256(key))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const updated = await db.updateTable('email_token').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return undefined;
    return row.user_id;
  }
}
