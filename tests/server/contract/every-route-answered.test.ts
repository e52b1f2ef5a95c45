import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { ApiName } from '#server/app';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Routes that no test of the server suite needs to answer with success, each with its reason.
 * Keep it short: a route listed here has no proof that its answers match its declared shape.
 */
const EXCEPTIONS: Record<string, string> = {};

type Document = { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };

let t: TestApp;
const documents: { api: ApiName; document: Document }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const [api, base] of [
    ['main', '/api'],
    ['microservice', '/msapi'],
  ] as const) {
    const res = await t.fetch(`${base}/${t.config.apiSegment}/openapi.json`);
    documents.push({ api, document: (await res.json()) as Document });
  }
});

afterAll(async () => {
  await t.ctx.quote.close();
  await t.close();
});

const operations = () =>
  documents.flatMap(({ api, document }) => Object.entries(document.paths).flatMap(([p, item]) => Object.keys(item).map((method) => `${api} ${method.toUpperCase()} ${p}`)));

/** `main POST /account/login` of every route a test of this run answered with success (2xx). */
function answeredRoutes(): Set<string> {
  const dir = inject('contractCallsDir');
  const lines = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter(Boolean);
  return new Set(lines.filter((l) => /\s2\d\d$/.test(l)).map((l) => l.replace(/\s\d{3}$/, '')));
}

describe('the API contract (ADR 060)', () => {
  test('every $ref of both OpenAPI documents names one of its components', () => {
    for (const { document } of documents) {
      const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
      expect(refs.length).toBeGreaterThan(0);
      expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
    }
  });

  test('every route of the OpenAPI documents was answered with success by a test of the server suite, its answer checked against its shape', () => {
    const answered = answeredRoutes();
    expect(answered.size, 'No answered call was recorded: run the whole server suite (npm run test:server).').toBeGreaterThan(0);
    const all = operations();
    const missing = all.filter((op) => !answered.has(op) && !(op in EXCEPTIONS));
    expect(missing, 'Routes no test answered with success: add a test that calls each, or list it in EXCEPTIONS with the reason').toEqual([]);
    const stale = Object.keys(EXCEPTIONS).filter((op) => !all.includes(op) || answered.has(op));
    expect(stale, 'Exceptions that are no longer needed (the route is gone, or a test answers it now)').toEqual([]);
  });
});
