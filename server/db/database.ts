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
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new Sqlite(options.sqliteFile);
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite as unknown as SqliteLike) as never }) });
  return { db, kind: 'sqlite', location: options.sqliteFile, close: () => db.destroy() };
}
