import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Hono } from 'hono';
import { readConfig, type ServerConfig } from '#server/config';
import { createAppWithContext } from '#server/app';
import type { AppContext } from '#server/http/app-context';
import { openDatabase, type Db } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { seedReferenceData } from '#server/db/seed/reference-data';
import { MemoryStorage, type FileStorage } from '#server/storage/storage';
import { SharedRateLimiter } from '#server/auth/rate-limit';
import { SharedLoginThrottle } from '#server/auth/login-throttle';
import type { OutboxEntry } from '#server/mail/mailer';
import type { QuoteFileStore } from '#server/quote/file-store';
import { startJobQueue, type JobQueue, type JobQueueOptions } from '#server/jobs/job-queue';
import { contractObserver } from './contract.ts';

/**
 * A clock the test moves by hand; starts at the real now and ticks 1 ms per reading, as time does.
 * `TEST_CLOCK_START` (an ISO instant) starts every such clock there instead: a suite run on a Friday
 * afternoon in the factory's time zone, or just before midnight there, shows a test that holds only
 * at some hours (`TEST_CLOCK_START=2026-12-04T07:01:20Z npx vitest run --project server`).
 */
export interface TestClock {
  (): Date;
  advance(seconds: number): void;
  set(date: Date): void;
}

export function createTestClock(start = startOfTestClocks()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now++)) as TestClock;
  clock.advance = (seconds) => {
    now += seconds * 1000;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

function startOfTestClocks(): Date {
  const start = process.env.TEST_CLOCK_START;
  if (!start) return new Date();
  const date = new Date(start);
  if (Number.isNaN(date.getTime())) throw new Error(`TEST_CLOCK_START is not an instant: ${start}`);
  return date;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface Registered {
  userId: string;
  email: string;
  password: string;
  token: string;
}

export interface TestApp {
  database: Db;
  config: ServerConfig;
  ctx: AppContext;
  app: Hono;
  clock: TestClock;
  storage: MemoryStorage;
  log: string[];
  /** Calls the main API: `api('tools/countryList?type=phoneCode')`. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** Calls the main API with a JSON body and a bearer token; answers status and parsed body. */
  call<T = Record<string, unknown>>(path: string, options?: CallOptions): Promise<{ status: number; body: T }>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Mails recorded by the server, newest first. */
  outbox(to?: string): Promise<OutboxEntry[]>;
  /** A fresh captcha and its answer (read from the database, as only a test may). */
  captcha(): Promise<{ captchaId: string; captchaCode: string }>;
  /** Signs up through the API, follows the activation link from the outbox and answers the login. */
  registerUser(fields?: Record<string, unknown>): Promise<Registered>;
  /** The test's own PostgreSQL database (undefined on SQLite). */
  databaseUrl: string | undefined;
  /** The job queue on that database, when the test asked for it (`options.jobs`). */
  jobs: JobQueue | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: TestClock;
  fetch?: typeof fetch;
  /** Where quote files go (a test injects a failing disk, issue 12 item 7); local disk by default. */
  quoteFiles?: QuoteFileStore;
  /** Where avatars go; `storage` (in memory) by default. */
  fileStorage?: FileStorage;
  /** On PostgreSQL: start the job queue (ADR 115) on the test's database, with these options. */
  jobs?: Partial<Omit<JobQueueOptions, 'connectionString'>>;
}

/**
 * A fresh, migrated and seeded database per call, behind a real app instance: an in-memory SQLite
 * database, or, when DATABASE_URL is set (npm run test:server:pg), a new PostgreSQL database.
 * Rate limits are off unless a test sets `rateLimitFactor`.
 */
export async function createTestApp(overrides: Partial<ServerConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      // Called after the app's pool has ended. A socket can still be saying goodbye on a busy
      // machine: wait for the server to let go of it rather than killing it (a killed connection
      // surfaces as 57P01 in whatever test runs next); force only as a last resort.
      const a = new pg.Client({ connectionString: adminUrl });
      a.on('error', () => {});
      await a.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await a.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) {
              await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await a.end();
      }
    };
  }
  const config: ServerConfig = {
    ...readConfig({ NODE_ENV: 'test' }),
    databaseUrl,
    jwtSecret: 'test-secret-of-enough-length-0123456789',
    rateLimitFactor: 0,
    ...overrides,
  };
  const database = openDatabase({ databaseUrl, sqliteFile: ':memory:' });
  await migrateToLatest(database.db as never);
  await seedReferenceData(database.db);
  const clock = options.clock ?? createTestClock();
  const storage = new MemoryStorage();
  const jobs =
    options.jobs && databaseUrl
      ? await startJobQueue({ connectionString: databaseUrl, analysisExpireSeconds: 60, maintenanceIntervalSeconds: 1, poolSize: 2, ...options.jobs })
      : undefined;
  const log: string[] = [];
  // Every answer of every test is checked against its route's declared shape (ADR 060).
  const contract = contractObserver();
  const { app, ctx } = createAppWithContext(
    {
      db: database.db,
      config,
      clock,
      storage: options.fileStorage ?? storage,
      log: (line) => log.push(line),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.quoteFiles ? { quoteFiles: options.quoteFiles } : {}),
      // On PostgreSQL the limits are the shared ones, as main.ts sets them (ADR 119).
      ...(database.pool
        ? { rateLimiter: new SharedRateLimiter(database.pool, config.rateLimitFactor), loginThrottle: new SharedLoginThrottle(database.db, clock, config.rateLimitFactor) }
        : {}),
      ...(jobs ? { jobs } : {}),
    },
    { observe: contract.observe },
  );
  const fetchApp = async (path: string, init?: RequestInit) => {
    const response = await app.request(path, init);
    const mismatches = contract.takeMismatches();
    if (mismatches.length > 0) throw new Error(`The API answered outside its contract:\n${mismatches.join('\n')}`);
    return response;
  };
  const api = (path: string, init?: RequestInit) => fetchApp(`/api/${config.apiSegment}/${path}`, init);

  const call = async <T,>(path: string, o: CallOptions = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const method = o.method ?? (o.body !== undefined ? 'POST' : 'GET');
    const body = o.body !== undefined && method !== 'GET' && method !== 'HEAD' ? JSON.stringify(o.body) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await api(path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  const outbox = async (to?: string) => {
    const res = await fetchApp(`/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    return ((await res.json()) as { list: OutboxEntry[] }).list;
  };

  const captcha = async () => {
    const { body } = await call<{ captchaId: string }>('tools/captchaImage');
    const row = await database.db.selectFrom('captcha').select('answer').where('id', '=', body.captchaId).executeTakeFirstOrThrow();
    return { captchaId: body.captchaId, captchaCode: row.answer };
  };

  let counter = 0;
  const registerUser = async (fields: Record<string, unknown> = {}): Promise<Registered> => {
    const email = (fields.email as string | undefined) ?? `user${++counter}-${randomUUID().slice(0, 8)}@example.com`;
    const password = (fields.password as string | undefined) ?? 'secret-123';
    const registered = await call('account/register', {
      body: { email, password, confirmPassword: password, firstName: 'Test', lastName: 'User', agreeTerms: true, ...(await captcha()), ...fields },
    });
    if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered)}`);
    const mail = (await outbox(email))[0];
    const key = new URL(mail?.links[0] ?? 'http://x/').searchParams.get('activate');
    const activated = await call<{ accessToken: string }>('account/activate', { body: { key } });
    if (activated.status !== 200) throw new Error(`activate failed: ${JSON.stringify(activated)}`);
    const user = await database.db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { userId: user.id, email, password, token: activated.body.accessToken };
  };

  return {
    database,
    config,
    ctx,
    app,
    clock,
    storage,
    log,
    fetch: fetchApp,
    api,
    call,
    outbox,
    captcha,
    registerUser,
    databaseUrl,
    jobs,
    async close() {
      await jobs?.stop({ graceful: false, wait: true, close: true });
      await database.close();
      await dropDatabase();
    },
  };
}
