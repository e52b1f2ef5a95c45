import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { MAX, required, rowId, text } from '#domain/api/fields';
import type { AppEnv } from '#server/auth/auth-context';
import { RateLimiter } from '#server/auth/rate-limit';
import { systemClock } from '#server/clock';
import { ApiRouter, BODY_MESSAGES, DEFAULT_BODY_LIMIT_BYTES } from '#server/http/api-router';
import { errorResponse } from '#server/http/error-response';
import { contractProblems } from '../helpers/contract.ts';

const Item = z.object({
  name: required(text(5)),
  count: z.int().min(1),
  kind: z.enum(['a', 'b']),
  tags: z.array(text(MAX.name)).max(2).optional(),
});

/** A tiny API with one router, as app.ts mounts them: an anonymous caller, errors as `{ message, errors }`. */
function probeApp() {
  const router = new ApiRouter('/probe', 'Probe', { rateLimiter: new RateLimiter(systemClock, 0), config: { trustProxy: false } });
  const seen: unknown[] = [];
  router.route({
    method: 'post',
    path: '/items/:id',
    summary: 'Probe',
    auth: 'public',
    params: z.object({ id: rowId() }),
    notFound: 'No such item.',
    query: z.object({ page: z.coerce.number<string>().int().min(1).optional() }),
    body: Item,
    rules: (body) => ({ name: typeof body.name === 'string' && body.name.trim() !== '' ? [] : ['Please give the item a name.'] }),
    response: z.object({ ok: z.literal(true) }),
    handler: (_c, input) => {
      seen.push(input);
      return { ok: true as const };
    },
  });
  const app = new Hono<AppEnv>();
  app.onError((error, c) => errorResponse(c, error));
  app.use(async (c, next) => {
    c.set('auth', { kind: 'anonymous' });
    await next();
  });
  app.route(router.prefix, router.hono);
  const post = async (path: string, body: string) => {
    const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: res.status, body: (await res.json()) as { message: string; errors?: Record<string, string[]> } };
  };
  return { post, seen, router };
}

const ID = '0b6f1a36-7a53-4cf7-9c3a-0d2f0ad5b3f1';

describe('ApiRouter checks the request before the handler (ADR 060)', () => {
  test('a body that is not JSON, or not an object, is a 400; one larger than the limit a 413', async () => {
    const { post, seen } = probeApp();
    expect(await post(`/probe/items/${ID}`, '{"name": ')).toEqual({ status: 400, body: { message: BODY_MESSAGES.notJson } });
    expect(await post(`/probe/items/${ID}`, '[1, 2]')).toEqual({ status: 400, body: { message: BODY_MESSAGES.notObject } });
    expect(await post(`/probe/items/${ID}`, JSON.stringify({ name: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) }))).toEqual({ status: 413, body: { message: BODY_MESSAGES.tooLarge() } });
    expect(seen).toEqual([]);
  });

  test('a wrong shape is a 422 with every field’s message in plain words; the rules speak for the fields they judge', async () => {
    const { post, seen } = probeApp();
    const res = await post(`/probe/items/${ID}`, JSON.stringify({ count: 1.5, kind: 'c', tags: ['x', 'y', 'z'] }));
    expect(res).toEqual({
      status: 422,
      body: {
        message: 'Please give the item a name.',
        errors: {
          name: ['Please give the item a name.'],
          count: ['Count must be a whole number.'],
          kind: ['Kind must be one of: a, b.'],
          tags: ['Tags can hold at most 2 entries.'],
        },
      },
    });
    expect((await post(`/probe/items/${ID}`, JSON.stringify({ name: 'toolong', count: 1, kind: 'a' }))).body).toEqual({
      message: 'Name can be at most 5 characters.',
      errors: { name: ['Name can be at most 5 characters.'] },
    });
    expect((await post(`/probe/items/${ID}`, JSON.stringify({ name: 'ok' }))).body.errors).toEqual({ count: ['Count is required.'], kind: ['Kind is required.'] });
    expect(seen).toEqual([]);
  });

  test('rules run after a shape that passes; the handler gets the parsed, typed values', async () => {
    const { post, seen } = probeApp();
    expect(await post(`/probe/items/${ID}`, JSON.stringify({ name: '   ', count: 2, kind: 'b' }))).toEqual({
      status: 422,
      body: { message: 'Please give the item a name.', errors: { name: ['Please give the item a name.'] } },
    });
    expect(await post(`/probe/items/${ID}?page=3&utm=x`, JSON.stringify({ name: ' Bolt ', count: 2, kind: 'b' }))).toEqual({ status: 200, body: { ok: true } });
    expect(seen).toEqual([{ params: { id: ID }, query: { page: 3 }, body: { name: 'Bolt', count: 2, kind: 'b' } }]);
  });

  test('a field the shape does not name is refused with a 422 that names it (issue 32 item 4), also inside lists', async () => {
    const { post, seen } = probeApp();
    expect(await post(`/probe/items/${ID}`, JSON.stringify({ name: 'Bolt', count: 2, kind: 'b', extra: true }))).toEqual({
      status: 422,
      body: { message: '"extra" is not a field this call takes; remove it.', errors: { extra: ['"extra" is not a field this call takes; remove it.'] } },
    });
    // Beside a wrong shape, both are said.
    expect((await post(`/probe/items/${ID}`, JSON.stringify({ name: 'Bolt', count: 2, kind: 'c', priceCents: 1 }))).body.errors).toEqual({
      priceCents: ['"priceCents" is not a field this call takes; remove it.'],
      kind: ['Kind must be one of: a, b.'],
    });
    expect(seen).toEqual([]);
  });

  test('a path id that cannot name a row is a 404 with the route’s message; a bad query parameter a 422 under its name', async () => {
    const { post } = probeApp();
    expect(await post('/probe/items/not-an-id', JSON.stringify({ name: 'a', count: 1, kind: 'a' }))).toEqual({ status: 404, body: { message: 'No such item.' } });
    expect((await post(`/probe/items/${ID}?page=0`, JSON.stringify({ name: 'a', count: 1, kind: 'a' }))).body).toEqual({
      message: 'Page must be at least 1.',
      errors: { page: ['Page must be at least 1.'] },
    });
  });

  test('the router records each route for the OpenAPI document and hands each answer to its observer', async () => {
    const { router } = probeApp();
    expect(router.operations.map((o) => [o.method, o.fullPath, o.auth])).toEqual([['post', '/probe/items/{id}', 'public']]);
  });
});

describe('the contract check of the test suite', () => {
  const Shape = z.object({ id: z.string(), total: z.int(), lines: z.array(z.object({ qty: z.int() })) });

  test('a body that fits its shape has no problem', () => {
    expect(contractProblems(Shape, { id: 'a', total: 1, lines: [{ qty: 2 }] })).toEqual([]);
  });

  test('a wrong type and a field the shape does not declare are both reported, with where and what', () => {
    expect(contractProblems(Shape, { id: 'a', total: '1', lines: [] })).toEqual(['total: Invalid input: expected number, received string (got "1")']);
    expect(contractProblems(Shape, { id: 'a', total: 1, lines: [{ qty: 2, price: 3 }], secret: 'x' })).toEqual([
      'lines[0].price: not in the schema (value 3)',
      'secret: not in the schema (value "x")',
    ]);
  });
});
