import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * `db.transaction().execute(fn)` that reports the error which made the transaction fail. SQLite
 * rolls a transaction back by itself on some errors (SQLITE_FULL: a full disk), so the ROLLBACK
 * that Kysely sends afterwards fails too ("no transaction is active") and would hide the cause,
 * e.g. turning a 507 "out of space" into a 500.
 */
export async function transact<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let cause: { error: unknown } | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      try {
        return await fn(trx);
      } catch (error) {
        cause = { error };
        throw error;
      }
    });
  } catch (error) {
    throw cause ? cause.error : error;
  }
}

/**
 * `fn` in a transaction: `db`'s own when `db` already is one (a caller that answers a write once by
 * its Idempotency-Key runs the whole write in its transaction, ADR 174), else a new one.
 */
export async function withinTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
