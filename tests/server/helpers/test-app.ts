import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { readConfig, type ServerConfig } from '#server/config';
import { createApp } from '#server/app';
import { openDatabase, type Db } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { seedReferenceData } from '#server/db/seed/reference-data';

export interface TestApp {
  database: Db;
  config: ServerConfig;
  /** Calls the main API: `api('tools/countryList?type=phoneCode')`. */
  api(path: string, init?: RequestInit): Promise<Response>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database per call, behind a real app instance: an in-memory SQLite
 * database, or, when DATABASE_URL is set (npm run test:server:pg), a new PostgreSQL database.
 */
export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  const config = { ...readConfig({ NODE_ENV: 'test' }), databaseUrl, ...overrides };
  const database = openDatabase({ databaseUrl, sqliteFile: ':memory:' });
  await migrateToLatest(database.db as never);
  await seedReferenceData(database.db);
  const app = createApp({ db: database.db, config });
  const fetchApp = async (path: string, init?: RequestInit) => app.request(path, init);
  return {
    database,
    config,
    fetch: fetchApp,
    api: (path, init) => fetchApp(`/api/${config.apiSegment}/${path}`, init),
    async close() {
      await database.close();
      await dropDatabase();
    },
  };
}
