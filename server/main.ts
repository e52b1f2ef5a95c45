import path from 'node:path';
import { serve } from '@hono/node-server';
import { readConfig } from './config.ts';
import { createAppWithContext } from './app.ts';
import { checkWritableFolder, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from './accounts/demo-account.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { analysisExpireSeconds } from './quote/analysis-jobs.ts';
import { startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { productSchedule, runScheduledInProcess, scheduleOnQueue } from './jobs/scheduled.ts';

const startedAt = new Date();
const env = readConfig();
// A folder the server cannot write stops it here with one sentence, not a stack trace (issue 12).
try {
  checkWritableFolder(env.dataDir);
  checkWritableFolder(env.quoteFilesDir, 'quote files folder', 'QUOTE_FILES_DIR');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const config = { ...env, jwtSecret: resolveJwtSecret(env.jwtSecret, env.dataDir) };
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'manufacture.db'),
});
await migrateToLatest(database.db as never);
await seedReferenceData(database.db);
if (database.kind === 'sqlite' && config.seedDemo && (await seedDemoAccount(database.db))) {
  console.log(`[server] seeded the demo customer: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

// JOB_QUEUE=postgres (ADR 115): uploads are analysed by `npm run worker` processes, and the
// scheduled work runs once per period across every process.
let jobs: JobQueue | undefined;
if (config.jobQueue === 'postgres' && config.databaseUrl) {
  jobs = await startJobQueue({ connectionString: config.databaseUrl, analysisExpireSeconds: analysisExpireSeconds(config.quoteAnalysisTimeoutMs) });
}
const { app, ctx } = createAppWithContext({ db: database.db, config, ...(jobs ? { jobs } : {}) });

/**
 * Upload spool files a crash left behind (issue 12 item 13). At start, the embedded database means
 * one process, so every spool file is an orphan; with PostgreSQL other processes may share the
 * folder, so only files untouched for longer than any upload takes go, at start and hourly.
 */
const SPOOL_ORPHAN_AFTER_MS = 15 * 60 * 1000;
const sweepSpool = (olderThan: Date) =>
  ctx.quote.files.sweepSpool(olderThan).then(
    (n) => n > 0 && console.log(`[server] removed ${n} partial upload(s) left in the spool`),
    (error: unknown) => console.error('[server] spool sweep failed', error),
  );
void sweepSpool(database.kind === 'sqlite' ? startedAt : new Date(startedAt.getTime() - SPOOL_ORPHAN_AFTER_MS));

// Spec section 9: uploaded 3D files are kept 3 months (ADR 044), and the other scheduled work:
// hourly, once at start, in this process; or once per period across processes on the queue (ADR 115).
const schedule = productSchedule({ db: database.db, files: ctx.quote.files, clock: ctx.clock, log: ctx.log });
const stopSchedule = jobs ? () => {} : runScheduledInProcess(schedule, ctx.log);
if (jobs) await scheduleOnQueue(jobs, schedule, ctx.log);
// Mail is an outbox (ADR 116): the queue's workers deliver it, or this process's loop retries it.
const stopMailLoop = jobs ? () => {} : ctx.mailer.startDeliveryLoop();
if (jobs) await ctx.mailer.workDeliveryJobs(jobs);
else void ctx.mailer.deliverDue().catch((error: unknown) => console.error('[server] mail delivery failed', error));
// The spool is this machine's folder: each process sweeps its own, hourly.
const retentionTimer = setInterval(() => void sweepSpool(new Date(Date.now() - SPOOL_ORPHAN_AFTER_MS)), 3600 * 1000);
retentionTimer.unref();
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`;
  console.log(`[server] database: ${database.kind} (${database.location})`);
  if (jobs) console.log('[server] job queue: PostgreSQL (uploads are analysed by `npm run worker`)');
  console.log(`[server] API: ${url}/api/${config.apiSegment}/ and ${url}/msapi/${config.apiSegment}/`);
  console.log(`[server] API docs: ${url}/api/${config.apiSegment}/openapi.json and ${url}/msapi/${config.apiSegment}/openapi.json`);
  if (!config.smtpUrl) console.log(`[server] no SMTP_URL: mail is logged here and listed at ${url}/dev/outbox`);
  if (config.staticDir) console.log(`[server] Manufacture is running at ${url}/manufacture/`);
});

function shutdown(): void {
  clearInterval(retentionTimer);
  stopSchedule();
  stopMailLoop();
  server.close(() => {
    void Promise.all([ctx.quote.close(), jobs?.stop({ graceful: true, timeout: 2000 })])
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
