import { describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { AnalysisPool } from '#server/quote/analysis-pool';
import { CUBE_STEP, CUBE_STL } from './quote-test-app.ts';

/** The pool's threads (ADR 041): one started ahead of a job while the upload's bytes arrive. */
describe('AnalysisPool.warm', () => {
  it('starts one thread before the first job, which then runs on it', async () => {
    const pool = new AnalysisPool(2, 60_000);
    try {
      expect(pool.stats.threads).toBe(0);
      pool.warm();
      // An idle thread is there: a second call starts none.
      pool.warm();
      expect(pool.stats).toEqual({ threads: 1, busy: 0, queued: 0, recycled: 0 });
      const [stl, step] = await Promise.all([pool.analyse(CUBE_STL), pool.analyse(CUBE_STEP)]);
      // Two jobs at once: the warm thread took one, the second thread the other.
      expect(pool.stats.threads).toBe(2);
      expect(stl).toMatchObject({ format: 'stl-binary', orderable: true });
      expect(step).toMatchObject({ format: 'step', orderable: true });
      expect(stl.metrics?.volumeMm3).toBeCloseTo(1000, 6);
      expect(step.metrics?.volumeMm3).toBeCloseTo(1000, 3);
      // Full pool: nothing more to start. Small files: no thread was replaced.
      pool.warm();
      expect(pool.stats.threads).toBe(2);
      expect(pool.stats.recycled).toBe(0);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('with compile, answers once the new thread has run the engine on its warm-up part, and the thread then analyses files (ADR 256)', async () => {
    const lines: string[] = [];
    const pool = new AnalysisPool(1, 60_000, (line) => lines.push(line));
    try {
      await pool.warm({ compile: true });
      expect(lines.filter((line) => /^\[quote\] analysis thread warmed up in \d+ ms$/.test(line))).toHaveLength(1);
      // The warm-up's own wait for the thread's exit is gone once it answered: only the pool's listener stays.
      const { worker } = (pool as unknown as { slots: { worker: Worker }[] }).slots[0]!;
      expect(worker.listenerCount('exit')).toBe(1);
      expect(pool.stats).toEqual({ threads: 1, busy: 0, queued: 0, recycled: 0 });
      const stl = await pool.analyse(CUBE_STL);
      expect(stl.metrics?.volumeMm3).toBeCloseTo(1000, 6);
      expect(pool.stats.threads).toBe(1);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('starts nothing once the pool is closed', async () => {
    const pool = new AnalysisPool(1, 60_000);
    await pool.close();
    pool.warm();
    expect(pool.stats.threads).toBe(0);
  });
});

/** A thread that read a large file is replaced by a fresh one once its job is done (ADR 228). */
describe('AnalysisPool recycling after a large file', () => {
  const settled = async (pool: AnalysisPool, want: { threads: number; recycled: number }) => {
    for (let i = 0; i < 600 && (pool.stats.threads !== want.threads || pool.stats.recycled !== want.recycled); i++) await new Promise((r) => setTimeout(r, 50));
    return pool.stats;
  };

  it('ends the thread after a file at or over the size and starts a fresh one, which analyses the next file', async () => {
    // The cube's STL is 684 bytes: at this threshold it counts as a large file.
    const pool = new AnalysisPool(1, 60_000, () => {}, 600);
    try {
      const first = await pool.analyse(CUBE_STL);
      expect(first).toMatchObject({ format: 'stl-binary', orderable: true });
      // The old thread ends, then a fresh one waits for the next upload.
      expect(await settled(pool, { threads: 1, recycled: 1 })).toEqual({ threads: 1, busy: 0, queued: 0, recycled: 1 });
      const second = await pool.analyse(CUBE_STL);
      expect(second.metrics?.volumeMm3).toBeCloseTo(1000, 6);
      expect(await settled(pool, { threads: 1, recycled: 2 })).toMatchObject({ threads: 1, recycled: 2 });
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('keeps the thread after a smaller file, and runs jobs queued behind a large one', async () => {
    const pool = new AnalysisPool(1, 60_000, () => {}, 600);
    const keeping = new AnalysisPool(1, 60_000, () => {}, 10_000);
    try {
      // Two jobs on one thread: the second waits for the first's thread to be replaced.
      const [a, b] = await Promise.all([pool.analyse(CUBE_STL), pool.analyse(CUBE_STL)]);
      expect([a.orderable, b.orderable]).toEqual([true, true]);
      expect((await settled(pool, { threads: 1, recycled: 2 })).recycled).toBe(2);
      await keeping.analyse(CUBE_STL);
      expect(keeping.stats).toEqual({ threads: 1, busy: 0, queued: 0, recycled: 0 });
    } finally {
      await Promise.all([pool.close(), keeping.close()]);
    }
  }, 120_000);
});
