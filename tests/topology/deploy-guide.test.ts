import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { JOB_QUEUE_POOL_SIZE } from '#server/jobs/job-queue';
import { findPostgresBin, startPostgres } from '../../scripts/postgres-cluster.mjs';
import { freePort } from '../../scripts/topology.ts';

/**
 * Issue 41 item 5 (ADR 175): docs/deploy.md followed on this machine, its own commands taken from
 * its code blocks: the SQL that creates the role and the database (run with psql as the
 * administrator), s3rver and `npm run s3:create-bucket` as written, then, as that role and with the
 * production environment the guide's table asks for, `npm run db:migrate`, `npm run serve` (its
 * start-up lines are the guide's, in order) and `npm run worker`; the connections both hold stay
 * within the guide's budget; SIGTERM to npm stops each as the guide says. Run under
 * scripts/with-postgres.mjs (`npm run test:topology`); SKIPPED without PostgreSQL.
 */

const root = path.resolve(import.meta.dirname, '../..');
const guide = fs.readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
const bin = findPostgresBin();
const canRun = Boolean(bin);
if (!canRun) console.log('SKIPPED: deploy guide test (no PostgreSQL server binaries; install Debian postgresql or set PG_BIN)');
const WAIT = { timeout: 180_000, interval: 200 };

