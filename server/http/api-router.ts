import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { plainIssueMessage, shapeErrors, unknownFieldErrors } from '#domain/api/fields';
import type { AppEnv, Auth } from '../auth/auth-context.ts';
import type { RateLimit, RateLimitName } from '../auth/rate-limit.ts';
import { HttpError, MESSAGE_LOGIN_REQUIRED, MESSAGE_SESSION_EXPIRED } from '../errors.ts';
import { clientAddress } from './client-address.ts';

/**
 * Who may call a route (ADR 020): anyone; anyone holding a valid temporary or full token; or only
 * a signed-in user (full token).
 */
export type AuthLevel = 'public' | 'session' | 'user';

/**
 * The largest request body a route accepts unless it declares its own `maxBodyBytes` (issue 12,
 * ADR 080): every JSON body of the API but a cart, a checkout and a part's configuration is a few
 * kB. Multipart upload routes stream their file with their own limits instead.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** A body limit in words: `64 kB`, `1 MB`. */
export function bodyLimitWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(2)} MB` : `${+(bytes / 1024).toFixed(2)} kB`;
}

export const BODY_MESSAGES = {
  notJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object.',
  tooLarge: (limitBytes: number = DEFAULT_BODY_LIMIT_BYTES) => `The request body is larger than ${bodyLimitWords(limitBytes)}.`,
} as const;

/**
 * 413 before the route runs: by the declared Content-Length without reading a byte, or, for a
 * body sent without a length (chunked), as soon as the bytes read pass the limit. The connection
 * is closed after the answer, so a client cannot go on sending. (hono/body-limit does both checks.)
 */
export function bodyLimitMiddleware(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, BODY_MESSAGES.tooLarge(maxBytes), undefined, { Connection: 'close' });
    },
  });
}

type Shape = z.ZodType;

/** A vest result, or a field → messages map (empty lists are fine). */
export type RuleOutcome = { getErrors(): Record<string, string[]> } | Record<string, string[]>;

function ruleErrors(outcome: RuleOutcome): Record<string, string[]> {
  const all = typeof outcome.getErrors === 'function' ? (outcome as { getErrors(): Record<string, string[]> }).getErrors() : (outcome as Record<string, string[]>);
  return Object.fromEntries(Object.entries(all).filter(([, messages]) => messages.length > 0));
}

/** 422 with the first message and every field's messages. */
function invalid(errors: Record<string, string[]>): HttpError {
  return new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The request is not valid.', errors);
}
type ObjectShape = z.ZodObject;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Answer<R> = R extends z.ZodType ? z.input<R> | Response : Response;

/** What a handler gets: the request's body, query and path parameters, parsed by their shapes. */
export interface RouteInput<B, Q, P> {
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
}

export interface RouteDefinition<B extends Shape | undefined, Q extends ObjectShape | undefined, P extends ObjectShape | undefined, R extends Shape | undefined> {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Hono path relative to the router's prefix, e.g. `/address/:id`. */
  path: string;
  /** The path as the OpenAPI document shows it, when the Hono path has a pattern in it. */
  documentedPath?: string;
  summary: string;
  description?: string;
  auth: AuthLevel;
  rateLimit?: RateLimitName;
  /** The JSON body; checked before the handler runs (400 when not a JSON object, 422 when the shape is wrong). */
  body?: B;
  /**
   * The body's business rules (a vest suite of domain/rules, or a field → messages check), given
   * the body and the request (a rule may depend on the caller, e.g. an entrust-order account).
   * They run after the shape check, and when the shape check fails they run on the body as sent,
   * so that a field they judge gets their message, not the shape's.
   */
  rules?: (body: Record<string, unknown>, c: Context<AppEnv>) => RuleOutcome | Promise<RuleOutcome>;
  /** The query string's parameters; checked before the handler runs (422). */
  query?: Q;
  /** The path's parameters; a value that does not fit answers 404 with `notFound` (one message, or one per parameter). */
  params?: P;
  notFound?: string | Record<string, string>;
  /** A `multipart/form-data` body the handler streams itself (documented, not parsed here; its own size limits apply). */
  multipart?: Shape;
  /** The largest body this route accepts, when it needs more than DEFAULT_BODY_LIMIT_BYTES (a cart of 100 parts). */
  maxBodyBytes?: number;
  /** The success answer's JSON shape; the handler returns a value of it (or a Response). */
  response?: R;
  /** The media type of a success answer that is not JSON (a PDF, an image). */
  produces?: string;
  status?: 200 | 201 | 202;
  /** Answers other than success that are not the usual `{ message, errors? }` (e.g. 402 card declined). */
  responses?: Record<number, { description: string; schema: Shape }>;
  handler: (c: Context<AppEnv>, input: RouteInput<B, Q, P>) => Answer<R> | Promise<Answer<R>>;
}

/** One route as the OpenAPI document and the test suite see it. */
export interface Operation {
  method: RouteDefinition<Shape, ObjectShape, ObjectShape, Shape>['method'];
  /** Full path below the API base, e.g. `/account/address/{id}`. */
  fullPath: string;
  tag: string;
  summary: string;
  description?: string;
  auth: AuthLevel;
  rateLimit?: RateLimitName;
  body?: Shape;
  query?: ObjectShape;
  params?: ObjectShape;
  multipart?: Shape;
  /** The largest body accepted (413 above it); undefined for multipart routes, which stream with their own limits. */
  maxBodyBytes?: number;
  response?: Shape;
  produces?: string;
  status: number;
  responses?: Record<number, { description: string; schema: Shape }>;
}

/** Sees every answer a handler produced (the server test suite checks each against its shape). */
export type ResponseObserver = (operation: Operation, response: Response) => void | Promise<void>;

export interface RouterContext {
  rateLimiter: RateLimit;
  config: { trustProxy: boolean };
}

function unauthorized(auth: Auth): HttpError {
  return new HttpError(401, auth.kind === 'anonymous' && auth.rejected ? MESSAGE_SESSION_EXPIRED : MESSAGE_LOGIN_REQUIRED);
}

/** 422 with every field's messages, in plain words; `prefix` names the part (a query parameter has its own name). */
function shapeFailure(error: z.ZodError, prefix?: string): HttpError {
  return invalid(shapeErrors(error, prefix));
}

/** The body as text, refusing more than `maxBytes` without holding more than that in memory. */
async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, BODY_MESSAGES.tooLarge(maxBytes), undefined, { Connection: 'close' });
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, BODY_MESSAGES.tooLarge(maxBytes), undefined, { Connection: 'close' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON object body: `{}` when empty, 400 when not JSON or not an object, 413 over `maxBytes`. */
export async function readJsonObject(request: Request, maxBytes: number = DEFAULT_BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const raw = await readBodyText(request, maxBytes);
  if (raw.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, BODY_MESSAGES.notJson);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, BODY_MESSAGES.notObject);
  return body as Record<string, unknown>;
}

/** Checks `value` against `shape`; the failure is a 422 whose messages are plain words. */
export function parseShape<S extends Shape>(shape: S, value: unknown, prefix?: string): z.output<S> {
  const result = shape.safeParse(value, { error: plainIssueMessage });
  if (!result.success) throw shapeFailure(result.error, prefix);
  return result.data;
}

/**
 * A group of routes that registers each Hono handler and records it for the OpenAPI document
 * from one definition (ADRs 024 and 060): the route's zod shapes check the request before the
 * handler runs, type what the handler gets and returns, and describe the call in the document.
 */
export class ApiRouter {
  readonly hono = new Hono<AppEnv>();
  readonly operations: Operation[] = [];
  /** Set by the app when someone watches the answers (the server test suite does). */
  observer?: ResponseObserver;

  constructor(
    readonly prefix: string,
    readonly tag: string,
    private readonly ctx: RouterContext,
  ) {}

  /** The body checked by its shape, then by its rules; the rules' messages win for the fields they judge. */
  private async readBody(c: Context<AppEnv>, shape: Shape, rules: RouteDefinition<Shape, undefined, undefined, undefined>['rules'], raw: Record<string, unknown>): Promise<unknown> {
    const result = shape.safeParse(raw, { error: plainIssueMessage });
    // A field the shape does not name is refused, as the documents' `additionalProperties: false` say (issue 32 item 4).
    const unknown = unknownFieldErrors(shape, raw);
    if (!result.success) {
      const judged = rules ? ruleErrors(await rules(raw, c)) : {};
      const shaped = Object.entries(shapeErrors(result.error)).filter(([field]) => !(field in judged));
      throw invalid({ ...unknown, ...judged, ...Object.fromEntries(shaped) });
    }
    if (Object.keys(unknown).length > 0) throw invalid(unknown);
    if (rules) {
      const judged = ruleErrors(await rules(result.data as Record<string, unknown>, c));
      if (Object.keys(judged).length > 0) throw invalid(judged);
    }
    return result.data;
  }

  route<B extends Shape | undefined = undefined, Q extends ObjectShape | undefined = undefined, P extends ObjectShape | undefined = undefined, R extends Shape | undefined = undefined>(
    def: RouteDefinition<B, Q, P, R>,
  ): this {
    const status = def.status ?? 200;
    const maxBodyBytes = def.multipart ? undefined : (def.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES);
    const operation: Operation = {
      method: def.method,
      fullPath: def.documentedPath ?? `${this.prefix}${def.path}`.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/$/, ''),
      tag: this.tag,
      summary: def.summary,
      auth: def.auth,
      status,
      ...(def.description ? { description: def.description } : {}),
      ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { query: def.query } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.multipart ? { multipart: def.multipart } : {}),
      ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
      ...(def.response ? { response: def.response } : {}),
      ...(def.produces ? { produces: def.produces } : {}),
      ...(def.responses ? { responses: def.responses } : {}),
    };
    this.operations.push(operation);
    // The body limit runs first of all, before the rate limit and the token check read anything.
    const limit: MiddlewareHandler<AppEnv> = maxBodyBytes !== undefined ? bodyLimitMiddleware(maxBodyBytes) : (_c, next) => next();
    this.hono.on(def.method.toUpperCase(), def.path, limit, async (c) => {
      if (def.rateLimit) {
        const wait = await this.ctx.rateLimiter.hit(def.rateLimit, clientAddress(c, this.ctx.config.trustProxy));
        if (wait > 0) {
          throw new HttpError(429, `Too many attempts; please try again in ${wait} second${wait === 1 ? '' : 's'}.`, undefined, { 'Retry-After': String(wait) });
        }
      }
      const auth = c.get('auth');
      if (def.auth === 'user' && auth.kind !== 'user') throw unauthorized(auth);
      if (def.auth === 'session' && auth.kind === 'anonymous') throw unauthorized(auth);

      let params: unknown;
      if (def.params) {
        const result = def.params.safeParse(c.req.param());
        if (!result.success) {
          const failed = String(result.error.issues[0]?.path[0] ?? '');
          const message = typeof def.notFound === 'string' ? def.notFound : (def.notFound?.[failed] ?? 'Not found');
          throw new HttpError(404, message);
        }
        params = result.data;
      }
      const query = def.query ? parseShape(def.query, c.req.query()) : undefined;
      const body = def.body ? await this.readBody(c, def.body, def.rules, await readJsonObject(c.req.raw, maxBodyBytes)) : undefined;

      const answer = await def.handler(c, { body, query, params } as RouteInput<B, Q, P>);
      const response = answer instanceof Response ? answer : c.json(answer as object, status);
      if (this.observer) await this.observer(operation, response);
      return response;
    });
    return this;
  }
}

/** The signed-in user's id (the route is `auth: 'user'`, so the router let only users through). */
export function requireUser(c: Context<AppEnv>): string {
  const auth = c.get('auth');
  if (auth.kind !== 'user') throw unauthorized(auth);
  return auth.userId;
}

/** A JSON answer with its own status (a stored payment answer: 200, 402 or 422). */
export function jsonAnswer(c: Context<AppEnv>, body: unknown, status: number): Response {
  return c.json(body as object, status as ContentfulStatusCode);
}
