import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PartQuote, QuoteFile } from '#domain/api/quote';
import { AnalysisPool } from '#server/quote/analysis-pool';
import { CHECKS_LOST_AFTER_MS, settleLostChecks } from '#server/quote/retention';
import { binaryStl, cup } from '../../domain/support/solids';
import { createQuoteTestApp, db, PRINT_CONFIG, type QuoteTestApp } from './quote-test-app.ts';

/** A cup with 0.6 mm walls: printable, with a thin-wall warning the walls' check finds. */
const THIN_CUP = binaryStl(cup(20, 30, 0.6, 2, 64));
const codes = (file: { findings: readonly { code: string }[] }) => file.findings.map((f) => f.code);

describe('AnalysisPool.analyseDeferred (ADR 145)', () => {
  let dir: string;
  let stl: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deferred-'));
    stl = path.join(dir, 'cup.stl');
    await fs.writeFile(stl, THIN_CUP);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('answers before the walls and holes, keeps the thread for them, then settles them', async () => {
    const pool = new AnalysisPool(1, 60_000);
    try {
      const { outcome, checks } = await pool.analyseDeferred(stl, 0);
      expect(outcome).toMatchObject({ format: 'stl-binary', orderable: true, checks: 'pending' });
      expect(outcome.metrics?.manufacturing?.minWallMm).toBeNull();
      expect(codes(outcome)).not.toContain('thin-wall');
      const done = await checks;
      expect(done?.metrics.manufacturing?.minWallMm).toBeCloseTo(0.6, 2);
      expect(codes(done!)).toContain('thin-wall');
      expect(done?.summary?.warnings).toBe(done!.findings.filter((f) => f.severity === 'warning').length);
      await vi.waitFor(() => expect(pool.stats.busy).toBe(0));
      // A file within the threshold is answered whole: nothing follows.
      const whole = await pool.analyseDeferred(stl, 1_000_000);
      expect(whole.checks).toBeNull();
      expect(whole.outcome.checks).toBe('done');
      expect(codes(whole.outcome)).toContain('thin-wall');
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('walls and holes cut short by the time limit settle as none, and the thread is replaced', async () => {
    const pool = new AnalysisPool(1, 60_000);
    try {
      const { checks } = await pool.analyseDeferred(stl, 0);
      // The pool's time limit, as if the walls took too long: the answer stands, the checks are lost.
      (pool as unknown as { fail(slot: unknown, error: Error): void }).fail((pool as unknown as { slots: unknown[] }).slots[0], new Error('timeout'));
      expect(await checks).toBeNull();
      expect(pool.stats.threads).toBe(0);
      expect((await pool.analyse(stl)).orderable).toBe(true);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe(`an upload answered before its walls and holes (${db}, ADR 145)`, () => {
  let t: QuoteTestApp;
  beforeAll(async () => {
    // Every closed mesh deferred, as a million-triangle file is by default.
    t = await createQuoteTestApp({ quoteDeferChecksAbove: 0 });
  });
  afterAll(() => t.close());

  async function settled(projectId: string, fileId: string, token: string): Promise<QuoteFile> {
    let file: QuoteFile | undefined;
    await vi.waitFor(
      async () => {
        file = (await t.ms<QuoteFile>(`project/${projectId}/files/${fileId}`, { token })).body;
        expect(file.checks).toBe('done');
      },
      { timeout: 30_000, interval: 50 },
    );
    return file!;
  }

  it('answers priced and pending; the walls and holes follow into the file, and the saved quote takes their warning', async () => {
    const token = await t.temporaryToken();
    const project = await t.project(token);
    const upload = await t.upload(project.id, token, THIN_CUP, 'thin-cup.stl');
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ analysis: 'done', checks: 'pending', orderable: true });
    expect(upload.body.metrics?.manufacturing?.minWallMm).toBeNull();
    expect(upload.body.metrics?.manufacturing?.supportVolumeMm3).toBeGreaterThanOrEqual(0);
    // The price does not wait for them: the configuration is saved and priced at once.
    const priced = await t.ms<PartQuote>(`project/${project.id}/files/${upload.body.id}/configuration`, { method: 'PUT', token, body: PRINT_CONFIG });
    expect(priced.status).toBe(200);
    expect(priced.body.result.totalCents).toBeGreaterThan(0);

    const file = await settled(project.id, upload.body.id, token);
    expect(codes(file)).toContain('thin-wall');
    expect(file.metrics?.manufacturing?.minWallMm).toBeCloseTo(0.6, 1);
    expect(file.summary?.warnings).toBeGreaterThan(0);
    // The saved quote, priced again after the walls: the same price (walls add warnings, never cost).
    const quote = (await t.ms<PartQuote>(`project/${project.id}/files/${upload.body.id}/quote`, { token })).body;
    expect(quote.configuration).toEqual(priced.body.configuration);
    expect(quote.result.totalCents).toBe(priced.body.result.totalCents);

    // Another account is refused the file, pending or not.
    const other = await t.temporaryToken();
    expect((await t.ms(`project/${project.id}/files/${upload.body.id}`, { token: other })).status).toBe(404);
  });

  it('units read again while the walls are measured wait for them: the walls are read in the new units too', async () => {
    const token = await t.temporaryToken();
    const project = await t.project(token);
    // The cup's walls take milliseconds: held back 300 ms, they are surely still to come when the
    // units change. Without the wait they would be dropped (measured in the other units) and the
    // wall below would be null.
    const pool = t.ctx.quote.analysis;
    const analyseDeferred = pool.analyseDeferred.bind(pool);
    pool.analyseDeferred = async (file, above) => {
      const analysed = await analyseDeferred(file, above);
      return { ...analysed, checks: analysed.checks && analysed.checks.then((c) => new Promise((resolve) => setTimeout(() => resolve(c), 300))) };
    };
    let upload: Awaited<ReturnType<QuoteTestApp['upload']>>;
    try {
      upload = await t.upload(project.id, token, THIN_CUP, 'thin-cup.stl');
    } finally {
      pool.analyseDeferred = analyseDeferred;
    }
    expect(upload.body.checks).toBe('pending');
    const inches = await t.ms<QuoteFile>(`project/${project.id}/files/${upload.body.id}/units`, { method: 'PUT', token, body: { unit: 'inch' } });
    expect(inches.status).toBe(200);
    expect(inches.body.checks).toBe('done');
    // Measured before the units changed, then read in inches with the rest of the metrics.
    expect(inches.body.metrics?.manufacturing?.minWallMm).toBeCloseTo(0.6 * 25.4, 0);
  });

  it('walls and holes lost with their process are marked done by the hourly housekeeping', async () => {
    const token = await t.temporaryToken();
    const project = await t.project(token);
    const upload = await t.upload(project.id, token, THIN_CUP, 'thin-cup.stl');
    await settled(project.id, upload.body.id, token);
    await t.database.db.updateTable('quote_file').set({ checks_state: 'pending' }).where('id', '=', upload.body.id).execute();
    const uploadedAt = new Date(upload.body.uploadedAt);
    expect(await settleLostChecks(t.database.db, new Date(uploadedAt.getTime() + CHECKS_LOST_AFTER_MS - 1000))).toBe(0);
    expect(await settleLostChecks(t.database.db, new Date(uploadedAt.getTime() + CHECKS_LOST_AFTER_MS))).toBe(1);
    expect((await t.ms<QuoteFile>(`project/${project.id}/files/${upload.body.id}`, { token })).body.checks).toBe('done');
  });
});