/** The code block after `<!-- deploy-guide: name -->`. */
function block(name: string): string {
  const match = new RegExp(`<!-- deploy-guide: ${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(guide);
  if (!match) throw new Error(`docs/deploy.md has no block "${name}"`);
  return match[1]!;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}
const running: Run[] = [];

/** A shell command line of the guide, run from the project's folder as a reader would. */
function shell(command: string, env: Record<string, string> = {}): Run {
  const child = spawn('bash', ['-c', command], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const run = { child, output: () => output, exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  running.push(run);
  return run;
}

let superuser = '';
let ownCluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-guide-'));

beforeAll(async () => {
  if (!canRun) return;
  if (process.env.DATABASE_URL) superuser = process.env.DATABASE_URL;
  else {
    ownCluster = await startPostgres();
    superuser = ownCluster!.url;
  }
}, 120_000);

afterAll(async () => {
  for (const run of running) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  if (superuser) {
    const admin = new pg.Client({ connectionString: superuser });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS manufacture WITH (FORCE)').catch(() => {});
    await admin.query('DROP ROLE IF EXISTS manufacture').catch(() => {});
    await admin.end();
  }
  ownCluster?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe.runIf(canRun)('docs/deploy.md followed on one machine', () => {
  test('the role and database from its SQL, the bucket from its commands, then migrate, serve and work as that role: the lines it promises, within the connections it budgets, stopped by SIGTERM', async () => {
    // The administrator runs the guide's SQL.
    const sql = path.join(scratch, 'create.sql');
    fs.writeFileSync(sql, block('sql'));
    const psql = spawnSync(path.join(bin!, 'psql'), [superuser, '-v', 'ON_ERROR_STOP=1', '-f', sql], { encoding: 'utf8' });
    expect(psql.status, psql.stderr).toBe(0);
    const password = /PASSWORD '([^']+)'/.exec(block('sql'))![1]!;
    const url = new URL(superuser);
    const databaseUrl = `postgres://manufacture:${password}@${url.host}/manufacture`;

    // s3rver and the bucket, as the guide writes them (another port and folder than 4569 and ./data/s3).
    const port = await freePort();
    const s3Command = block('s3-server').trim().replace('--port 4569', `--port ${port}`).replace('--dir ./data/s3', `--dir ${path.join(scratch, 's3')}`);
    expect(s3Command).not.toBe(block('s3-server').trim());
    const s3 = shell(`exec ${s3Command}`);
    await vi.waitFor(() => expect(s3.output()).toContain(`S3 http://127.0.0.1:${port}`), WAIT);
    const s3Env = block('s3-env').replace('http://127.0.0.1:4569', `http://127.0.0.1:${port}`);
    const bucket = shell(`set -e\n${s3Env}`);
    expect(await bucket.exited, bucket.output()).toBe(0);
    expect(bucket.output()).toContain(`[s3] the bucket "manufacture-files" is ready at http://127.0.0.1:${port}`);
    const storage = Object.fromEntries([...s3Env.matchAll(/([A-Z0-9_]+)=(\S+)/g)].map(([, name, value]) => [name!, value!]));
    expect(storage).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'manufacture-files' });

    // The production environment of the guide's table, as the role.
    const build = path.join(scratch, 'dist');
    fs.mkdirSync(build);
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>');
    const apiPort = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(36).toString('base64'),
      PAYMENT_PROVIDER: 'sandbox',
      BANK_TRANSFER: '0',
      JOB_QUEUE: 'postgres',
      MIGRATE: 'skip',
      ...storage,
      SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
      MAIL_FROM: 'Manufacture <orders@example.com>',
      SUPPORT_EMAIL: 'support@example.com',
      PUBLIC_URL: 'https://manufacture.example.com',
      HOST: '0.0.0.0',
      PORT: String(apiPort),
      TRUST_PROXY: '1',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      PG_POOL_MAX: '3',
      QUOTE_WORKERS: '1',
      STATIC_DIR: build,
      DATA_DIR: path.join(scratch, 'data'),
      SEED_DEMO: '',
      DATABASE_SSL: '',
    };

    const migrate = shell('npm run -s db:migrate', env);
    expect(await migrate.exited, migrate.output()).toBe(0);
    expect(migrate.output()).toMatch(/\[migrate\] postgres at postgres:\/\/.+\/manufacture is up to date/);

    const server = shell('exec npm run -s serve', env);
    await vi.waitFor(() => expect(server.output()).toContain('[server] Manufacture is running at'), WAIT);
    expect((await fetch(`http://127.0.0.1:${apiPort}/ready`)).status).toBe(200);
    // The start-up lines, in the guide's order (its `<…>` is anything; its port 3000 is this one's).
    const promised = block('startup')
      .trim()
      .split('\n')
      .map((line) => new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replaceAll('localhost:3000', `localhost:${apiPort}`).replace(/<[^>]+>/g, '.+')}$`));
    const printed = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('[server]'));
    expect(printed).toHaveLength(promised.length);
    printed.forEach((line, i) => expect(line).toMatch(promised[i]!));
    expect(server.output()).not.toContain('mailer:secret');

    const worker = shell('exec npm run -s worker', env);
    await vi.waitFor(() => expect(worker.output()).toContain('[worker] taking analysis jobs'), WAIT);
    expect(worker.output()).toMatch(/\[worker\] taking analysis jobs, 1 at a time \(pid \d+\); files: S3 bucket manufacture-files at http:\/\/127\.0\.0\.1:\d+/);

    // Both hold no more connections than the guide budgets: PG_POOL_MAX + the queue's pool + 1 each.
    const admin = new pg.Client({ connectionString: superuser });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: string }>("select count(*) as n from pg_stat_activity where usename = 'manufacture'");
      const held = Number(rows[0]!.n);
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThanOrEqual(2 * (3 + JOB_QUEUE_POOL_SIZE + 1));
      console.log(`[deploy guide] an API server and a worker (PG_POOL_MAX=3) hold ${held} connections; the guide's budget is ${2 * (3 + JOB_QUEUE_POOL_SIZE + 1)}`);
    } finally {
      await admin.end();
    }

    // SIGTERM to npm stops each as the guide's "Stopping gracefully" says.
    server.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await worker.exited).toBe(0);
    expect(server.output()).toContain('[server] SIGTERM: finishing the requests in flight, then stopping');
    expect(server.output()).toContain('[server] stopped');
    expect(worker.output()).toContain('[worker] stopping: finishing the jobs in hand');
    expect(worker.output()).toContain('[worker] stopped');
    for (const line of ['[server] SIGTERM: finishing the requests in flight, then stopping', '[server] stopped', '[worker] stopping: finishing the jobs in hand', '[worker] stopped']) {
      expect(guide).toContain(`\`${line}\``);
    }
    s3.child.kill('SIGTERM');
    await s3.exited;
    expect(fs.readdirSync(path.join(scratch, 's3'))).toContain('manufacture-files');
  }, 400_000);
});
