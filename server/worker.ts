/**
 * `npm run worker` (ADR 115): an analysis worker process. It takes upload analysis jobs from the job
 * queue on PostgreSQL (DATABASE_URL), as many at once as QUOTE_WORKERS, in worker threads (ADR 041),
 * and also takes the scheduled work and the mail deliveries of the queue (ADR 116). Run any number of them, on
 * any machine that reaches the database and the quote files' storage.
 */
import { systemClock } from './clock.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { openDatabase, sslOption } from './db/database.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { productSchedule } from './composition/schedule.ts';
import { scheduleOnQueue } from './jobs/scheduled.ts';
import { Mailer } from './mail/mailer.ts';
import { analysisExpireSeconds, workAnalysisJobs } from './quote/analysis-jobs.ts';
import { createQuoteServices } from './quote/quote-services.ts';
import { storesFromConfig } from './composition/stores.ts';

const log = (line: string) => console.log(line);
let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: analysis jobs are queued in PostgreSQL (see JOB_QUEUE in the README).');
  process.exit(1);
}
if (!config.jwtSecret) {
  console.error('npm run worker needs JWT_SECRET, the same as the API processes\' (it also unlocks the mail outbox, ADR 116).');
  process.exit(1);
}
// The same pool size and TLS as the API processes (PG_POOL_MAX, DATABASE_SSL; docs/deploy.md).
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: '', postgres: config.postgres });
try {
  await database.db.selectFrom('quote_file').select('analysis_state').limit(1).execute();
} catch (error) {
  console.error(`The database has no up-to-date schema yet: run \`npm run db:migrate\` (or start the API once) first. (${error instanceof Error ? error.message : String(error)})`);
  await database.close();
  process.exit(1);
}
// The quote files where the API processes put them: this machine's disk or the S3 bucket (ADR 120).
// Found by the topology test (ADR 135): with STORAGE=s3 the worker read the local disk and never
// found an upload.
const stores = storesFromConfig(config);
try {
  await stores.check();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await database.close();
  process.exit(1);
}
const quote = createQuoteServices(config, log, stores.quoteFiles);
const jobs = await startJobQueue({ connectionString: config.databaseUrl, analysisExpireSeconds: analysisExpireSeconds(config.quoteAnalysisTimeoutMs), log, ssl: sslOption(config.postgres) });
// A thread ready, its engine compiled, before the first job (ADR 228, ADR 256).
void quote.analysis.warm({ compile: true });
await workAnalysisJobs(jobs, { db: database.db, files: quote.files, analyse: (path) => quote.analysis.analyse(path), log }, config.quoteWorkers);
const mailer = new Mailer(database.db, systemClock, { smtpUrl: config.smtpUrl, from: config.mailFrom, log, secret: config.jwtSecret, jobs });
await mailer.workDeliveryJobs(jobs);
await scheduleOnQueue(jobs, productSchedule({ db: database.db, files: quote.files, clock: systemClock, log }), log);
console.log(`[worker] taking analysis jobs, ${config.quoteWorkers} at a time (pid ${process.pid}); files: ${stores.describe}`);

let stopping = false;
/** Finishes the jobs in hand (up to the analysis time limit), then leaves; a second signal leaves at once. */
async function shutdown(): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  console.log('[worker] stopping: finishing the jobs in hand');
  await jobs.stop({ graceful: true, wait: true, timeout: config.quoteAnalysisTimeoutMs });
  await quote.close();
  await database.close();
  console.log('[worker] stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
