import pg from 'pg';
import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The job queue on PostgreSQL (ADR 115): pg-boss in its own schema (`pgboss`), created and
 * migrated by pg-boss itself on start. Every queue the product uses is declared here, with its
 * retry and expiry, so a producer and a worker on different machines agree on them.
 */
export const QUEUES = {
  /** One upload's geometry analysis: `{ fileId }`. */
  analysis: 'quote-analysis',
  /** Analysis jobs that failed their last attempt (crash, time limit, dead worker): the file is marked failed. */
  analysisFailed: 'quote-analysis-failed',
  /** One outbox mail to deliver: `{ mailId }` (ADR 116). */
  mail: 'mail-delivery',
} as const;

/** An analysis is tried twice: a file that crashes the analysis twice fails (issue 21). */
export const ANALYSIS_RETRY_LIMIT = 1;
/** A mail is tried this many times more after the first attempt, with exponential back-off (ADR 116). */
export const MAIL_RETRY_LIMIT = 8;
export const MAIL_RETRY_DELAY_SECONDS = 30;

export type JobQueue = PgBoss;

/**
 * Connections each process that starts the queue keeps for it (pg-boss's own pool), besides its
 * PG_POOL_MAX: docs/deploy.md sizes max_connections with it. One more is open for a moment while
 * the queues are declared (`withQueueLock`).
 */
export const JOB_QUEUE_POOL_SIZE = 4;

export interface JobQueueOptions {
  connectionString: string;
  /** An analysis job still active after this long is taken to be on a dead worker and retried. */
  analysisExpireSeconds: number;
  /** How often a process checks for expired jobs (pg-boss maintenance); tests shorten it. */
  maintenanceIntervalSeconds?: number;
  /** How often a process checks the schedules (pg-boss cron monitor); tests shorten it. */
  cronMonitorIntervalSeconds?: number;
  /** First wait before a failed mail is tried again (doubling each time; default 30 s); tests shorten it. */
  mailRetryDelaySeconds?: number;
  /** Connections this process keeps for the queue (default JOB_QUEUE_POOL_SIZE). */
  poolSize?: number;
  /** node-postgres's TLS option from DATABASE_SSL (`sslOption`), the same as the application's pool. */
  ssl?: pg.PoolConfig['ssl'];
  log?: (line: string) => void;
}

/** Starts pg-boss (creating its schema on first use) and declares the product's queues. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.poolSize ?? JOB_QUEUE_POOL_SIZE,
    ...(options.ssl !== undefined ? { ssl: options.ssl } : {}),
    application_name: 'manufacture-jobs',
    ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
    ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
  });
  boss.on('error', (error) => (options.log ?? console.error)(`[jobs] ${error.message}`));
  lockConnections.set(boss, { connectionString: options.connectionString, ssl: options.ssl });
  // pg-boss's own start declares a queue too (its cron's `__pgboss__send-it`): under the same lock.
  await withQueueLock(boss, async () => {
    await boss.start();
    await ensureQueue(boss, QUEUES.analysisFailed, { retryLimit: 2, retryDelay: 5, expireInSeconds: 60 });
    await ensureQueue(boss, QUEUES.analysis, {
      retryLimit: ANALYSIS_RETRY_LIMIT,
      retryDelay: 0,
      expireInSeconds: options.analysisExpireSeconds,
      deadLetter: QUEUES.analysisFailed,
    });
    await ensureQueue(boss, QUEUES.mail, {
      retryLimit: MAIL_RETRY_LIMIT,
      retryDelay: options.mailRetryDelaySeconds ?? MAIL_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 120,
    });
  });
  return boss;
}

/** The database each started queue declares under (the advisory lock's own connection). */
const lockConnections = new WeakMap<JobQueue, { connectionString: string; ssl: pg.PoolConfig['ssl'] }>();

/**
 * Declaring queues is done by one process at a time, under a PostgreSQL advisory lock on a
 * connection of its own (ADR 136). Two API processes starting together on an empty database
 * deadlocked in pg-boss's `create_queue` (each inserting the queue row and creating its partition
 * table), and the loser stopped (found by the topology test, ADR 135). Every declaration goes
 * through here: pg-boss's start, the product's queues, the scheduled tasks' queues and schedules.
 */
export async function withQueueLock<T>(boss: JobQueue, work: () => Promise<T>): Promise<T> {
  const connection = lockConnections.get(boss);
  if (!connection) throw new Error('withQueueLock: a queue started by startJobQueue is needed');
  const client = new pg.Client({ connectionString: connection.connectionString, application_name: 'manufacture-jobs', ...(connection.ssl !== undefined ? { ssl: connection.ssl } : {}) });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('manufacture:job-queues'))");
    return await work();
  } finally {
    // Ending the session releases the lock, also when `work` failed.
    await client.end();
  }
}

/** Creates the queue, or brings its options up to date when another process created it first. */
export async function ensureQueue(boss: JobQueue, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...options });
  else {
    try {
      await boss.createQueue(name, { name, ...options });
    } catch (error) {
      // Another process created it between the two calls.
      if (!(await boss.getQueue(name))) throw error;
    }
  }
}

/**
 * pg-boss's connection option for a Kysely transaction: a job sent with it is inserted inside that
 * transaction, so it exists exactly when the change that asked for it was committed (ADRs 115, 116).
 */
export function inTransaction(trx: Transaction<Database> | Kysely<Database>): PgBoss.ConnectionOptions {
  return {
    db: {
      executeSql: async (text: string, values: unknown[]) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[] }),
    },
  };
}
