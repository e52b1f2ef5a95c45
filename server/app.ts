import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { APP_BASE_PATH, MAIN_API_BASE, MICROSERVICE_API_BASE } from '#domain/api/bases';
import { createAppContext, type AppContext, type AppDeps } from './app-context.ts';
import type { AppEnv } from './auth/auth-context.ts';
import { accountRoutes } from './http/account-routes.ts';
import { billingAddressRoutes, shippingAddressRoutes } from './http/address-routes.ts';
import type { ApiRouter, Operation, ResponseObserver } from './http/api-router.ts';
import { balanceRoutes } from './http/balance-routes.ts';
import { cartRoutes } from './http/cart-routes.ts';
import { commonRoutes } from './http/common-routes.ts';
import { devRoutes } from './http/dev-routes.ts';
import { HttpError } from './errors.ts';
import { Readiness } from './db/readiness.ts';
import { errorResponse } from './http/error-response.ts';
import { geometryWorkerPolicy, securityHeaders, withStyleNonce } from './http/security-headers.ts';
import { filesRoutes } from './http/files-routes.ts';
import { openApiDocument } from './http/openapi.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { orderRoutes } from './http/order-routes.ts';
import { projectRoutes } from './http/project-routes.ts';
import { quickLoginRoutes } from './http/quick-login-routes.ts';
import { quoteDocumentRoutes } from './http/quote-document-routes.ts';
import { toolsRoutes } from './http/tools-routes.ts';

export type { AppDeps } from './app-context.ts';

/** Which of the two APIs an operation belongs to (the two OpenAPI documents). */
export type ApiName = 'main' | 'microservice';

/** Watches every answer a route handler produced (the server test suite checks each against its shape). */
export type AnswerObserver = (api: ApiName, operation: Operation, response: Response) => void | Promise<void>;

export interface AppOptions {
  observe?: AnswerObserver;
}

const MAIN_DOCUMENT = {
  title: 'Manufacture main API',
  description:
    'Accounts, addresses, balance, tools, checkout, orders and payments (spec section 7; docs/api.md). Errors answer `{ message, errors? }`; show `message` as-is. Auth: `Authorization: Bearer <accessToken>`, or a temporary token for temporary-scoped calls.',
};

const MICROSERVICE_DOCUMENT = {
  title: 'Manufacture microservice API',
  description:
    'Quote projects, streamed uploads analysed on the server, part configuration and the server’s price, the cart and shared quote documents (docs/api.md, ADRs 040–049). Errors answer `{ message, errors? }`; show `message` as-is. `session` calls take a full token or a temporary token.',
};

/** Every route module of the main API, in the order the OpenAPI document lists them. */
function mainApiRouters(ctx: AppContext): ApiRouter[] {
  const { balance, member } = balanceRoutes(ctx);
  return [
    commonRoutes(ctx),
    accountRoutes(ctx),
    quickLoginRoutes(ctx),
    shippingAddressRoutes(ctx),
    billingAddressRoutes(ctx),
    balance,
    member,
    toolsRoutes(ctx),
    filesRoutes(ctx),
    ...orderRoutes(ctx),
    adminRoutes(ctx),
  ];
}

/** Every route module of the microservice API: the quote calls (ADRs 040–049). */
function microserviceApiRouters(ctx: AppContext): ApiRouter[] {
  return [projectRoutes(ctx), cartRoutes(ctx), quoteDocumentRoutes(ctx)];
}

