import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { QuoteFileStore } from '../quote/file-store.ts';
import { removeExpiredQuoteFiles, settleLostChecks } from '../quote/retention.ts';
import { runScheduledRewards } from '../rewards/scheduled.ts';
import { StoredAnswers } from '../answers/stored-answers.ts';
import { ensureQueue, withQueueLock, type JobQueue } from './job-queue.ts';

/** Work that runs on a schedule (ADR 115): once per period across every process. */
export interface ScheduledTask {
  /** The queue name on PostgreSQL (`scheduled-<name>`) and the name in logs. */
  name: string;
  /** When it runs with the job queue (cron, UTC). */
  cron: string;
  /** How often it runs in a process without the queue (after once at start). */
  intervalMs: number;
  run(): Promise<unknown>;
}

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

export const scheduledQueueName = (task: Pick<ScheduledTask, 'name'>) => `scheduled-${task.name}`;

/**
 * The embedded default (one process): each task once at start, then on its interval. Answers a
 * function that stops the timers.
 */
export function runScheduledInProcess(tasks: readonly ScheduledTask[], log: (line: string) => void): () => void {
  const runOne = (task: ScheduledTask) => void task.run().catch((error: unknown) => log(`[jobs] ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`));
  const timers = tasks.map((task) => {
    runOne(task);
    const timer = setInterval(() => runOne(task), task.intervalMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}

/**
 * With the job queue: pg-boss's schedule creates one job per cron tick however many processes
 * declare it (its cron check holds a lock, and the job is a singleton for the tick), and the
 * queue's `singleton` policy lets only one run at a time. Every process that calls this also
 * takes these jobs, so the work runs wherever a process is free. Answers the worker ids.
 */
export async function scheduleOnQueue(boss: JobQueue, tasks: readonly ScheduledTask[], log: (line: string) => void, pollingIntervalSeconds = 10): Promise<string[]> {
  // Declared under the queue lock (ADR 136): every process starting at once declares the same queues.
  await withQueueLock(boss, async () => {
    for (const task of tasks) {
      const queue = scheduledQueueName(task);
      await ensureQueue(boss, queue, { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 3600 });
      await boss.schedule(queue, task.cron, {}, { tz: 'UTC' });
    }
  });
  const ids: string[] = [];
  for (const task of tasks) {
    const queue = scheduledQueueName(task);
    ids.push(
      await boss.work(queue, { batchSize: 1, pollingIntervalSeconds }, async () => {
        try {
          await task.run();
        } catch (error) {
          log(`[jobs] ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        }
      }),
    );
  }
  return ids;
}
