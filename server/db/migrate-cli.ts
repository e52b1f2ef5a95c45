import path from 'node:path';
import { readConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedReferenceData } from './seed/reference-data.ts';

const config = readConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'manufacture.db') });
const result = await migrateToLatest(database.db as never);
const count = await seedReferenceData(database.db);
for (const r of result.results ?? []) console.log(`[migrate] ${r.migrationName}: ${r.status}`);
console.log(`[migrate] ${database.kind} at ${database.location} is up to date; ${count} countries`);
await database.close();
