import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as m001 from './migrations/001-reference-data.ts';
import * as m002 from './migrations/002-accounts.ts';
import * as m003 from './migrations/003-quotes.ts';
import * as m004 from './migrations/004-orders.ts';
import * as m005 from './migrations/005-security.ts';
import * as m006 from './migrations/006-account.ts';
import * as m007 from './migrations/007-rewards.ts';
import * as m008 from './migrations/008-after-order.ts';
import * as m010 from './migrations/010-keys-and-indexes.ts';
import * as m011 from './migrations/011-jobs-and-outbox.ts';
import * as m013 from './migrations/013-order-findings.ts';
import * as m014 from './migrations/014-assembly-parts.ts';
import * as m015 from './migrations/015-referral-keys.ts';
import * as m016 from './migrations/016-deferred-checks.ts';
import * as m017 from './migrations/017-oauth-nonce.ts';
import * as m018 from './migrations/018-claims-cards-and-forfeits.ts';
import * as m020 from './migrations/020-stored-answers.ts';

/** Every migration, in order. Listed by hand so the server runs the same set bundled or not. */
const migrations: Record<string, Migration> = {
  '001-reference-data': m001,
  '002-accounts': m002,
  '003-quotes': m003,
  '004-orders': m004,
  '005-security': m005,
  '006-account': m006,
  '007-rewards': m007,
  '008-after-order': m008,
  '010-keys-and-indexes': m010,
  '011-jobs-and-outbox': m011,
  '013-order-findings': m013,
  '014-assembly-parts': m014,
  '015-referral-keys': m015,
  '016-deferred-checks': m016,
  '017-oauth-nonce': m017,
  '018-claims-cards-and-forfeits': m018,
  '020-stored-answers': m020,
};

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Numbers were reserved per issue and landed out of order (006 before 005): a data folder
    // migrated between the two landings takes the missing one next; none depends on another.
    allowUnorderedMigrations: true,
  });
}

/**
 * Applies every pending migration. Several processes may call it at once on one PostgreSQL: Kysely's
 * migrator holds a session advisory lock (`pg_advisory_lock`) while it reads and applies, so one
 * applies them and the others find nothing left to do (ADR 118, tests/server/db/migrate.test.ts).
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const result = await migrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** The names of the migrations not yet applied (MIGRATE=skip refuses to start while any are; /ready answers 503). */
export async function pendingMigrations(db: Kysely<unknown>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
