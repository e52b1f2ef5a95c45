import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';

/** Where the migrations are: one file each, `NNN-what-it-does.ts`, applied in the order of their names. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** `001-reference-data.ts`: a three-digit number, then words in kebab-case (the migration's name is the file's, without `.ts`). */
const MIGRATION_FILE = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

/**
 * Every migration of `dir`, found rather than listed (issue 37 item 3, ADR 182): a new file there
 * is applied at the next start or `npm run db:migrate`. Its name is its file's, so the names the
 * databases already recorded (001 to 020) stay theirs. A file that is not a migration (another
 * name, a number twice, no `up`) stops the start with a sentence, never a silent skip.
 */
export async function discoverMigrations(dir: string = MIGRATIONS_DIR): Promise<Record<string, Migration>> {
  const files = (await readdir(dir)).filter((file) => !file.startsWith('.')).sort();
  const migrations: Record<string, Migration> = {};
  const numbers = new Map<string, string>();
  for (const file of files) {
    const number = MIGRATION_FILE.exec(file)?.[1];
    if (!number) throw new Error(`${path.join(dir, file)} is not a migration: a migration is named NNN-what-it-does.ts (three digits, then kebab-case).`);
    const other = numbers.get(number);
    if (other) throw new Error(`Two migrations are numbered ${number}: ${other} and ${file}. Give one the next free number.`);
    numbers.set(number, file);
    const module: Partial<Migration> = await import(pathToFileURL(path.join(dir, file)).href);
    if (typeof module.up !== 'function') throw new Error(`${path.join(dir, file)} exports no up(db) function.`);
    migrations[file.slice(0, -'.ts'.length)] = module.down ? { up: module.up, down: module.down } : { up: module.up };
  }
  return migrations;
}

function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => discoverMigrations() },
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
