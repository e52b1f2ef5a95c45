import type { Kysely } from 'kysely';
import { monthStart } from '#domain/rules/rewards-rules';
import type { Database } from '../db/schema.ts';
import { issueMonthlyCoupons } from './monthly-coupons.ts';
import { settleAllMonthlyTasks } from './points.ts';

/**
 * The rewards' scheduled work (server/main.ts runs it at start and hourly): this month's coupons,
 * then the WePoints of tasks done this month and last month (a task done late on the last day is
 * credited by the first run of the next month). Every step is idempotent by its unique keys.
 */
export async function runScheduledRewards(ctx: { db: Kysely<Database>; log?: (line: string) => void }, now: Date): Promise<void> {
  await issueMonthlyCoupons(ctx, now);
  const lastMonth = new Date(monthStart(now).getTime() - 1);
  await settleAllMonthlyTasks(ctx.db, lastMonth, now);
  await settleAllMonthlyTasks(ctx.db, now, now);
}
