import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { discoverMigrations } from '#server/db/migrate';

/**
 * Issue 37 item 3 (ADR 182): the migrations are found in server/db/migrations, not listed by hand.
 * The names databases already recorded must stay theirs, in their order; a new file is found; a
 * file that is not a migration stops the start with a sentence.
 */
const RECORDED = [
  '001-reference-data',
  '002-accounts',
  '003-quotes',
  '004-orders',
  '005-security',
  '006-account',
  '007-rewards',
  '008-after-order',
  '010-keys-and-indexes',
  '011-jobs-and-outbox',
  '013-order-findings',
  '014-assembly-parts',
  '015-referral-keys',
  '016-deferred-checks',
  '017-oauth-nonce',
  '018-claims-cards-and-forfeits',
  '020-stored-answers',
];

test('the migrations found are the ones databases recorded, under the same names and in the same order; later ones come after', async () => {
  const names = Object.keys(await discoverMigrations());
  expect(names.slice(0, RECORDED.length)).toEqual(RECORDED);
  for (const later of names.slice(RECORDED.length)) expect(later > '020-stored-answers', later).toBe(true);
});

describe('a folder of migrations', () => {
  let dir: string;
  const UP = "export async function up(db) { await db.schema.createTable('probe').addColumn('id', 'text').execute(); }\n";

  beforeAll(async () => {
    await mkdir(path.join(process.cwd(), '.tmp'), { recursive: true });
    dir = await mkdtemp(path.join(process.cwd(), '.tmp', 'migrations-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const folder = async (files: Record<string, string>) => {
    const at = await mkdtemp(path.join(dir, 'case-'));
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(at, name), text);
    return at;
  };

  test('a new file is found by its name, in number order, with its up and down', async () => {
    const at = await folder({ '022-new-table.ts': `${UP}export async function down() {}\n`, '001-first.ts': UP });
    const found = await discoverMigrations(at);
    expect(Object.keys(found)).toEqual(['001-first', '022-new-table']);
    expect(typeof found['022-new-table']?.up).toBe('function');
    expect(typeof found['022-new-table']?.down).toBe('function');
    expect(found['001-first']?.down).toBeUndefined();
  });

  test('a file that is not a migration is refused with a sentence, never skipped', async () => {
    await expect(discoverMigrations(await folder({ '22-short-number.ts': UP }))).rejects.toThrow(/is not a migration: a migration is named NNN-what-it-does\.ts/);
    await expect(discoverMigrations(await folder({ '022-Camel-Case.ts': UP }))).rejects.toThrow(/is not a migration/);
    await expect(discoverMigrations(await folder({ '022-a.ts': UP, '022-b.ts': UP }))).rejects.toThrow('Two migrations are numbered 022: 022-a.ts and 022-b.ts');
    await expect(discoverMigrations(await folder({ '022-no-up.ts': 'export const nothing = 1;\n' }))).rejects.toThrow(/exports no up\(db\) function/);
  });
});
