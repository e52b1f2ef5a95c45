// Measures the embedded database candidates through Kysely, as the server uses them:
// open (+ create a table), 2 000 single-row inserts, 2 000 primary-key selects.
// Run: node --import tsx scripts/bench-embedded-db.ts [path/to/folder/with/pglite]
// The PGlite figures need @electric-sql/pglite and kysely-pglite installed in the given folder
// (they are not project dependencies); without it only libSQL is measured.
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import Sqlite from 'libsql';

interface T {
  item: { id: string; n: number };
}
const N = 2000;

async function measure(name: string, open: () => Promise<Kysely<T>>) {
  const t0 = performance.now();
  const db = await open();
  await sql`create table item (id text primary key, n integer not null)`.execute(db);
  const t1 = performance.now();
  for (let i = 0; i < N; i++) await db.insertInto('item').values({ id: `k${i}`, n: i }).execute();
  const t2 = performance.now();
  for (let i = 0; i < N; i++) await db.selectFrom('item').selectAll().where('id', '=', `k${i}`).executeTakeFirst();
  const t3 = performance.now();
  await db.destroy();
  const rate = (ms: number) => Math.round((N / ms) * 1000);
  console.log(
    `${name.padEnd(22)} open ${(t1 - t0).toFixed(0).padStart(5)} ms   inserts ${String(rate(t2 - t1)).padStart(6)}/s   selects ${String(rate(t3 - t2)).padStart(6)}/s`,
  );
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-bench-'));
await measure('libSQL (file, WAL)', async () => {
  const s = new Sqlite(path.join(dir, 'bench.db'));
  s.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  return new Kysely<T>({ dialect: new SqliteDialect({ database: s as never }) });
});

const pgliteFolder = process.argv[2];
if (pgliteFolder) {
  const load = (pkg: string) => import(pathToFileURL(path.resolve(pgliteFolder, 'node_modules', pkg, 'dist/index.js')).href);
  const { KyselyPGlite } = await load('kysely-pglite');
  await measure('PGlite (file)', async () => {
    const { dialect } = await KyselyPGlite.create(path.join(dir, 'pglite'));
    return new Kysely<T>({ dialect });
  });
}
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
