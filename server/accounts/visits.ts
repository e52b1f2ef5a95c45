import { randomUUID } from 'node:crypto';
import type { DetainRequest, SemRecordBody } from '#domain/api/tools';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Auth } from '../auth/auth-context.ts';
import { iso, type Clock } from '../clock.ts';
import { assertNoErrors, orNull } from '../errors.ts';

/**
 * The campaign parameters kept from a landing URL (issue 12 item 8): the known utm_* keys only
 * (Google Analytics' five and utm_id), each value at most UTM_VALUE_MAX characters. Anything else
 * the visitor sends is not stored, so one record stays under ~2 kB.
 */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id'] as const;
export const UTM_VALUE_MAX = 256;

const owner = (auth: Auth) => ({
  user_id: auth.kind === 'user' ? auth.userId : null,
  temp_subject_id: auth.kind === 'temporary' ? auth.subjectId : null,
});

/** Where a visitor came from: the utm_* parameters, nested under `query` or at the top level. */
export async function recordSemVisit(ctx: { db: Kysely<Database>; clock: Clock }, auth: Auth, body: SemRecordBody): Promise<void> {
  const source: Record<string, unknown> = { ...body, ...(body.query ?? {}) };
  const utm: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    const known = UTM_KEYS.find((k) => k === key.toLowerCase());
    if (known && typeof value === 'string' && value.trim() !== '') utm[known] = value.trim().slice(0, UTM_VALUE_MAX);
  }
  assertNoErrors({
    browse_url: body.browse_url ? [] : ['browse_url is required.'],
    query: Object.keys(utm).length > 0 ? [] : [`At least one campaign parameter is required (${UTM_KEYS.join(', ')}).`],
  });
  await ctx.db
    .insertInto('sem_record')
    .values({ id: randomUUID(), referer: orNull(body.referer), browse_url: body.browse_url, utm: JSON.stringify(utm), ...owner(auth), created_at: iso(ctx.clock()) })
    .execute();
}

/** The retention dialog's answer; a user's answer also stops the dialog for the account. */
export async function recordDetainAnswer(ctx: { db: Kysely<Database>; clock: Clock }, auth: Auth, body: DetainRequest): Promise<void> {
  const now = iso(ctx.clock());
  await ctx.db.insertInto('detain_answer').values({ id: randomUUID(), option: body.option, reason: orNull(body.reason), ...owner(auth), created_at: now }).execute();
  if (auth.kind === 'user') await ctx.db.updateTable('user_account').set({ detain_popup: 0, updated_at: now }).where('id', '=', auth.userId).execute();
}
