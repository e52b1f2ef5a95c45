import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- an OpenAPI document read in a test

let t: TestApp;
let main: Json;
let microservice: Json;

beforeAll(async () => {
  t = await createTestApp();
  main = (await t.call<Json>('openapi.json')).body;
  microservice = (await (await t.fetch(`/msapi/${t.config.apiSegment}/openapi.json`)).json()) as Json;
});
afterAll(async () => {
  await t.ctx.quote.close();
  await t.close();
});

describe('the OpenAPI documents come from the zod shapes (ADR 060)', () => {
  test('both are OpenAPI 3.1 with JSON Schema 2020-12, served at the same two URLs', () => {
    for (const doc of [main, microservice]) {
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    }
    expect(main.servers).toEqual([{ url: `/api/${t.config.apiSegment}` }]);
    expect(microservice.servers).toEqual([{ url: `/msapi/${t.config.apiSegment}` }]);
  });

  test('named shapes are components, referred to by $ref', () => {
    expect(main.paths['/account/me'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/UserInfo' });
    expect(main.components.schemas.UserInfo.required).toContain('customerId');
    expect(main.paths['/order/{id}/pay'].post.responses['402'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CardDeclined' });
    expect(microservice.paths['/project/{id}/files/{fileId}/configuration'].put.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PartConfiguration',
    });
    expect(microservice.components.schemas.QuoteFile.properties.metrics.anyOf).toEqual([{ $ref: '#/components/schemas/PartMetrics' }, { type: 'null' }]);
  });

  test('request bodies bound every string and every list; the fields the rules require are required', () => {
    const register = main.components.schemas.RegisterRequest;
    expect(register.required).toEqual(expect.arrayContaining(['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'agreeTerms', 'captchaId', 'captchaCode']));
    expect(register.properties.email).toMatchObject({ type: 'string', maxLength: 254 });
    const address = main.components.schemas.ShippingAddressInput;
    expect(address.properties.addressLine1).toMatchObject({ type: 'string', maxLength: 200 });
    const unbounded: string[] = [];
    let checked = 0;
    let components: Json = {};
    const visited = new Set<Json>();
    const walk = (schema: Json, at: string) => {
      if (!schema || typeof schema !== 'object' || visited.has(schema)) return;
      visited.add(schema);
      if (typeof schema.$ref === 'string') return walk(components[schema.$ref.split('/').pop() as string], `${at}→${schema.$ref.split('/').pop()}`);
      if (schema.type === 'string' || schema.type === 'array') checked++;
      if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined && schema.pattern === undefined && schema.format !== 'binary') unbounded.push(at);
      if (schema.type === 'array' && schema.maxItems === undefined) unbounded.push(at);
      for (const [key, value] of Object.entries(schema)) if (value && typeof value === 'object') walk(value as Json, `${at}.${key}`);
    };
    for (const doc of [main, microservice]) {
      components = doc.components.schemas as Json;
      visited.clear();
      for (const [path, item] of Object.entries(doc.paths as Json)) {
        for (const [method, op] of Object.entries(item as Json)) {
          const body = (op as Json).requestBody?.content?.['application/json']?.schema;
          if (body) walk(body, `${method} ${path}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(unbounded).toEqual([]);
  });

  test('query parameters come from the query shapes, with their bounds', () => {
    const params = main.paths['/account/promoCodeList'].get.parameters as Json[];
    expect(params.find((p) => p.name === 'pageSize')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } });
    expect(params.find((p) => p.name === 'status')).toMatchObject({ in: 'query', schema: { enum: ['active', 'inactive'] } });
  });
});
