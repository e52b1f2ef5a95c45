import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PromoCodeKind } from '#domain/api/account';
import type { Database } from '../db/schema.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(prefix: string): string {
  return prefix + Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export interface CouponToIssue {
  userId: string;
  kind: Exclude<PromoCodeKind, 'promo'>;
  percentOff: number;
  description: string;
  /** Null: never expires (referral coupons, spec section 9). */
  expiresAt: string | null;
  /** Unique: the same key never issues a second coupon, whoever asks and however often. */
  issueKey: string;
  at: string;
}

const PREFIX: Record<CouponToIssue['kind'], string> = { referral: 'REF', monthly: 'MON' };

/**
 * Issues a coupon the system owes (a referral reward, a monthly coupon) exactly once per issue
 * key. `INSERT … ON CONFLICT DO NOTHING` (no target: the key or, rarely, a random code that
 * clashes), so it never aborts the caller's transaction on PostgreSQL; a clash of codes tries
 * another code. Answers the new coupon's id, or null when the key was already issued.
 */
export async function issueCoupon(db: Kysely<Database>, coupon: CouponToIssue): Promise<{ id: string; code: string } | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = randomUUID();
    const code = randomCode(PREFIX[coupon.kind]);
    const inserted = await db
      .insertInto('promo_code')
      .values({
        id,
        user_id: coupon.userId,
        code,
        kind: coupon.kind,
        description: coupon.description,
        percent_off: coupon.percentOff,
        amount_off_cents: null,
        expires_at: coupon.expiresAt,
        used_at: null,
        created_at: coupon.at,
        issue_key: coupon.issueKey,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id, code };
    const issued = await db.selectFrom('promo_code').select('id').where('issue_key', '=', coupon.issueKey).executeTakeFirst();
    if (issued) return null;
  }
  throw new Error(`Could not find a free coupon code for ${coupon.issueKey}`);
}
