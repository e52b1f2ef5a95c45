import path from 'node:path';
import { serve } from '@hono/node-server';
import { readConfig } from './config.ts';
import { createAppWithContext } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from './accounts/demo-account.ts';
import { resolveJwtSecret } from './auth/jwt-secret.ts';
import { removeExpiredQuoteFiles } from './quote/retention.ts';

const env = readConfig();
const config = { ...env, jwtSecret: resolveJwtSecret(env.jwtSecret, env.dataDir) };
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'manufacture.db'),
});
await migrateToLatest(database.db as never);
await seedReferenceData(database.db);
if (database.kind === 'sqlite' && config.seedDemo && (await seedDemoAccount(database.db))) {
  console.log(`[server] seeded the demo customer: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

const { app, ctx } = createAppWithContext({ db: database.db, config });

// Spec section 9: uploaded 3D files are kept 3 months (ADR 044). Hourly, and once at start.
const retention = () =>
  removeExpiredQuoteFiles({ db: database.db, files: ctx.quote.files, log: ctx.log }, ctx.clock()).catch((error: unknown) =>
    console.error('[server] quote file retention failed', error),
  );
void retention();
const retentionTimer = setInterval(() => void retention(), 3600 * 1000);
retentionTimer.unref();
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`;
  console.log(`[server] database: ${database.kind} (${database.location})`);
  console.log(`[server] API: ${url}/api/${config.apiSegment}/ and ${url}/msapi/${config.apiSegment}/`);
  console.log(`[server] API docs: ${url}/api/${config.apiSegment}/openapi.json and ${url}/msapi/${config.apiSegment}/openapi.json`);
  if (!config.smtpUrl) console.log(`[server] no SMTP_URL: mail is logged here and listed at ${url}/dev/outbox`);
  if (config.staticDir) console.log(`[server] Manufacture is running at ${url}/manufacture/`);
});

function shutdown(): void {
  clearInterval(retentionTimer);
  server.close(() => {
    void Promise.all([ctx.quote.close(), database.close()]).then(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
