import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as m001 from './migrations/001-reference-data.ts';
import * as m002 from './migrations/002-accounts.ts';
import * as m003 from './migrations/003-quotes.ts';
import * as m004 from './migrations/004-orders.ts';
import * as m005 from './migrations/005-security.ts';
import * as m006 from './migrations/006-account.ts';
import * as m008 from './migrations/008-after-order.ts';
import * as m007 from './migrations/007-rewards.ts';
import * as m013 from './migrations/013-order-findings.ts';

/** Every migration, in order. Listed by hand so the server runs the same set bundled or not. */
const migrations: Record<string, Migration> = {
  '001-reference-data': m001,
  '002-accounts': m002,
  '003-quotes': m003,
  '004-orders': m004,
  '005-security': m005,
  '006-account': m006,
  '008-after-order': m008,
  '007-rewards': m007,
  '013-order-findings': m013,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Numbers were reserved per issue and landed out of order (006 before 005): a data folder
    // migrated between the two landings takes the missing one next; none depends on another.
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
