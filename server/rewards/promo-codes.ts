import type { Kysely, Selectable } from 'kysely';
import type { PromoCode, PromoCodeKind, PromoCodeStatus } from '#domain/api/account';
import type { Page, PageQuery } from '#domain/api/paging';
import { paginate } from '../db/paginate.ts';
import type { Database, PromoCodeTable } from '../db/schema.ts';

/** Active: unused and unexpired at `now`. */
function isActive(row: Pick<Selectable<PromoCodeTable>, 'used_at' | 'expires_at'>, now: string): boolean {
  return row.used_at === null && (row.expires_at === null || row.expires_at > now);
}

export function toPromoCode(row: Selectable<PromoCodeTable>, now: string): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: (row.kind as PromoCodeKind) ?? 'promo',
    description: row.description,
    percentOff: row.percent_off === null ? null : Number(row.percent_off),
    amountOffCents: row.amount_off_cents === null ? null : Number(row.amount_off_cents),
    expiresAt: row.expires_at,
    status: isActive(row, now) ? 'active' : 'inactive',
    usedAt: row.used_at,
    createdAt: row.created_at,
  };
}

/**
 * `GET account/promoCodeList`: the account's coupons and promo codes, newest first; `status` keeps
 * active (unused, unexpired) or inactive ones, `kind` one origin (promotion, referral, monthly).
 */
export async function listPromoCodes(
  db: Kysely<Database>,
  userId: string,
  now: string,
  query: PageQuery & { status?: PromoCodeStatus | undefined; kind?: PromoCodeKind | undefined },
): Promise<Page<PromoCode>> {
  let filtered = db.selectFrom('promo_code').where('user_id', '=', userId);
  if (query.status === 'active') {
    filtered = filtered.where('used_at', 'is', null).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  } else if (query.status === 'inactive') {
    filtered = filtered.where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]));
  }
  if (query.kind) filtered = filtered.where('kind', '=', query.kind);
  return paginate(
    filtered,
    query,
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
    (r) => toPromoCode(r, now),
  );
}
