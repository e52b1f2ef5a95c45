import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileSplit, QuoteFile } from '#domain/api/quote';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { QUEUES, startJobQueue, type JobQueue } from '#server/jobs/job-queue';
import { AnalysisFailedError, AnalysisPool } from '#server/quote/analysis-pool';
import { workAnalysisJobs, type AnalysisJobDeps } from '#server/quote/analysis-jobs';
import { cubesAndPlate } from '../../e2e/support/generated-parts.ts';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, readFixture, type QuoteTestApp } from './quote-test-app.ts';

/**
 * Issue 21 item 1 (ADR 115): with the job queue, an upload answers at once as `analysing` and an
 * analysis worker (another pg-boss instance here, or another process) fills in the metrics. Only on
 * PostgreSQL: the queue lives there (npm run test:server:pg).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('analysis jobs on the PostgreSQL queue', () => {
  let t: QuoteTestApp;
  const cleanup: (() => Promise<unknown> | void)[] = [];

  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    await t?.close();
  });

  /** Another process's view of the queue: its own pg-boss on the same database. */
  async function workerQueue(expireSeconds = 60): Promise<JobQueue> {
    const boss = await startJobQueue({ connectionString: t.databaseUrl ?? '', analysisExpireSeconds: expireSeconds, maintenanceIntervalSeconds: 1, poolSize: 2 });
    cleanup.push(() => boss.stop({ graceful: false, wait: true, close: true }));
    return boss;
  }

  function deps(analyse: AnalysisJobDeps['analyse']): AnalysisJobDeps {
    return { db: t.database.db, files: t.ctx.quote.files, analyse, log: () => {} };
  }

  function realPool(): AnalysisPool {
    const pool = new AnalysisPool(1, 60_000);
    cleanup.push(() => pool.close());
    return pool;
  }

  /** The queue's record of the file's analysis job(s), read from pg-boss's table. */
  async function analysisJobsOf(fileId: string) {
    const { rows } = await sql<{ state: string; retry_count: number }>`select state, retry_count from pgboss.job where name = ${QUEUES.analysis} and data->>'fileId' = ${fileId}`.execute(t.database.db);
    return rows;
  }

  async function uploadCube(): Promise<{ token: string; projectId: string; file: QuoteFile }> {
    const token = await t.temporaryToken();
    const project = await t.project(token);
    const res = await t.upload(project.id, token, await readFixture(CUBE_STL), 'cube.stl');
    expect(res.status).toBe(201);
    return { token, projectId: project.id, file: res.body };
  }

  async function fileOnceSettled(token: string, projectId: string, fileId: string, state: 'done' | 'failed', timeout = 45_000): Promise<QuoteFile> {
    return vi.waitFor(
      async () => {
        const res = await t.ms<QuoteFile>(`project/${projectId}/files/${fileId}`, { token });
        expect(res.body.analysis).toBe(state);
        return res.body;
      },
      { timeout, interval: 200 },
    );
  }

  it('the upload answers at once as analysing; a worker takes the job and the file gets its metrics', async () => {
    t = await createQuoteTestApp({ jobQueue: 'postgres' }, { jobs: {} });
    const { token, projectId, file } = await uploadCube();
    expect(file).toMatchObject({ analysis: 'analysing', analysisError: null, metrics: null, findings: [], orderable: false, format: 'stl-binary' });

    // Not priced before the server has measured it: the caller is told to wait a moment.
    const early = await t.ms<{ message: string }>(`project/${projectId}/files/${file.id}/configuration`, { method: 'PUT', token, body: PRINT_CONFIG });
    expect(early).toEqual({ status: 409, body: { message: FILE_MESSAGES.analysing('cube.stl') } });

    const pool = realPool();
    await workAnalysisJobs(await workerQueue(), deps((p) => pool.analyse(p)), 1);
    const done = await fileOnceSettled(token, projectId, file.id, 'done');
    expect(done.metrics?.triangleCount).toBe(12);
    expect(done.orderable).toBe(true);
    expect(done.summary?.triangleCount).toBe(12);

    const priced = await t.ms<{ result: { orderable: boolean } }>(`project/${projectId}/files/${file.id}/configuration`, { method: 'PUT', token, body: PRINT_CONFIG });
    expect(priced.status).toBe(200);
    expect(priced.body.result.orderable).toBe(true);

    // A file of several bodies: the worker's summary says how it splits, and the split (in the API's
    // threads) works as without the queue (ADR 131).
    const assembly = await t.upload(projectId, token, new Uint8Array(cubesAndPlate()), 'fixture.stl');
    expect(assembly.body.summary).toBeNull();
    const settled = await fileOnceSettled(token, projectId, assembly.body.id, 'done');
    expect(settled.summary?.assembly).toMatchObject({ bodyCount: 5, partCount: 2, offered: true });
    const split = await t.ms<FileSplit>(`project/${projectId}/files/${assembly.body.id}/split`, { method: 'POST', token });
    expect(split.status).toBe(200);
    expect(split.body.list.map((f) => f.configuration?.quantity)).toEqual([4, 1]);
  });

  it('not a CAD file by its content: refused at once, as without the queue, and no job is queued', async () => {
    t = await createQuoteTestApp({ jobQueue: 'postgres' }, { jobs: {} });
    const token = await t.temporaryToken();
    const project = await t.project(token);
    const res = await t.upload(project.id, token, new TextEncoder().encode('hello, not a part'), 'notes.stl');
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toBe(FILE_MESSAGES.type('notes.stl'));
    expect(await t.jobs?.getQueueSize(QUEUES.analysis)).toBe(0);
  });

  it('a worker killed mid-job: the job expires, is retried and another worker finishes it', async () => {
    // The expiry applies to the retry too: long enough for a fresh analysis pool to start and read a
    // cube on a loaded machine (2 s made the retry expire as well, and the job end failed, under load).
    const expireSeconds = 10;
    t = await createQuoteTestApp({ jobQueue: 'postgres' }, { jobs: { analysisExpireSeconds: expireSeconds } });
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/server/fixtures/stalled-analysis-worker.ts'], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl, QUOTE_FILES_DIR: t.filesDir, ANALYSIS_EXPIRE_SECONDS: String(expireSeconds) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanup.push(() => void child.kill('SIGKILL'));
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await vi.waitFor(() => expect(out).toContain('ready'), { timeout: 30_000, interval: 100 });

    const { token, projectId, file } = await uploadCube();
    await vi.waitFor(() => expect(out).toContain('taken'), { timeout: 30_000, interval: 100 });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const pool = realPool();
    await workAnalysisJobs(await workerQueue(expireSeconds), deps((p) => pool.analyse(p)), 1);
    const done = await fileOnceSettled(token, projectId, file.id, 'done');
    expect(done.metrics?.triangleCount).toBe(12);
    // One job, taken twice: the first attempt died with its worker, the retry completed (the queue
    // marks it so once the handler has returned, a moment after the file is done).
    await vi.waitFor(async () => expect(await analysisJobsOf(file.id)).toEqual([{ state: 'completed', retry_count: 1 }]), { timeout: 30_000, interval: 200 });
  }, 120_000);

  it('a file that crashes the analysis twice ends failed with a clear message, and is not tried a third time', async () => {
    t = await createQuoteTestApp({ jobQueue: 'postgres' }, { jobs: {} });
    const { token, projectId, file } = await uploadCube();
    let attempts = 0;
    await workAnalysisJobs(
      await workerQueue(),
      deps(async () => {
        attempts += 1;
        throw new AnalysisFailedError('crash', 'The analysis thread stopped (exit code 134).');
      }),
      1,
    );
    const failed = await fileOnceSettled(token, projectId, file.id, 'failed');
    expect(failed.analysisError).toBe(FILE_MESSAGES.notAnalysed('cube.stl', FILE_MESSAGES.analysisStopped));
    expect(failed.orderable).toBe(false);
    expect(attempts).toBe(2);
    await vi.waitFor(async () => expect(await analysisJobsOf(file.id)).toEqual([{ state: 'failed', retry_count: 1 }]), { timeout: 30_000, interval: 200 });

    const priced = await t.ms<{ message: string }>(`project/${projectId}/files/${file.id}/configuration`, { method: 'PUT', token, body: PRINT_CONFIG });
    expect(priced).toEqual({ status: 422, body: { message: failed.analysisError } });
  });
});
