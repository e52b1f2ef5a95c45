import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { readConfig } from '#server/config';
import { checkDatabaseReachable, openDatabase, sslOption, unreachableDatabaseMessage } from '#server/db/database';
import { migrateToLatest, pendingMigrations } from '#server/db/migrate';
import { Readiness } from '#server/db/readiness';
import { FOREIGN_KEYS, INDEXES, foreignKeyName } from '#server/db/migrations/010-keys-and-indexes';
import { FOREIGN_KEYS_015 } from '#server/db/migrations/015-referral-keys';
import { FOREIGN_KEYS_025 } from '#server/db/migrations/025-review-keys';
import { createTestApp } from '../helpers/test-app.ts';
import { createScratchDatabase } from '../helpers/scratch-database.ts';

/** Issue 21 item 7: PostgreSQL as an operator runs it (ADR 118). */

const onPostgres = Boolean(process.env.DATABASE_URL);
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs a server-side script with `env`; its output, and a promise of its exit code. */
function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: '0', PORT: '0', HOST: '127.0.0.1', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pg-ops-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/**
 * Runs a script that should stop on its own, and its exit code. Once in the loaded CI (2026-11-23) a
 * child of the MIGRATE=skip case was ended by a signal after 0.7 s, before it had written a byte, on
 * a run where the same start exits 1 in 25 of 25 tries under the same load: a crash of the starting
 * process, not of our code path. Such a start (killed by a signal, nothing on stdout or stderr) is
 * tried once more and the signal is printed; any other answer is asserted as it came.
 */
