import { ensureQueue, withQueueLock, type JobQueue } from './job-queue.ts';

/**
 * Work that runs on a schedule (ADR 115): once per period across every process. What runs is the
 * composition root's list (`productSchedule`, server/composition/schedule.ts); this is how it runs.
 */
export interface ScheduledTask {
  /** The queue name on PostgreSQL (`scheduled-<name>`) and the name in logs. */
  name: string;
  /** When it runs with the job queue (cron, UTC). */
  cron: string;
  /** How often it runs in a process without the queue (after once at start). */
  intervalMs: number;
  run(): Promise<unknown>;
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
