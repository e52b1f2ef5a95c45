import path from 'node:path';
import { paymentProviderProblem, readConfig } from './config.ts';
import { createAppWithContext } from './app.ts';
import { checkDatabaseReachable, checkWritableFolder, openDatabase, sslOption, type Db } from './db/database.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from './accounts/demo-account.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { SharedRateLimiter } from './auth/rate-limit.ts';
import { SharedLoginThrottle } from './auth/login-throttle.ts';
import { systemClock } from './clock.ts';
import { storesFromConfig } from './composition/stores.ts';
import { analysisExpireSeconds } from './quote/analysis-jobs.ts';
import { startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { productSchedule } from './composition/schedule.ts';
import { runScheduledInProcess, scheduleOnQueue } from './jobs/scheduled.ts';
import { listen } from './http/listen.ts';

const startedAt = new Date();

/** The host (and port) of an SMTP URL, never its user or password. */
function smtpHost(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).host || 'the SMTP_URL';
  } catch {
    return 'the SMTP_URL';
  }
}

/** A start-up failure an operator can act on: one sentence on stderr, exit 1, no stack trace. */
function cannotStart(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let env: ReturnType<typeof readConfig>;
// A folder the server cannot write stops it here with one sentence, not a stack trace (issue 12).
try {
  env = readConfig();
  const payments = paymentProviderProblem();
  if (payments) throw new Error(payments);
  checkWritableFolder(env.dataDir);
  checkWritableFolder(env.quoteFilesDir, 'quote files folder', 'QUOTE_FILES_DIR');
} catch (error) {
  cannotStart(error);
}
const config = { ...env, jwtSecret: resolveJwtSecret(env.jwtSecret, env.dataDir) };
let database: Db;
try {
  database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'manufacture.db'), postgres: config.postgres });
} catch (error) {
  cannotStart(error);
}
try {
  // An unreachable PostgreSQL is named as such (host:port, why), not as a failed migration (issue 21 item 7).
  await checkDatabaseReachable(database, config.databaseUrl);
  if (config.postgres.migrate === 'skip') {
    // The operator runs `npm run db:migrate` once per release; servers only check (ADR 118).
    const pending = await pendingMigrations(database.db as never);
    if (pending.length > 0) {
      throw new Error(`Manufacture cannot start: the database is not up to date (${pending.length} migration(s) pending: ${pending.join(', ')}). Run npm run db:migrate once, then start the servers (MIGRATE=skip).`);
    }
  } else {
    await migrateToLatest(database.db as never);
    await seedReferenceData(database.db);
  }
} catch (error) {
  await database.close().catch(() => {});
  cannotStart(error);
}
// Quote files and avatars: this machine's disk, or one S3 bucket for every process (ADR 120).
const stores = storesFromConfig(config);
try {
  await stores.check();
} catch (error) {
  await database.close().catch(() => {});
  cannotStart(error);
}
const seedDemo = database.kind === 'sqlite' ? config.seedDemo : config.seedDemoOnPostgres;
if (seedDemo) {
  // With several processes starting on one empty PostgreSQL, one seeds; the others find a user or lose the race.
  await seedDemoAccount(database.db).then(
    // Its password is published (README) but never written to a production log (issue 32 item 2).
    (seeded) => seeded && console.log(`[server] seeded the demo customer: ${DEMO_EMAIL}${config.production ? ' (password in the README)' : ` / ${DEMO_PASSWORD}`}`),
    (error: unknown) => console.warn(`[server] the demo customer was not seeded: ${error instanceof Error ? error.message : String(error)}`),
  );
}

// On PostgreSQL every process counts against the same limits (ADR 119); on the embedded default, memory.
const rateLimiter = database.pool ? new SharedRateLimiter(database.pool, config.rateLimitFactor) : undefined;
const loginThrottle = database.kind === 'postgres' ? new SharedLoginThrottle(database.db, systemClock, config.rateLimitFactor) : undefined;
// JOB_QUEUE=postgres (ADR 115): uploads are analysed by `npm run worker` processes, and the
// scheduled work runs once per period across every process.
let jobs: JobQueue | undefined;
if (config.jobQueue === 'postgres' && config.databaseUrl) {
  jobs = await startJobQueue({ connectionString: config.databaseUrl, analysisExpireSeconds: analysisExpireSeconds(config.quoteAnalysisTimeoutMs), ssl: sslOption(config.postgres) });
}
let created: ReturnType<typeof createAppWithContext>;
try {
  created = createAppWithContext({
    db: database.db,
    config,
    storage: stores.storage,
    quoteFiles: stores.quoteFiles,
    ...(rateLimiter ? { rateLimiter } : {}),
    ...(loginThrottle ? { loginThrottle } : {}),
    ...(jobs ? { jobs } : {}),
  });
} catch (error) {
  // No built web app in production (`npm run build` not run): one sentence, not a stack trace.
  await jobs?.stop({ graceful: false, wait: true, close: true }).catch(() => {});
  await database.close().catch(() => {});
  cannotStart(error);
}
const { app, ctx, readiness } = created;

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

