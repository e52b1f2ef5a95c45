import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { FORMAT_HEAD_BYTES, detectCadFormat, needsWholeFile } from '#domain/geometry/detect-format';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import type { Database } from '../db/schema.ts';
import { QUEUES, type JobQueue } from '../jobs/job-queue.ts';
import type { AnalysisOutcome } from './analysis-types.ts';
import type { QuoteFileStore } from './file-store.ts';

/** What an analysis job needs: the database, the stored files and something that analyses a local file. */
export interface AnalysisJobDeps {
  db: Kysely<Database>;
  files: QuoteFileStore;
  /** The worker-thread pool's `analyse` (ADR 041); tests pass their own. */
  analyse(localPath: string): Promise<AnalysisOutcome>;
  log(line: string): void;
}

/**
 * How long an analysis job may stay active before the queue takes its worker for dead and tries
 * again: the analysis time limit (ADR 041) plus a minute for copying the file and starting a thread.
 */
export function analysisExpireSeconds(timeoutMs: number): number {
  return Math.ceil(timeoutMs / 1000) + 60;
}

export interface AnalysisJobData {
  fileId: string;
}

/** The file's format judged by its content, as the browser judges it (`detectCadFormat`), from a spool file. */
export async function detectSpooledFormat(localPath: string) {
  const handle = await fs.open(localPath, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = new Uint8Array(FORMAT_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    // The head and the size tell every format but a ZIP package (3MF), whose entries are listed at its end.
    if (!needsWholeFile(head, size)) return detectCadFormat(head, size);
  } finally {
    await handle.close();
  }
  const whole = await fs.readFile(localPath);
  return detectCadFormat(new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength));
}

/**
 * One analysis job (ADR 115): copies the stored bytes to a local spool file (the store may be on
 * another machine), analyses them and writes metrics, findings and summary into the file's row,
 * which becomes `done`. A failed analysis records why and throws, so the queue tries again; a file
 * removed meanwhile, or already settled, is left alone.
 */
export async function analyseStoredFile(deps: AnalysisJobDeps, fileId: string): Promise<'done' | 'skipped'> {
  const file = await deps.db
    .selectFrom('quote_file')
    .select(['id', 'name', 'storage_key', 'analysis_state', 'removed_at'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file || file.removed_at || file.analysis_state !== 'analysing') return 'skipped';
  const stored = await deps.files.open(file.storage_key);
  if (!stored) return 'skipped'; // deleted meanwhile (the project or file was removed)
  await fs.mkdir(deps.files.spoolDir, { recursive: true });
  const local = path.join(deps.files.spoolDir, `analysis-${randomUUID()}`);
  let outcome: AnalysisOutcome;
  try {
    await pipeline(stored.stream, deps.files.openSpool(local));
    outcome = await deps.analyse(local);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log(`[jobs] analysis of file ${fileId} failed: ${reason}`);
    await deps.db.updateTable('quote_file').set({ analysis_error: reason }).where('id', '=', fileId).where('analysis_state', '=', 'analysing').execute();
    throw error;
  } finally {
    await fs.rm(local, { force: true });
  }
  if (outcome.format === null) {
    await settleFailed(deps, fileId, FILE_MESSAGES.type(file.name));
    return 'done';
  }
  await deps.db
    .updateTable('quote_file')
    .set({
      format: outcome.format,
      metrics: outcome.metrics ? JSON.stringify(outcome.metrics) : null,
      findings: JSON.stringify(outcome.findings),
      summary: outcome.summary ? JSON.stringify(outcome.summary) : null,
      orderable: outcome.orderable ? 1 : 0,
      analysis_ms: outcome.analysisMs,
      analysis_state: 'done',
      analysis_error: null,
    })
    .where('id', '=', fileId)
    .where('analysis_state', '=', 'analysing')
    .execute();
  return 'done';
}

/**
 * The last attempt failed (a crash, the time limit, or a worker that died and let the job expire):
 * the file ends `failed` with a message that says so, and is not tried again.
 */
export async function markAnalysisFailed(deps: Pick<AnalysisJobDeps, 'db'>, fileId: string): Promise<void> {
  const file = await deps.db.selectFrom('quote_file').select(['name', 'analysis_error']).where('id', '=', fileId).where('analysis_state', '=', 'analysing').executeTakeFirst();
  if (!file) return;
  await settleFailed(deps, fileId, FILE_MESSAGES.notAnalysed(file.name, FILE_MESSAGES.analysisStopped));
}

async function settleFailed(deps: Pick<AnalysisJobDeps, 'db'>, fileId: string, message: string): Promise<void> {
  await deps.db
    .updateTable('quote_file')
    .set({ analysis_state: 'failed', analysis_error: message, orderable: 0 })
    .where('id', '=', fileId)
    .where('analysis_state', '=', 'analysing')
    .execute();
}

/**
 * Makes this process an analysis worker: `concurrency` jobs at a time (one pg-boss worker each,
 * taking one job at a time), and the dead-letter queue that turns a job's last failure into a
 * failed file. Answers the worker ids (for `offWork`).
 */
export async function workAnalysisJobs(boss: JobQueue, deps: AnalysisJobDeps, concurrency: number, pollingIntervalSeconds = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < concurrency; i++) {
    ids.push(
      await boss.work<AnalysisJobData>(QUEUES.analysis, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        if (job) await analyseStoredFile(deps, job.data.fileId);
      }),
    );
  }
  ids.push(
    await boss.work<AnalysisJobData>(QUEUES.analysisFailed, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      if (job) await markAnalysisFailed(deps, job.data.fileId);
    }),
  );
  return ids;
}
