/**
 * What Kysely's `SqliteDialect` needs of a database (`prepare` and `close`), with every prepared
 * statement kept by its SQL text and reused (ADR 105). Preparing was the largest single cost of a
 * signed-in request on the embedded database: ~25 µs a statement against ~6 µs to run a prepared
 * one, measured with libsql 0.5 here.
 *
 * Safe to share because Kysely's SQLite driver has one connection behind a mutex: one query (or one
 * stream) at a time, so a statement is never in use twice at once. Kysely calls only `all` (readers)
 * and `run` (writers) and `iterate` (streams) on a statement, which restart it on each call; libsql's
 * `get` does not (it returns the previous run's next row), so the wrapper hands out nothing else.
 */
export interface SqliteStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

export interface SqliteLike {
  prepare(sql: string): SqliteStatement;
  close(): void;
}

/** Enough for every query the app writes; lists of varying length (`in (?, ?, …)`) are evicted first. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A prepared statement whose `reader` flag (does it return rows?) is read once: libsql asks the
 * native statement on every read of the getter, and Kysely reads it before every query.
 */
function remembered(statement: SqliteStatement): SqliteStatement {
  const reader = statement.reader;
  return {
    reader,
    all: (parameters) => statement.all(parameters),
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.iterate(parameters),
  };
}

export function withStatementCache(database: SqliteLike, size = STATEMENT_CACHE_SIZE): SqliteLike & { readonly cached: number } {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last: a Map keeps insertion order, so the first key is the oldest.
        statements.delete(sql);
      } else {
        statement = remembered(database.prepare(sql));
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
    get cached() {
      return statements.size;
    },
  };
}
