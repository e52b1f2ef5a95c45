import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'libsql';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { withStatementCache, type SqliteLike } from './statement-cache.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start-up line (no password). */
  location: string;
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

/**
 * PostgreSQL when a URL is given, otherwise the embedded SQLite file (ADR 003).
 * `sqliteFile` may be ':memory:' for tests.
 */
export function openDatabase(options: { databaseUrl?: string | undefined; sqliteFile: string; log?: (line: string) => void }): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
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
