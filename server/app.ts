import { Hono, type MiddlewareHandler } from 'hono';
import { MAIN_API_BASE, MICROSERVICE_API_BASE } from '#domain/api/bases';
import { createAppContext, type AppDeps } from './composition/app-context.ts';
import type { AppContext } from './http/app-context.ts';
import type { AppEnv } from './auth/auth-context.ts';
import { accountRoutes } from './http/account-routes.ts';
import { billingAddressRoutes, shippingAddressRoutes } from './http/address-routes.ts';
import type { ApiRouter, Operation, ResponseObserver } from './http/api-router.ts';
import { balanceRoutes } from './http/balance-routes.ts';
import { cartRoutes } from './http/cart-routes.ts';
import { commonRoutes } from './http/common-routes.ts';
import { compressJson } from './http/compression.ts';
import { devRoutes } from './http/dev-routes.ts';
import { HttpError } from './errors.ts';
import { Readiness } from './db/readiness.ts';
import { errorResponse } from './http/error-response.ts';
import { geometryWorkerPolicy, securityHeaders } from './http/security-headers.ts';
import { filesRoutes } from './http/files-routes.ts';
import { openApiDocument } from './http/openapi.ts';
import { adminRoutes } from './http/admin-routes.ts';
import { quoteReviewAdminRoutes } from './http/quote-review-routes.ts';
import { opsRoutes } from './http/ops-routes.ts';
import { orderRoutes } from './http/order-routes.ts';
import { projectRoutes } from './http/project-routes.ts';
import { quickLoginRoutes } from './http/quick-login-routes.ts';
import { quoteDocumentRoutes } from './http/quote-document-routes.ts';
import { rewardsRoutes } from './http/rewards-routes.ts';
import { toolsRoutes } from './http/tools-routes.ts';
import { mountWebApp } from './http/web-app.ts';

export type { AppDeps } from './composition/app-context.ts';

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
    ...rewardsRoutes(ctx),
    adminRoutes(ctx),
    quoteReviewAdminRoutes(ctx),
    opsRoutes(ctx),
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
    hono.use(compressJson());
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

  if (config.staticDir) {
    mountWebApp(app, config.staticDir, {
      workerPolicy: geometryWorkerPolicy({ https: config.publicUrl.startsWith('https:'), reportUri: config.cspReportUri }),
      // Production on the sandbox says so on every page (issue 32 item 12).
      sandboxNotice: config.production && config.paymentProvider === 'sandbox',
    });
  }
  return { app, ctx, readiness };
}
