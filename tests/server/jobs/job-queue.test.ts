import { afterEach, describe, expect, it } from 'vitest';
import { QUEUES, startJobQueue, type JobQueue } from '#server/jobs/job-queue';
import { createScratchDatabase } from '../helpers/scratch-database.ts';

/**
 * Processes starting together on an empty database (ADR 135): two API processes of the topology
 * test deadlocked in pg-boss's `create_queue` and one stopped. The queues are now declared under an
 * advisory lock; several processes starting at once all start, and every queue exists once.
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
    const started = await Promise.allSettled(
      [0, 1, 2, 3].map(() => startJobQueue({ connectionString: scratch.url, analysisExpireSeconds: 60, poolSize: 2 })),
    );
    for (const s of started) if (s.status === 'fulfilled') queues.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);
    const names = (await queues[0]!.getQueues()).map((q) => q.name).filter((n) => !n.startsWith('__pgboss')).sort();
    expect(names).toEqual([QUEUES.analysis, QUEUES.analysisFailed, QUEUES.mail].sort());
    expect(await queues[0]!.getQueue(QUEUES.analysis)).toMatchObject({ deadLetter: QUEUES.analysisFailed, retryLimit: 1 });
  }, 120_000);
});
