import { sql, type Kysely } from 'kysely';
import type { MonthlyCouponRun } from '#domain/api/rewards';
import { MONTHLY_COUPON_PERCENT, monthKey, monthStart, nextMonthStart } from '#domain/rules/rewards-rules';
import { iso } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { issueCoupon } from './coupons.ts';

export const MONTHLY_COUPON_JOB = 'monthly-coupons';
const BATCH = 200;

/** The issue key of an account's coupon for a month: unique, so a month's coupon exists once per account. */
export function monthlyCouponKey(userId: string, month: string): string {
  return `monthly:${userId}:${month}`;
}

/** What a monthly coupon is worth for an account: a member (enterprise account) gets the larger one. */
export function monthlyCouponPercent(member: boolean): number {
  return member ? MONTHLY_COUPON_PERCENT.member : MONTHLY_COUPON_PERCENT.standard;
}

/**
 * Spec section 4: coupons are issued on the 1st of each month (ADR 091). Every account that was
 * active before the month began (activated, not deleted, not a channel account) gets one coupon
 * for the month of `now`, good for one order until the month ends.
 *
 * Runs at start and hourly (server/main.ts), and may run in several processes at once: each
 * coupon's issue key (`monthly:<account>:<YYYY-MM>`) is unique, so an account never gets two for a
 * month whoever runs and however often; the run itself is recorded under (job, month), and a month
 * whose run finished is skipped at the cost of one query. A plain function of the database and an
 * instant, so a test or a queue can run it with any clock.
 */
export async function issueMonthlyCoupons(ctx: { db: Kysely<Database>; log?: (line: string) => void }, now: Date): Promise<MonthlyCouponRun> {
  const { db } = ctx;
  const month = monthKey(now);
  const at = iso(now);
  await db
    .insertInto('scheduled_job_run')
    .values({ job: MONTHLY_COUPON_JOB, period: month, started_at: at, finished_at: null, issued: 0 })
    .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
    .execute();
  const run = await db.selectFrom('scheduled_job_run').select(['finished_at']).where('job', '=', MONTHLY_COUPON_JOB).where('period', '=', month).executeTakeFirstOrThrow();
  if (run.finished_at) return { month, issued: 0, alreadyDone: true };

  const began = iso(monthStart(now));
  const expiresAt = iso(nextMonthStart(now));
  let issued = 0;
  for (;;) {
    // Accounts still without this month's coupon (the key's prefix and suffix are parameters; `||` is the same on both databases).
    const due = await db
      .selectFrom('user_account')
      .select(['id', 'member'])
      .where('activated_at', 'is not', null)
      .where('activated_at', '<', began)
      .where('deleted_at', 'is', null)
      .where('is_channel', '=', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('promo_code')
              .select('promo_code.id')
              .where('promo_code.issue_key', '=', sql<string>`${'monthly:'} || ${sql.ref('user_account.id')} || ${`:${month}`}`),
          ),
        ),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (due.length === 0) break;
    for (const account of due) {
      const percent = monthlyCouponPercent(account.member === 1);
      const coupon = await issueCoupon(db, {
        userId: account.id,
        kind: 'monthly',
        percentOff: percent,
        description: `Monthly coupon for ${month}: ${percent}% off one order, until the end of the month`,
        expiresAt,
        issueKey: monthlyCouponKey(account.id, month),
        at,
      });
      if (coupon) issued++;
    }
  }
  await db
    .updateTable('scheduled_job_run')
    .set((eb) => ({ finished_at: at, issued: eb('issued', '+', issued) }))
    .where('job', '=', MONTHLY_COUPON_JOB)
    .where('period', '=', month)
    .execute();
  if (issued > 0) ctx.log?.(`[rewards] issued ${issued} monthly coupon${issued === 1 ? '' : 's'} for ${month}`);
  return { month, issued, alreadyDone: false };
}
