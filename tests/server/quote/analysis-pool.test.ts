import { describe, expect, it } from 'vitest';
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
      expect(pool.stats).toEqual({ threads: 1, busy: 0, queued: 0 });
      const [stl, step] = await Promise.all([pool.analyse(CUBE_STL), pool.analyse(CUBE_STEP)]);
      // Two jobs at once: the warm thread took one, the second thread the other.
      expect(pool.stats.threads).toBe(2);
      expect(stl).toMatchObject({ format: 'stl-binary', orderable: true });
      expect(step).toMatchObject({ format: 'step', orderable: true });
      expect(stl.metrics?.volumeMm3).toBeCloseTo(1000, 6);
      expect(step.metrics?.volumeMm3).toBeCloseTo(1000, 3);
      // Full pool: nothing more to start.
      pool.warm();
      expect(pool.stats.threads).toBe(2);
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
