import type { Kysely } from 'kysely';
import { StoredAnswers } from '../answers/stored-answers.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { ScheduledTask } from '../jobs/scheduled.ts';
import type { QuoteFileStore } from '../quote/file-store.ts';
import { removeExpiredQuoteFiles, settleLostChecks } from '../quote/retention.ts';
import { runScheduledRewards } from '../rewards/scheduled.ts';

/**
 * The product's scheduled work, each hourly: spec section 9's 3-month retention of quote files
 * (ADR 044), and spec section 4's rewards (ADR 091: coupons on the 1st of each month, monthly tasks
 * settled; each account's coupon is keyed by month, so a second run in a month adds nothing).
 * Another task joins by adding an entry here.
 */
export function productSchedule(deps: { db: Kysely<Database>; files: QuoteFileStore; clock: Clock; log: (line: string) => void }): ScheduledTask[] {
  return [
    {
      name: 'quote-file-retention',
      cron: '17 * * * *',
      intervalMs: 3600 * 1000,
      // With it, the files whose walls and holes were lost with their process (ADR 145).
      run: async () => {
        const now = deps.clock();
        await removeExpiredQuoteFiles({ db: deps.db, files: deps.files, log: deps.log }, now);
        await settleLostChecks(deps.db, now, deps.log);
      },
    },
    {
      name: 'monthly-rewards',
      cron: '7 * * * *',
      intervalMs: 3600 * 1000,
      run: () => runScheduledRewards({ db: deps.db, log: deps.log }, deps.clock()),
    },
    {
      // Answers kept by Idempotency-Key for 24 hours (ADR 174).
      name: 'stored-answers',
      cron: '27 * * * *',
      intervalMs: 3600 * 1000,
      run: () => new StoredAnswers(deps.db, deps.clock).prune(),
    },
  ];
}

