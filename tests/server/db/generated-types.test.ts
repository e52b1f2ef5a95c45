import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { GENERATED_FILE, generateDatabaseTypes } from '#server/cli/db-types';

/**
 * Issue 37 item 3 (ADR 182): the database's types are generated from the migrated schema. This
 * fails while server/db/tables.generated.ts is not what `npm run db:types` writes now: a migration
 * added or changed without its types, or the file edited by hand.
 */
test('server/db/tables.generated.ts is what the migrations make (else: npm run db:types, and commit it)', async () => {
  const committed = await readFile(GENERATED_FILE, 'utf8');
  expect(await generateDatabaseTypes(), 'server/db/tables.generated.ts is stale: run npm run db:types and commit it').toBe(committed);
}, 60_000);
