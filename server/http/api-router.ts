import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv, Auth } from '../auth/auth-context.ts';
import type { RateLimiter, RateLimitName } from '../auth/rate-limit.ts';
import { clientAddress } from './client-address.ts';
import { HttpError, MESSAGE_LOGIN_REQUIRED, MESSAGE_SESSION_EXPIRED } from '../errors.ts';
import type { JsonSchema } from './json-schema.ts';

/**
 * Who may call a route (ADR 020): anyone; anyone holding a valid temporary or full token; or only
 * a signed-in user (full token).
 */
export type AuthLevel = 'public' | 'session' | 'user';

export interface QueryParam {
  schema: JsonSchema;
  required?: boolean;
  description?: string;
}

export interface RouteDefinition {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Hono path relative to the router's prefix, e.g. `/address/:id`. */
  path: string;
  summary: string;
  description?: string;
  auth: AuthLevel;
  query?: Record<string, QueryParam>;
  body?: JsonSchema;
  /** `multipart/form-data` body instead of JSON. */
  multipart?: JsonSchema;
  response?: JsonSchema;
  status?: ContentfulStatusCode;
  rateLimit?: RateLimitName;
  handler: (c: Context<AppEnv>) => Response | Promise<Response>;
}

export interface Operation extends Omit<RouteDefinition, 'handler'> {
  /** Full path below the API base, e.g. `/account/address/{id}`. */
  fullPath: string;
  tag: string;
}


function unauthorized(auth: Auth): HttpError {
  return new HttpError(401, auth.kind === 'anonymous' && auth.rejected ? MESSAGE_SESSION_EXPIRED : MESSAGE_LOGIN_REQUIRED);
}

/**
 * A group of routes that registers each Hono handler and records it for the OpenAPI document
 * from one definition, so the document cannot list a route that does not exist (ADR 024).
 */
export class ApiRouter {
  readonly hono = new Hono<AppEnv>();
  readonly operations: Operation[] = [];

  constructor(
    readonly prefix: string,
    readonly tag: string,
    private readonly options: { rateLimiter: RateLimiter; trustProxy: boolean },
  ) {}

  route(def: RouteDefinition): this {
    const { handler, ...doc } = def;
    this.operations.push({ ...doc, tag: this.tag, fullPath: `${this.prefix}${def.path}`.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/$/, '') });
    this.hono.on(def.method.toUpperCase(), def.path, async (c) => {
      if (def.rateLimit) {
        const wait = this.options.rateLimiter.hit(def.rateLimit, clientAddress(c, this.options.trustProxy));
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          throw new HttpError(429, `Too many attempts; please try again in ${wait} second${wait === 1 ? '' : 's'}.`);
        }
      }
      const auth = c.get('auth');
      if (def.auth === 'user' && auth.kind !== 'user') throw unauthorized(auth);
      if (def.auth === 'session' && auth.kind === 'anonymous') throw unauthorized(auth);
      return handler(c);
    });
    return this;
  }
}

export function requireUser(c: Context<AppEnv>): string {
  const auth = c.get('auth');
  if (auth.kind !== 'user') throw unauthorized(auth);
  return auth.userId;
}

export function pathParam(c: Context<AppEnv>, name: string): string {
  const value = c.req.param(name);
  if (!value) throw new HttpError(404, 'Not found');
  return value;
}
