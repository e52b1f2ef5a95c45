import type { Operation } from './api-router.ts';
import type { JsonSchema } from './json-schema.ts';
import { schemas } from './schemas.ts';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: schemas.Error } } });

/** The OpenAPI 3.1 document of the main API, built from the routes' own definitions (ADR 024). */
export function openApiDocument(operations: Operation[], serverPath: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.fullPath] ??= {});
    const parameters = [
      ...[...op.fullPath.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.entries(op.query ?? {}).map(([name, q]) => ({
        name,
        in: 'query',
        required: q.required ?? false,
        schema: q.schema,
        ...(q.description ? { description: q.description } : {}),
      })),
    ];
    const status = String(op.status ?? 200);
    const responses: Record<string, unknown> = {
      [status]: { description: 'Success', ...(op.response ? { content: { 'application/json': { schema: op.response } } } : {}) },
      '422': errorResponse('A rule was broken: `message` to show, `errors` per field'),
    };
    if (op.auth !== 'public') responses['401'] = errorResponse('No valid token (missing, expired, revoked, or temporary where a full token is needed)');
    if (op.fullPath.includes('{')) responses['404'] = errorResponse('Not found, or not the caller’s');
    if (op.rateLimit) responses['429'] = errorResponse('Too many attempts from this address; see Retry-After');
    item[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      operationId: `${op.method}${op.fullPath.replace(/[{}]/g, '').replace(/\/(\w)/g, (_m, ch: string) => ch.toUpperCase())}`,
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
      ...(op.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: op.multipart } } } } : {}),
      security: op.auth === 'public' ? [{}, { bearer: [] }] : op.auth === 'session' ? [{ bearer: [] }, { temporaryBearer: [] }] : [{ bearer: [] }],
      'x-auth': op.auth,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Manufacture main API',
      version: '1.0.0',
      description:
        'Accounts, addresses, balance and tools (spec section 7). Errors answer `{ message, errors? }`; show `message` as-is. Auth: `Authorization: Bearer <accessToken>`, or a temporary token for temporary-scoped calls.',
    },
    servers: [{ url: serverPath }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A full access token from login, activate or quick/callback.' },
        temporaryBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A temporary token from account/temporaryToken.' },
      },
      schemas,
    },
    paths,
  };
}
