import path from 'node:path';
import { serve } from '@hono/node-server';
import { readConfig } from './config.ts';
import { createApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';

const config = readConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'manufacture.db'),
});
await migrateToLatest(database.db as never);
await seedReferenceData(database.db);

const app = createApp({ db: database.db, config });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`;
  console.log(`[server] database: ${database.kind} (${database.location})`);
  console.log(`[server] API: ${url}/api/${config.apiSegment}/ and ${url}/msapi/${config.apiSegment}/`);
  if (config.staticDir) console.log(`[server] Manufacture is running at ${url}/manufacture/`);
});

function shutdown(): void {
  server.close(() => {
    void database.close().then(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
