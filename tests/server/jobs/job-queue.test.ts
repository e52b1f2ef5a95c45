import { afterEach, describe, expect, it } from 'vitest';
import { QUEUES, startJobQueue, type JobQueue } from '#server/jobs/job-queue';
import { scheduleOnQueue, scheduledQueueName, type ScheduledTask } from '#server/jobs/scheduled';
import { createScratchDatabase } from '../helpers/scratch-database.ts';

/**
 * Processes starting together on an empty database (ADR 135): two API processes of the topology
 * test deadlocked in pg-boss's `create_queue` and one stopped. The queues are now declared under an
 * advisory lock (pg-boss's own start, which declares its cron queue, included); several processes
 * starting at once all start, and every queue exists once. The scheduled tasks' queues likewise.
 */
describe.skipIf(!process.env.DATABASE_URL)('declaring the queues', () => {
  const queues: JobQueue[] = [];
  const drops: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop({ graceful: false, wait: true, close: true });
    for (const drop of drops.splice(0)) await drop();
  });

  it('four processes starting at once on an empty database: all start, each queue declared once', async () => {
    const scratch = await createScratchDatabase();
    if (!scratch) return;
    drops.push(() => scratch.drop());
    const tasks: ScheduledTask[] = ['one', 'two'].map((name) => ({ name: `declare-${name}`, cron: '0 3 * * *', intervalMs: 86_400_000, run: async () => {} }));
    // Each as a process starts: its queue, then (API and worker) the scheduled tasks' queues.
    const started = await Promise.allSettled(
      [0, 1, 2, 3].map(async () => {
        const q = await startJobQueue({ connectionString: scratch.url, analysisExpireSeconds: 60, poolSize: 2 });
        queues.push(q);
        await scheduleOnQueue(q, tasks, () => {}, 60);
        return q;
      }),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);
    const names = (await queues[0]!.getQueues()).map((q) => q.name).filter((n) => !n.startsWith('__pgboss')).sort();
    expect(names).toEqual([QUEUES.analysis, QUEUES.analysisFailed, QUEUES.mail, ...tasks.map(scheduledQueueName)].sort());
    expect((await queues[0]!.getSchedules()).map((s) => s.name).sort()).toEqual(tasks.map(scheduledQueueName).sort());
    expect(await queues[0]!.getQueue(QUEUES.analysis)).toMatchObject({ deadLetter: QUEUES.analysisFailed, retryLimit: 1 });
  }, 120_000);
});