// Spec section 9: uploaded 3D files are kept 3 months (ADR 044); spec section 4: the monthly rewards (ADR 091):
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
// One analysis thread ready before the first upload (ADR 228): its start-up (tsx, the domain modules,
// OpenCascade) and its engine's compilation (ADR 256) are neither the first drop's wait nor part of
// that upload's memory. Uploads analysed by `npm run worker` processes (the job queue) need none here.
if (!jobs) void ctx.quote.analysis.warm({ compile: true });
if (config.bankTransferEnabled && config.bankAccounts === 'demo') console.log('[server] bank transfer shows DEMO accounts (set BANK_ACCOUNTS or BANK_ACCOUNTS_FILE for real ones)');
const server = listen({
  fetch: app.fetch,
  port: config.port,
  hostname: config.host,
  tls: config.tls,
  keepAliveTimeoutMs: config.keepAliveTimeoutMs,
  onListening: (port) => {
    const url = `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    if (config.tls) console.log('[server] HTTPS with HTTP/2 (and HTTP/1.1 over TLS) from TLS_CERT_FILE and TLS_KEY_FILE');
    console.log(`[server] database: ${database.kind} (${database.location})`);
    // glibc keeps the memory of large freed buffers in the threads' arenas unless the mmap
    // threshold is fixed (ADR 228): the start commands set it; a start without them is told.
    if (process.platform === 'linux' && !process.env.MALLOC_MMAP_THRESHOLD_) {
      console.log('[server] MALLOC_MMAP_THRESHOLD_ is not set: memory of large uploads is kept after them; start with `npm run serve` or `npm start`, or set MALLOC_MMAP_THRESHOLD_=131072 (docs/deploy.md)');
    }
    console.log(`[server] files: ${stores.describe}`);
    if (jobs) console.log('[server] job queue: PostgreSQL (uploads are analysed by `npm run worker`)');
    console.log(`[server] API: ${url}/api/${config.apiSegment}/ and ${url}/msapi/${config.apiSegment}/`);
    console.log(`[server] API docs: ${url}/api/${config.apiSegment}/openapi.json and ${url}/msapi/${config.apiSegment}/openapi.json`);
    // Only what is true (issue 41 item 5): the outbox is closed in production unless DEV_OUTBOX=1, and then only for ADMIN_TOKEN.
    if (config.smtpUrl) console.log(`[server] mail: delivered through SMTP at ${smtpHost(config.smtpUrl)}, from ${config.mailFrom}`);
    else if (ctx.mailer.outbox) console.log(`[server] no SMTP_URL: mail is not delivered; it is written to this log and listed at ${url}/dev/outbox${config.production ? ' (header X-Admin-Token: ADMIN_TOKEN)' : ''}`);
    else console.log('[server] no SMTP_URL: mail is not delivered; each mail is written to this log with its links (set SMTP_URL)');
    if (config.staticDir) console.log(`[server] Manufacture is running at ${url}/manufacture/`);
  },
});

/**
 * Graceful shutdown (docs/deploy.md): on SIGTERM or SIGINT the process stops listening (the load
 * balancer's next connection goes to another process), answers /ready with 503 on connections still
 * open, lets every request in flight finish, closes idle keep-alive connections, then stops the
 * analysis threads and the database pool and exits 0. Whatever is still running after
 * SHUTDOWN_TIMEOUT_MS is cut and the exit code is 1.
 */
let shuttingDown = false;
function shutdown(signal: string): void {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`[server] ${signal}: finishing the requests in flight, then stopping`);
  readiness.drain();
  clearInterval(retentionTimer);
  stopSchedule();
  stopMailLoop();
  server.close(() => {
    void Promise.all([ctx.quote.close(), jobs?.stop({ graceful: true, timeout: 2000 })])
      .then(() => database.close())
      .then(
        () => {
          console.log('[server] stopped');
          process.exit(0);
        },
        () => process.exit(1),
      );
  });
  server.closeIdle();
  setTimeout(() => {
    console.error(`[server] requests still in flight after ${config.shutdownTimeoutMs} ms: cut`);
    server.closeAll();
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
