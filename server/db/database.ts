import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'libsql';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.ts';
import { withStatementCache, type SqliteLike } from './statement-cache.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start-up line (no password). */
  location: string;
  /** PostgreSQL's connection pool (shared by the rate limiter, ADR 119); undefined on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

const WHY_NOT_WRITABLE: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission is denied',
  EPERM: 'the operation is not permitted',
  ENOTDIR: 'a part of its path is a file, not a folder',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

/**
 * The error code that explains the failure: a folder that could not be made reports ENOENT even
 * on a read-only file system, so the nearest folder that exists is asked why.
 */
function whyNotWritable(dir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code !== 'ENOENT') return code;
  for (let ancestor = path.dirname(dir); ; ancestor = path.dirname(ancestor)) {
    if (fs.existsSync(ancestor)) {
      try {
        fs.accessSync(ancestor, fs.constants.W_OK);
        return code;
      } catch (inner) {
        return (inner as NodeJS.ErrnoException).code ?? code;
      }
    }
    if (ancestor === path.dirname(ancestor)) return code;
  }
}

/**
 * Makes sure the server can write its data folder (the embedded database, the token secret, the
 * files), or throws an Error whose message is one sentence saying what is wrong and what to do
 * (issue 12 item 13): main.ts prints it, not a stack trace.
 */
export function checkWritableFolder(dir: string, what = 'data folder', variable = 'DATA_DIR'): void {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(probe, '', { mode: 0o600 });
    fs.rmSync(probe, { force: true });
  } catch (error) {
    const code = whyNotWritable(dir, error);
    const why = WHY_NOT_WRITABLE[code] ?? `of ${code || String(error)}`;
    throw new Error(`Manufacture cannot start: it cannot write to its ${what} ${dir}, because ${why}. Set ${variable} to a folder the server may write, or make this one writable.`, { cause: error });
  }
}

/**
 * PostgreSQL's 64-bit integers (money columns since migration 005, counts) as JavaScript numbers.
 * The driver gives them as strings because a number loses precision above 2^53; amounts stay far
 * below that under the order ceiling (MAX_ORDER_CENTS), and a value that would not is an error
 * rather than a silently wrong number.
 */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`A 64-bit value from the database is too large to read exactly: ${value}`);
  return n;
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

/** PostgreSQL connection settings an operator sets (ADR 118); the defaults suit one machine. */
export interface PostgresOptions {
  poolMax?: number;
  ssl?: 'off' | 'require' | 'verify' | undefined;
  sslCaFile?: string | undefined;
}

/** node-postgres's `ssl` option for DATABASE_SSL; undefined leaves the URL's sslmode and PGSSLMODE in charge. */
export function sslOption(options: PostgresOptions): pg.PoolConfig['ssl'] {
  switch (options.ssl) {
    case 'off':
      return false;
    case 'require':
      return { rejectUnauthorized: false };
    case 'verify':
      return { rejectUnauthorized: true, ...(options.sslCaFile ? { ca: readCaFile(options.sslCaFile) } : {}) };
    default:
      return undefined;
  }
}

function readCaFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Manufacture cannot start: it cannot read DATABASE_SSL_CA ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, { cause: error });
  }
}

const WHY_UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the server closed the connection',
  EHOSTUNREACH: 'the host is unreachable',
  '28P01': 'the password was refused',
  '28000': 'the server does not let this user in',
  '3D000': 'the database does not exist',
  '57P03': 'the database server is starting or shutting down',
  '53300': 'the database server has no connection left',
};

/**
 * One sentence for an operator when PostgreSQL cannot be reached at start (issue 21 item 7): where
 * (host:port and database, never the password), why, and what to check. Not "Migration unknown failed".
 */
export function unreachableDatabaseMessage(databaseUrl: string, error: unknown): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || url.username || 'postgres';
  const code = (error as { code?: string } | undefined)?.code ?? '';
  const text = error instanceof Error ? error.message : String(error);
  const why = WHY_UNREACHABLE[code] ?? (/SSL|certificate/i.test(text) ? `of its TLS settings (${text})` : `of ${text || code || 'an unknown error'}`);
  return `Manufacture cannot start: it cannot connect to PostgreSQL at ${where} (database "${database}"), because ${why}. Check DATABASE_URL and DATABASE_SSL, and that the database server is running.`;
}

/** Throws an Error with `unreachableDatabaseMessage` when the database does not answer a first query. */
export async function checkDatabaseReachable(database: Db, databaseUrl: string | undefined): Promise<void> {
  if (database.kind !== 'postgres' || !databaseUrl) return;
  try {
    await sql`select 1`.execute(database.db);
  } catch (error) {
    throw new Error(unreachableDatabaseMessage(databaseUrl, error), { cause: error });
  }
}

/**
 * PostgreSQL when a URL is given, otherwise the embedded SQLite file (ADR 003).
 * `sqliteFile` may be ':memory:' for tests.
 */
export function openDatabase(options: { databaseUrl?: string | undefined; sqliteFile: string; log?: (line: string) => void; postgres?: PostgresOptions }): Db {
  if (options.databaseUrl) {
    const ssl = sslOption(options.postgres ?? {});
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.postgres?.poolMax ?? 10,
      // A database that does not answer is reported at start rather than waited on for ever.
      connectionTimeoutMillis: 10_000,
      ...(ssl !== undefined ? { ssl } : {}),
    });
    // An idle pooled connection that the server ends (a restart, an administrator, a dropped test
    // database) emits 'error' on the pool; unhandled, it would take the whole process down. The
    // pool drops that client and opens a new one on the next query, so a line in the log is enough.
    const log = options.log ?? ((line: string) => console.warn(line));
    pool.on('error', (error) => log(`[db] an idle PostgreSQL connection was closed: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      pool,
      location: `postgres://${url.host}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  if (options.sqliteFile !== ':memory:') {
    fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true, mode: 0o700 });
    // The database holds accounts and password hashes: only the server's user may read it (issue 12
    // item 13). SQLite creates its -wal and -shm files with the database file's permissions.
    fs.closeSync(fs.openSync(options.sqliteFile, 'a', 0o600));
    fs.chmodSync(options.sqliteFile, 0o600);
  }
  const sqlite = new Sqlite(options.sqliteFile);
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite as unknown as SqliteLike) as never }) });
  return { db, kind: 'sqlite', location: options.sqliteFile, close: () => db.destroy() };
}
