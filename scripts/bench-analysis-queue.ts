// Analysis throughput on the job queue (ADR 115): jobs per minute with one and with two workers.
//   node --import tsx scripts/bench-analysis-queue.ts [triangles=1000000] [jobs=8]
// Starts a throwaway PostgreSQL cluster, migrates it, stores `jobs` copies of a closed binary STL
// sphere of the given triangle count as quote files waiting for analysis, queues one job each, then
// starts `npm run worker` processes (`server/worker.ts`, one analysis thread each) and waits until
// every file is analysed. Per run it prints the wall time from the workers' start (their start-up
// included) and from the first finished file to the last (steady state), and jobs per minute.
// Record the figures in docs/benchmarks.md ("Analysis on the job queue"). A benchmark, never a test.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { QUEUES, startJobQueue } from '#server/jobs/job-queue';
import { LocalDiskQuoteFileStore } from '#server/quote/file-store';
import { startPostgres } from './postgres-cluster.mjs';
import { writeSphereStl } from './bench-sphere.ts';

const triangles = Number(process.argv[2] ?? 1_000_000);
const jobCount = Number(process.argv[3] ?? 8);

const pg = await startPostgres();
if (!pg) throw new Error('PostgreSQL server binaries not found (install Debian postgresql or set PG_BIN)');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-queue-'));
const children: ChildProcess[] = [];
try {
  const stl = path.join(dir, 'sphere.stl');
  const count = writeSphereStl(stl, triangles);
  const { size } = await fs.stat(stl);
  console.log(`part: ${count} triangles, ${(size / 1e6).toFixed(1)} MB; ${jobCount} jobs per run; ${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}`);
  const database = openDatabase({ databaseUrl: pg.url, sqliteFile: '' });
  await migrateToLatest(database.db as never);
  const filesDir = path.join(dir, 'files');
  const store = new LocalDiskQuoteFileStore(filesDir);
  const jobs = await startJobQueue({ connectionString: pg.url, analysisExpireSeconds: 180 });
  const projectId = randomUUID();
  const now = new Date().toISOString();
  await database.db.insertInto('quote_project').values({ id: projectId, user_id: null, temp_subject_id: randomUUID(), name: 'bench', process: '3d-printing', created_at: now, updated_at: now }).execute();

  for (const workers of [1, 2]) {
    const ids: string[] = [];
    for (let i = 0; i < jobCount; i++) {
      const id = randomUUID();
      const key = `${projectId}/${id}`;
      const spool = path.join(store.spoolDir, `bench-${id}`);
      await fs.mkdir(store.spoolDir, { recursive: true });
      await fs.copyFile(stl, spool);
      await store.putFile(key, spool);
      await database.db
        .insertInto('quote_file')
        .values({
          id,
          project_id: projectId,
          name: `sphere-${i}.stl`,
          storage_key: key,
          size_bytes: size,
          sha256: '0'.repeat(64),
          format: 'stl-binary',
          metrics: null,
          findings: '[]',
          summary: null,
          orderable: 0,
          analysis_ms: 0,
          configuration: null,
          quote: null,
          priced_at: null,
          uploaded_at: now,
          expires_at: now,
          removed_at: null,
          analysis_state: 'analysing',
          checks_state: 'done',
          analysis_error: null,
          split_from: null,
          kept_whole: 0,
        })
        .execute();
      await jobs.send(QUEUES.analysis, { fileId: id });
      ids.push(id);
    }
    const started = performance.now();
    for (let w = 0; w < workers; w++) {
      children.push(
        spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
          env: { ...process.env, DATABASE_URL: pg.url, JOB_QUEUE: 'postgres', JWT_SECRET: 'bench-secret-of-enough-length-0123456789', QUOTE_FILES_DIR: filesDir, QUOTE_WORKERS: '1', DATA_DIR: dir },
          stdio: 'ignore',
        }),
      );
    }
    let firstDone: number | undefined;
    let analysisMs = 0;
    for (;;) {
      const rows = await database.db.selectFrom('quote_file').select(['analysis_state', 'analysis_ms']).where('id', 'in', ids).execute();
      const done = rows.filter((r) => r.analysis_state !== 'analysing');
      if (done.length > 0) firstDone ??= performance.now();
      if (done.length === ids.length) {
        if (rows.some((r) => r.analysis_state !== 'done')) throw new Error('an analysis failed');
        analysisMs = rows.reduce((sum, r) => sum + Number(r.analysis_ms), 0) / rows.length;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ended = performance.now();
    const total = ended - started;
    const steady = ended - (firstDone ?? started);
    console.log(
      `${workers} worker(s): ${jobCount} jobs in ${(total / 1000).toFixed(1)} s from start (${((jobCount * 60_000) / total).toFixed(0)}/min); ` +
        `first to last ${(steady / 1000).toFixed(1)} s for ${jobCount - 1} (${(((jobCount - 1) * 60_000) / steady).toFixed(0)}/min); mean analysis ${analysisMs.toFixed(0)} ms`,
    );
    for (const child of children.splice(0)) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await jobs.stop({ graceful: false, wait: true, close: true });
  await database.close();
} finally {
  for (const child of children) child.kill('SIGKILL');
  pg.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
