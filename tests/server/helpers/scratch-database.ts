import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * An empty PostgreSQL database of its own for a test that needs one outside `createTestApp` (several
 * pools or processes on one database). Undefined on the SQLite run (no DATABASE_URL).
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `scratch_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      a.on('error', () => {});
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
