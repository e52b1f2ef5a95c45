import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Kysely } from 'kysely';
import { APP_BASE_PATH, MAIN_API_BASE, MICROSERVICE_API_BASE } from '#domain/api/bases';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import { HttpError, errorResponse } from './http/errors.ts';
import { toolsRoutes } from './http/tools-routes.ts';

export interface AppDeps {
  db: Kysely<Database>;
  config: ServerConfig;
}

/** The whole HTTP surface: both API bases, health, and (in production) the built web app. */
export function createApp(deps: AppDeps): Hono {
  const { config } = deps;
  const app = new Hono();
  app.onError((error, c) => errorResponse(c, error));

  const main = new Hono();
  main.route('/tools', toolsRoutes(deps));

  const microservice = new Hono();
  microservice.get('/health', (c) => c.json({ ok: true }));

  for (const [base, api] of [
    [MAIN_API_BASE, main],
    [MICROSERVICE_API_BASE, microservice],
  ] as const) {
    const prefix = `${base}/${config.apiSegment}`;
    app.route(prefix, api);
    app.all(`${base}/*`, () => {
      throw new HttpError(404, 'Not found');
    });
  }

  app.get('/health', (c) => c.json({ ok: true }));

  if (config.staticDir) mountWebApp(app, config.staticDir);
  return app;
}

/**
 * Serves the built single-page app under /manufacture/. Files that exist are served (hashed assets
 * cached for a year); any other path gets index.html, and the client router sends unknown paths to /404.
 */
function mountWebApp(app: Hono, staticDir: string): void {
  const indexFile = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`No built web app at ${staticDir}: run \`npm run build\` first`);
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const base = APP_BASE_PATH.replace(/\/$/, '');

  app.get('/', (c) => c.redirect(APP_BASE_PATH));
  app.get(base, (c) => c.redirect(APP_BASE_PATH));
  app.use(`${base}/assets/*`, async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    `${base}/*`,
    serveStatic({ root: path.relative(process.cwd(), staticDir) || '.', rewriteRequestPath: (p) => p.slice(base.length) }),
  );
  app.get(`${base}/*`, (c) => c.html(indexHtml));
}
