import { z } from 'zod';
import { apiSchemas } from '#domain/api/fields';
import { ApiErrorBodySchema } from '#domain/api/tools';
import type { Operation } from './api-router.ts';

type Json = { [key: string]: unknown };

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** zod writes ±2^53−1 bounds on every whole number; they say nothing to a reader. */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: Json }): void {
  if (jsonSchema.minimum === -MAX_SAFE) delete jsonSchema.minimum;
  if (jsonSchema.maximum === MAX_SAFE) delete jsonSchema.maximum;
}

const rewriteRefs = <T,>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;

/**
 * Turns zod shapes into JSON Schema 2020-12 (what OpenAPI 3.1 uses) with zod's own
 * `z.toJSONSchema`; shapes named in `apiSchemas` become components referred to by `$ref`.
 */
export class SchemaCollector {
  readonly components: Record<string, Json> = {};

  toJson(schema: z.ZodType): Json {
    const generated = z.toJSONSchema(schema, { io: 'output', metadata: apiSchemas, unrepresentable: 'any', override: dropSafeIntegerBounds }) as Json;
    const { $schema: _dialect, $defs, ...rest } = generated;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      const component = rewriteRefs(def);
      const existing = this.components[id];
      if (existing && JSON.stringify(existing) !== JSON.stringify(component)) throw new Error(`Two different shapes are both named ${id}`);
      this.components[id] = component;
    }
    return rewriteRefs(rest);
  }
}

const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success;

export interface DocumentInfo {
  title: string;
  description: string;
}

/** The OpenAPI 3.1 document of one API base, built from the routes' own definitions (ADRs 024, 060). */
export function openApiDocument(operations: Operation[], serverPath: string, info: DocumentInfo): Json {
  const collector = new SchemaCollector();
  const errorSchema = collector.toJson(ApiErrorBodySchema);
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.fullPath] ??= {});
    const paramShapes = op.params?.shape ?? {};
    const parameters = [
      ...[...op.fullPath.matchAll(/\{([^}]+)\}/g)].map((m) => {
        const name = m[1] as string;
        const shape = paramShapes[name];
        return { name, in: 'path', required: true, schema: shape ? collector.toJson(shape as z.ZodType) : { type: 'string' } };
      }),
      ...Object.entries(op.query?.shape ?? {}).map(([name, shape]) => {
        const schema = collector.toJson(shape as z.ZodType);
        const { description, ...rest } = schema;
        return { name, in: 'query', required: !isOptional(shape as z.ZodType), schema: rest, ...(description ? { description } : {}) };
      }),
    ];
    const content = op.response
      ? { content: { 'application/json': { schema: collector.toJson(op.response) } } }
      : op.produces
        ? { content: { [op.produces]: { schema: { type: 'string', contentMediaType: op.produces } } } }
        : {};
    const responses: Record<string, unknown> = { [String(op.status)]: { description: 'Success', ...content } };
    for (const [status, extra] of Object.entries(op.responses ?? {})) {
      responses[status] = { description: extra.description, content: { 'application/json': { schema: collector.toJson(extra.schema) } } };
    }
    if (op.body) responses['400'] ??= errorResponse('The body is not a JSON object');
    if (op.auth !== 'public') responses['401'] ??= errorResponse('No valid token (missing, expired, revoked, or temporary where a full token is needed)');
    if (op.fullPath.includes('{')) responses['404'] ??= errorResponse('Not found, or not the caller’s');
    responses['422'] ??= errorResponse('A shape or a rule was broken: `message` to show, `errors` per field');
    if (op.rateLimit) responses['429'] ??= errorResponse('Too many attempts from this address; see Retry-After');
    responses['503'] ??= errorResponse('The database does not answer (down or restarting): "Service is being upgraded, please come back later."; see Retry-After');
    const requestBody = op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: collector.toJson(op.body) } } } }
      : op.multipart
        ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: collector.toJson(op.multipart) } } } }
        : {};
    item[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      operationId: `${op.method}${op.fullPath.replace(/[{}.]/g, '').replace(/[/-](\w)/g, (_m, ch: string) => ch.toUpperCase())}`,
      ...(parameters.length ? { parameters } : {}),
      ...requestBody,
      security: op.auth === 'public' ? [{}, { bearer: [] }] : op.auth === 'session' ? [{ bearer: [] }, { temporaryBearer: [] }] : [{ bearer: [] }],
      'x-auth': op.auth,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { version: '1.0.0', ...info },
    servers: [{ url: serverPath }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A full access token from login, activate or quick/callback.' },
        temporaryBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A temporary token from account/temporaryToken.' },
      },
      schemas: Object.fromEntries(Object.entries(collector.components).sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  };
}