async function runToExit(script: string, env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const attemptRun = run(script, env);
    const signal = new Promise<NodeJS.Signals | null>((resolve) => attemptRun.child.on('exit', (_code, s) => resolve(s)));
    const code = await attemptRun.exited;
    const killed = code === null ? await signal : null;
    if (killed && attempt === 1 && attemptRun.output.stdout === '' && attemptRun.output.stderr === '') {
      console.warn(`[postgres-operations] ${script} was ended by ${killed} before writing anything; trying once more`);
      continue;
    }
    return { code, output: attemptRun.output };
  }
}

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('settings by environment', () => {
  test('pool size, TLS and who migrates are read and checked', () => {
    expect(readConfig({}).postgres).toEqual({ poolMax: 10, ssl: undefined, sslCaFile: undefined, migrate: 'auto' });
    expect(readConfig({ PG_POOL_MAX: '40', DATABASE_SSL: 'verify', DATABASE_SSL_CA: '/etc/ca.pem', MIGRATE: 'skip' }).postgres).toEqual({
      poolMax: 40,
      ssl: 'verify',
      sslCaFile: '/etc/ca.pem',
      migrate: 'skip',
    });
    expect(() => readConfig({ PG_POOL_MAX: '0' })).toThrow('PG_POOL_MAX must be a positive whole number; got "0"');
    expect(() => readConfig({ DATABASE_SSL: 'yes' })).toThrow('DATABASE_SSL must be off, require or verify; got "yes"');
    expect(() => readConfig({ DATABASE_SSL_CA: '/etc/ca.pem' })).toThrow('DATABASE_SSL_CA needs DATABASE_SSL=verify');
    expect(() => readConfig({ MIGRATE: 'never' })).toThrow('MIGRATE must be auto or skip; got "never"');
    expect(sslOption({ ssl: 'off' })).toBe(false);
    expect(sslOption({ ssl: 'require' })).toEqual({ rejectUnauthorized: false });
    expect(sslOption({ ssl: 'verify' })).toEqual({ rejectUnauthorized: true });
    expect(sslOption({})).toBeUndefined();
    expect(() => sslOption({ ssl: 'verify', sslCaFile: '/no/such/ca.pem' })).toThrow('Manufacture cannot start: it cannot read DATABASE_SSL_CA /no/such/ca.pem (ENOENT).');
  });

  test('JWT_SECRET is required with DATABASE_URL in production, at least 32 characters, and not easy to guess there', () => {
    const production = { NODE_ENV: 'production', BANK_ACCOUNTS: 'demo', DATABASE_URL: 'postgres://db.internal/shop' };
    expect(() => readConfig(production)).toThrow(
      'JWT_SECRET is required with DATABASE_URL in production: every API process must sign tokens with the same secret (at least 32 characters)',
    );
    expect(() => readConfig({ ...production, JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    // A secret that is long but easy to guess is refused in production (issue 32 item 8).
    const weak = /JWT_SECRET looks easy to guess/;
    for (const secret of ['a'.repeat(40), 'x'.repeat(32), 'password'.repeat(5), 'abcdefghijklmnopqrstuvwxyz0123456789', 'ab12'.repeat(10)]) {
      expect(() => readConfig({ ...production, JWT_SECRET: secret }), secret).toThrow(weak);
      expect(readConfig({ ...production, NODE_ENV: 'development', JWT_SECRET: secret }).jwtSecret).toBe(secret);
    }
    // What the guide's generators print is taken: 32 hex characters (128 bits), 64 base64 characters.
    for (const secret of ['9f86d081884c7d659a2feaa0c55ad015', 'q3Yp0x7M1vKzR9bW2nT6cE4hLsJ8dF5aGuZoXiVkPyQrNmBwSe1tUj3l0O7D9Hq2']) {
      expect(readConfig({ ...production, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    }
    // One process on the embedded database keeps its secret in the data folder (ADR 020).
    expect(readConfig({ NODE_ENV: 'production', BANK_ACCOUNTS: 'demo' }).jwtSecret).toBeUndefined();
  });
});

describe('a database that cannot be reached', () => {
  test('the server stops with one sentence naming host:port and why, never the password', async () => {
    const port = await closedPort();
    const { output, code } = await runToExit('server/main.ts', { DATABASE_URL: `postgres://shop:hunter2secret@127.0.0.1:${port}/shop` });
    expect(code).toBe(1);
    expect(output.stderr.trim()).toBe(
      `Manufacture cannot start: it cannot connect to PostgreSQL at 127.0.0.1:${port} (database "shop"), because nothing accepts connections there. Check DATABASE_URL and DATABASE_SSL, and that the database server is running.`,
    );
    expect(output.stderr + output.stdout).not.toContain('hunter2secret');
  }, 60_000);

  test('npm run db:migrate says the same', async () => {
    const port = await closedPort();
    const { output, code } = await runToExit('server/cli/migrate.ts', { DATABASE_URL: `postgres://shop@127.0.0.1:${port}/shop` });
    expect(code).toBe(1);
    expect(output.stderr.trim()).toMatch(/^Manufacture cannot start: it cannot connect to PostgreSQL at 127\.0\.0\.1:\d+ \(database "shop"\), because nothing accepts connections there\./);
  }, 60_000);

  test('other causes are named in words', () => {
    const url = 'postgres://u:p@db.internal:6543/orders';
    expect(unreachableDatabaseMessage(url, Object.assign(new Error('x'), { code: '28P01' }))).toContain('at db.internal:6543 (database "orders"), because the password was refused.');
    expect(unreachableDatabaseMessage(url, Object.assign(new Error('x'), { code: '3D000' }))).toContain('because the database does not exist.');
    expect(unreachableDatabaseMessage('postgres://h/x', Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toContain('at h:5432 (database "x"), because the host name is unknown.');
  });
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  test('DATABASE_SSL=require against a server without TLS is reported as a TLS failure', async () => {
    const url = process.env.DATABASE_URL as string;
    const database = openDatabase({ databaseUrl: url, sqliteFile: ':memory:', postgres: { ssl: 'require' } });
    try {
      await expect(checkDatabaseReachable(database, url)).rejects.toThrow(/because of its TLS settings \(The server does not support SSL connections\)/);
    } finally {
      await database.close();
    }
  });

  test('two processes migrating one empty database at once: one applies, neither fails', async () => {
    const scratch = await createScratchDatabase();
    if (!scratch) return;
    const a = openDatabase({ databaseUrl: scratch.url, sqliteFile: ':memory:' });
    const b = openDatabase({ databaseUrl: scratch.url, sqliteFile: ':memory:' });
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a.db as never), migrateToLatest(b.db as never)]);
      const applied = [ra, rb].map((r) => (r.results ?? []).filter((m) => m.status === 'Success').length).sort();
      expect(applied[0]).toBe(0);
      expect(applied[1]).toBeGreaterThanOrEqual(8);
      expect(await pendingMigrations(a.db as never)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await scratch.drop();
    }
  }, 60_000);

  test('every owner and parent column has its foreign key, checked at commit', async () => {
    const t = await createTestApp();
    try {
      const { rows } = await sql<{ conname: string; convalidated: boolean; condeferred: boolean }>`
        select conname, convalidated, condeferred from pg_constraint where contype = 'f'`.execute(t.database.db);
      for (const [table, column] of [...FOREIGN_KEYS, ...FOREIGN_KEYS_015, ...FOREIGN_KEYS_025]) {
        expect(rows.find((r) => r.conname === foreignKeyName(table, column)), `${table}.${column}`).toMatchObject({ convalidated: true, condeferred: true });
      }
      // Every column that names a row by id has its key, but those that do not on purpose (ADR 118):
      // an order's addresses, an order line's and a quote document's file and project (the order
      // keeps its own copy; the customer may delete the address or the project), a line's material
      // (a catalogue id, not a row), a payment's subject (an order, a cost or a reload, by kind) and
      // the providers' own ids; an order line's review (migration 025: the order keeps its price) and
      // a staff action's subject (by kind; the audit outlives it). `quote_file.split_from` (a
      // deleted file) does not end in _id.
      const { rows: keyless } = await sql<{ col: string }>`
        select c.table_name || '.' || c.column_name as col from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name like '%\_id' escape '\' and c.table_name not like 'pgboss%'
          and not exists (
            select 1 from information_schema.key_column_usage k
            join information_schema.table_constraints tc on tc.constraint_name = k.constraint_name and tc.table_schema = k.table_schema
            where tc.constraint_type in ('FOREIGN KEY', 'PRIMARY KEY') and k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name)
        order by 1`.execute(t.database.db);
      expect(keyless.map((r) => r.col)).toEqual([
        'customer_order.billing_address_id',
        'customer_order.shipping_address_id',
        'oauth_identity.provider_user_id',
        'order_line.file_id',
        'order_line.material_id',
        'order_line.project_id',
        'order_line.review_id',
        'payment.provider_charge_id',
        'payment.subject_id',
        'quote_document.project_id',
        'staff_action.subject_id',
      ]);
      const at = new Date().toISOString();
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await trx.insertInto('shipping_address').values({
            id: 'orphan', user_id: 'no-such-user', is_default: 0, first_name: 'A', last_name: 'B', company: null, phone_code: '+1', mobile: '5550100',
            vat_number: null, country_code: 'US', state: null, city: 'X', postcode: '1', address_line1: 'Y', address_line2: null, address_line3: null,
            created_at: at, updated_at: at,
          }).execute();
        }),
      ).rejects.toThrow(/shipping_address_user_id_fkey/);
    } finally {
      await t.close();
    }
  });

  test('a row already pointing nowhere does not stop the upgrade: its key guards new rows only', async () => {
    const scratch = await createScratchDatabase();
    if (!scratch) return;
    const database = openDatabase({ databaseUrl: scratch.url, sqliteFile: ':memory:' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const m010 = await import('#server/db/migrations/010-keys-and-indexes');
      await migrateToLatest(database.db as never);
      await m010.down(database.db as never);
      const at = new Date().toISOString();
      await sql`insert into deletion_request (id, user_id, option, reason, created_at) values ('old', 'gone-user', 'other', null, ${at})`.execute(database.db);
      await m010.up(database.db as never);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 row(s) of deletion_request.user_id name no user_account'));
      const { rows } = await sql<{ convalidated: boolean }>`select convalidated from pg_constraint where conname = 'deletion_request_user_id_fkey'`.execute(database.db);
      expect(rows).toEqual([{ convalidated: false }]);
    } finally {
      warn.mockRestore();
      await database.close();
      await scratch.drop();
    }
  }, 60_000);

  test('MIGRATE=skip refuses an unmigrated database; after npm run db:migrate (SEED_DEMO=1) it starts ready, with the demo customer; npm run worker stops on SIGTERM', async () => {
    const scratch = await createScratchDatabase();
    if (!scratch) return;
    try {
      const env = { DATABASE_URL: scratch.url, MIGRATE: 'skip', JWT_SECRET: 'a-shared-secret-of-32-characters-or-more' };
      const refused = await runToExit('server/main.ts', env);
      expect(refused.code).toBe(1);
      expect(refused.output.stderr.trim()).toMatch(/^Manufacture cannot start: the database is not up to date \(\d+ migration\(s\) pending: 001-reference-data, .*\)\. Run npm run db:migrate once, then start the servers \(MIGRATE=skip\)\.$/);

      const migrate = await runToExit('server/cli/migrate.ts', { DATABASE_URL: scratch.url, SEED_DEMO: '1' });
      expect(migrate.code).toBe(0);
      expect(migrate.output.stdout).toContain('[migrate] 010-keys-and-indexes: Success');
      expect(migrate.output.stdout).toContain('[migrate] seeded the demo customer demo@example.com');

      const server = run('server/main.ts', env);
      await vi.waitFor(() => expect(server.output.stdout).toMatch(/API: (http:\/\/127\.0\.0\.1:\d+)\//), { timeout: 60_000, interval: 100 });
      const base = /API: (http:\/\/127\.0\.0\.1:\d+)\//.exec(server.output.stdout)?.[1];
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true });
      const login = await fetch(`${base}/api/manufacture/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
      });
      expect(login.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // `npm run worker`, as documented: SIGTERM to npm reaches the worker, which finishes and leaves (issue 41 item 1).
      const worker = spawn('npm', ['run', 'worker'], {
        env: { ...process.env, NODE_ENV: 'test', JOB_QUEUE: 'postgres', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pg-worker-')), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(worker);
      let said = '';
      worker.stdout?.on('data', (d: Buffer) => (said += d.toString()));
      const workerExited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
      await vi.waitFor(() => expect(said).toContain('[worker] taking analysis jobs'), { timeout: 60_000, interval: 100 });
      worker.kill('SIGTERM');
      expect(await workerExited).toBe(0);
      expect(said).toContain('[worker] stopping: finishing the jobs in hand');
    } finally {
      await scratch.drop();
    }
  }, 120_000);
});

test('the indexes the queries need exist', async () => {
  const t = await createTestApp();
  try {
    const names =
      t.database.kind === 'postgres'
        ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(t.database.db)).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(t.database.db)).rows;
    for (const [name] of INDEXES) expect(names.map((n) => n.name)).toContain(name);
  } finally {
    await t.close();
  }
});

describe('GET /ready', () => {
  test('ready when the database answers and is migrated; 503 with the reason when not, or while shutting down', async () => {
    const t = await createTestApp();
    const bare = openDatabase({ sqliteFile: ':memory:' });
    try {
      const res = await t.fetch('/ready');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ready: true });
      expect(await new Readiness(bare.db).check()).toEqual({ ready: false, message: `The database is not up to date: ${(await pendingMigrations(bare.db as never)).length} migration(s) pending; run npm run db:migrate.` });
      const readiness = new Readiness(t.database.db);
      readiness.drain();
      expect(await readiness.check()).toEqual({ ready: false, message: 'Shutting down.' });
      await bare.close();
      expect(await new Readiness(bare.db).check()).toEqual({ ready: false, message: 'The database does not answer.' });
    } finally {
      await t.close();
    }
  });
});