/** The whole HTTP surface: both API bases, health, and (in production) the built web app. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  return createAppWithContext(deps, options).app;
}

/** The app and its services (tests reach the adoption registry, tokens and clock through `ctx`). */
export function createAppWithContext(deps: AppDeps, options: AppOptions = {}): { app: Hono; ctx: AppContext; readiness: Readiness } {
  const { config } = deps;
  const ctx = createAppContext(deps);
  const readiness = new Readiness(ctx.db);
  const app = new Hono();
  app.onError((error, c) => errorResponse(c, error));
  // Every answer, the app's pages and the API's alike (issue 12 item 6, ADR 080).
  app.use(securityHeaders(config));

  // Who is calling (ADR 020): anonymous, temporary or user; an unusable token counts as anonymous.
  const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    c.set('auth', match?.[1] ? await ctx.tokens.authenticate(match[1]) : { kind: 'anonymous' });
    await next();
  };
  /** One API base: its routers behind the auth middleware, and its OpenAPI document from their definitions. */
  const mountApi = (api: ApiName, routers: ApiRouter[], serverPath: string, info: typeof MAIN_DOCUMENT) => {
    const hono = new Hono<AppEnv>();
    hono.use(authenticate);
    const operations: Operation[] = [];
    const observe = options.observe;
    const observer: ResponseObserver | undefined = observe ? (operation, response) => observe(api, operation, response) : undefined;
    for (const router of routers) {
      router.observer = observer;
      hono.route(router.prefix, router.hono);
      operations.push(...router.operations);
    }
    const document = openApiDocument(operations, serverPath, info);
    hono.get('/openapi.json', (c) => c.json(document));
    return hono;
  };
  const main = mountApi('main', mainApiRouters(ctx), `${MAIN_API_BASE}/${config.apiSegment}`, MAIN_DOCUMENT);
  const microservice = mountApi('microservice', microserviceApiRouters(ctx), `${MICROSERVICE_API_BASE}/${config.apiSegment}`, MICROSERVICE_DOCUMENT);
  microservice.get('/health', (c) => c.json({ ok: true }));

  for (const [base, api] of [
    // The main API's context type (auth) is its own business.
    [MAIN_API_BASE, main as unknown as Hono],
    [MICROSERVICE_API_BASE, microservice as unknown as Hono],
  ] as const) {
    const prefix = `${base}/${config.apiSegment}`;
    app.route(prefix, api);
    app.all(`${base}/*`, () => {
      throw new HttpError(404, 'Not found');
    });
  }

  app.get('/health', (c) => c.json({ ok: true }));
  // Readiness for a load balancer (docs/deploy.md): the database answers, migrations are done, not shutting down.
  app.get('/ready', async (c) => {
    const answer = await readiness.check();
    return c.json(answer, answer.ready ? 200 : 503);
  });
  if (ctx.mailer.outbox) app.route('/dev', devRoutes(ctx));

  if (config.staticDir) mountWebApp(app, config.staticDir, geometryWorkerPolicy({ https: config.publicUrl.startsWith('https:'), reportUri: config.cspReportUri }));
  return { app, ctx, readiness };
}

/**
 * Serves the built single-page app under /manufacture/. Files that exist are served (hashed assets
 * cached for a year); any other path gets index.html (with the answer's style nonce, ADR 080), and
 * the client router sends unknown paths to /404. The geometry worker's script carries its own policy.
 */
function mountWebApp(app: Hono, staticDir: string, workerPolicy: string): void {
  const indexFile = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`No built web app at ${staticDir}: run \`npm run build\` first`);
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const base = APP_BASE_PATH.replace(/\/$/, '');

  // The site root is outside the app (spec: everything lives under /manufacture/). It is where a
  // channel account is sent (spec sections 4 and 6), so it must not lead back into the app by itself.
  app.get('/', (c) => c.html(SITE_ROOT_HTML));
  app.get(base, (c) => c.redirect(APP_BASE_PATH));
  const page = (c: Context) => c.html(withStyleNonce(c, indexHtml));
  app.get(`${base}/`, page);
  app.get(`${base}/index.html`, page);
  app.use(`${base}/assets/*`, async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    if (/\/geometry-worker-[\w-]+\.js$/.test(c.req.path)) c.header('Content-Security-Policy', workerPolicy);
  });
  app.use(
    `${base}/*`,
    serveStatic({ root: path.relative(process.cwd(), staticDir) || '.', rewriteRequestPath: (p) => p.slice(base.length) }),
  );
  app.get(`${base}/*`, page);
}

const SITE_ROOT_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Manufacture</title>
<link rel="icon" type="image/svg+xml" href="${APP_BASE_PATH}favicon.svg"></head>
<body style="font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f8fa;color:#161a1f"><main style="max-width:32rem;padding:2rem"><h1>Manufacture</h1>
<p>Instant quotes for 3D printing, CNC machining and vacuum casting.</p>
<p><a href="${APP_BASE_PATH}" style="color:#184a9f">Get an instant quote</a></p>
<p>Channel partner accounts are served by your partner contact, not through the online marketplace.</p></main></body></html>`;
