import path from 'node:path';
import { DEMO_EMAIL, seedDemoAccount } from '../accounts/demo-account.ts';
import { readConfig } from '../config.ts';
import { checkDatabaseReachable, openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedReferenceData } from '../db/seed/reference-data.ts';

/**
 * `npm run db:migrate`: the release step an operator runs once before starting the API processes
 * with MIGRATE=skip (docs/deploy.md, ADR 118). Safe to run twice or from two machines at once (the
 * migrator's advisory lock). SEED_DEMO=1 also seeds the demo customer into an empty database.
 */
let database: Db | undefined;
try {
  const config = readConfig();
  database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'manufacture.db'), postgres: config.postgres });
  await checkDatabaseReachable(database, config.databaseUrl);
  const result = await migrateToLatest(database.db as never);
  const count = await seedReferenceData(database.db);
  for (const r of result.results ?? []) console.log(`[migrate] ${r.migrationName}: ${r.status}`);
  if (config.seedDemoOnPostgres && (await seedDemoAccount(database.db))) console.log(`[migrate] seeded the demo customer ${DEMO_EMAIL}`);
  console.log(`[migrate] ${database.kind} at ${database.location} is up to date; ${count} countries`);
  await database.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await database?.close().catch(() => {});
  process.exitCode = 1;
}
