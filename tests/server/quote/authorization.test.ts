import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Cart, QuoteFile } from '#domain/api/quote';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

/**
 * Auth and ownership on the microservice API, driven by its OpenAPI document so a new route is
 * covered the day it is added: every `session` call refuses no token, a forged, an expired and a
 * revoked token; every call that takes an id refuses another owner's id (another account's, or
 * another visitor's) with a 404, reading and changing nothing.
 */
type Doc = { info: { title: string }; paths: Record<string, Record<string, { 'x-auth': 'public' | 'session' | 'user' }>> };
let t: QuoteTestApp;
let doc: Doc;

beforeAll(async () => {
  t = await createQuoteTestApp({ temporaryTokenTtl: 600 });
  doc = (await t.ms<Doc>('openapi.json')).body;
});
afterAll(() => t.close());

function operations(auth: 'public' | 'session' | 'user'): [string, string][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op['x-auth'] === auth)
      .map(([method]): [string, string] => [method.toUpperCase(), path.replace(/^\//, '').replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')]),
  );
}

describe(`auth on the microservice API (${db})`, () => {
  test('its own OpenAPI document lists the quote calls with their auth level', () => {
    expect(doc.info.title).toBe('Manufacture microservice API');
    expect(operations('session').length).toBeGreaterThanOrEqual(17);
    expect(operations('public').map(([, p]) => p)).toEqual(expect.arrayContaining([expect.stringMatching(/^quote-document\//)]));
    expect(doc.paths['/quote-document/{token}.pdf']?.get?.['x-auth']).toBe('public');
    expect(doc.paths['/project/{id}/files']?.post).toMatchObject({ requestBody: { content: { 'multipart/form-data': expect.any(Object) } } });
  });

  test('no token, a forged token: 401 with a message on every session call', async () => {
    for (const [method, path] of operations('session')) {
      for (const token of [undefined, 'not.a.token']) {
        const res = await t.ms<{ message: string }>(path, { method, token, body: {} });
        expect(res.status, `${method} ${path} with ${token ?? 'no token'}`).toBe(401);
        expect(typeof res.body.message).toBe('string');
      }
    }
  });

  test('a temporary token works for the visitor’s own projects; an expired one, an expired or revoked full token: 401', async () => {
    const temp = await t.temporaryToken();
    const project = await t.project(temp, 'Visitor');
    expect((await t.ms(`project/${project.id}`, { token: temp })).status).toBe(200);
    const u = await t.registerUser();
    const revoked = (await t.call<{ accessToken: string }>('account/login', { body: { email: u.email, password: u.password } })).body.accessToken;
    await t.call('account/logout', { token: revoked });
    for (const [method, path] of operations('session')) {
      expect((await t.ms(path, { method, token: revoked, body: {} })).status, `${method} ${path} revoked`).toBe(401);
    }
    t.clock.advance(601); // the temporary token's lifetime in this app
    expect((await t.ms(`project/${project.id}`, { token: temp })).body).toEqual({ message: 'Your session has expired; please log in again.' });
    for (const [method, path] of operations('session')) {
      expect((await t.ms(path, { method, token: temp, body: {} })).status, `${method} ${path} expired temporary`).toBe(401);
    }
    const soon = await createQuoteTestApp({ accessTokenTtl: 60 });
    try {
      const v = await soon.registerUser();
      const p = await soon.project(v.token);
      soon.clock.advance(61);
      expect((await soon.ms(`project/${p.id}`, { token: v.token })).status).toBe(401);
      expect((await soon.ms('project/list', { token: v.token })).status).toBe(401);
    } finally {
      await soon.close();
    }
  });
});

describe(`every quote resource is its owner’s alone (${db})`, () => {
  async function ownerWithEverything(token: string) {
    const project = await t.project(token, 'Mine');
    const file = (await t.upload(project.id, token, await readFixture(CUBE_STL), 'mine.stl')).body as QuoteFile;
    await t.ms(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token, body: PRINT_CONFIG });
    const cart = (await t.ms<Cart>('cart/items', { token, body: { items: [{ fileId: file.id }] } })).body;
    return { project, file, line: cart.lines[0]! };
  }

  const snapshot = async () => ({
    projects: await t.database.db.selectFrom('quote_project').selectAll().orderBy('id').execute(),
    files: await t.database.db.selectFrom('quote_file').selectAll().orderBy('id').execute(),
    cart: await t.database.db.selectFrom('cart_item').selectAll().orderBy('id').execute(),
    documents: await t.database.db.selectFrom('quote_document').selectAll().orderBy('id').execute(),
    stored: await t.storedFiles(),
  });

  test('another account’s or another visitor’s ids: 404 on every id-taking call, nothing read or changed', async () => {
    const user = await t.registerUser();
    const visitor = await t.temporaryToken();
    const intruderUser = await t.registerUser();
    const intruderVisitor = await t.temporaryToken();
    const owners = [
      { name: 'user', token: user.token, own: await ownerWithEverything(user.token) },
      { name: 'visitor', token: visitor, own: await ownerWithEverything(visitor) },
    ];
    const cube = await readFixture(CUBE_STL);
    const before = await snapshot();
    const tried = new Set<string>();

    for (const { name, own } of owners) {
      const { project, file, line } = own;
      const p = `project/${project.id}`;
      const f = `${p}/files/${file.id}`;
      const attempts: [string, string, string, unknown?][] = [
        ['GET', p, 'project/{id}'],
        ['PATCH', p, 'project/{id}', { name: 'Stolen', process: 'cnc' }],
        ['DELETE', p, 'project/{id}'],
        ['GET', `${p}/files`, 'project/{id}/files'],
        ['GET', `${p}/thumbnail`, 'project/{id}/thumbnail'],
        ['GET', f, 'project/{id}/files/{fileId}'],
        ['DELETE', f, 'project/{id}/files/{fileId}'],
        ['GET', `${f}/content`, 'project/{id}/files/{fileId}/content'],
        ['GET', `${f}/thumbnail`, 'project/{id}/files/{fileId}/thumbnail'],
        ['PUT', `${f}/configuration`, 'project/{id}/files/{fileId}/configuration', { ...PRINT_CONFIG, quantity: 999 }],
        ['GET', `${f}/quote`, 'project/{id}/files/{fileId}/quote'],
        ['PUT', `${f}/units`, 'project/{id}/files/{fileId}/units', { unit: 'inch' }],
        ['POST', `${f}/split`, 'project/{id}/files/{fileId}/split'],
        ['POST', `${f}/keep-whole`, 'project/{id}/files/{fileId}/keep-whole'],
        ['POST', `${p}/quote-document`, 'project/{id}/quote-document', {}],
        ['PUT', `${p}/assemblies/${file.id}`, 'project/{id}/assemblies/{assemblyId}', { quantity: 2 }],
        ['POST', `${f}/review`, 'project/{id}/files/{fileId}/review', {}],
        ['GET', `${f}/review/attachments/${file.id}`, 'project/{id}/files/{fileId}/review/attachments/{attachmentId}'],
        ['PUT', `${f}/drawing`, 'project/{id}/files/{fileId}/drawing', {}],
        ['GET', `${f}/drawing`, 'project/{id}/files/{fileId}/drawing'],
        ['DELETE', `${f}/drawing`, 'project/{id}/files/{fileId}/drawing'],
        ['PUT', `${f}/note`, 'project/{id}/files/{fileId}/note', { note: 'Stolen' }],
        ['GET', `cart/items/${line.id}`, 'cart/items/{id}'],
        ['DELETE', `cart/items/${line.id}`, 'cart/items/{id}'],
        ['POST', 'cart/items', 'cart/items', { items: [{ fileId: file.id }] }],
      ];
      for (const intruder of [intruderUser.token, intruderVisitor, name === 'user' ? visitor : user.token]) {
        for (const [method, path, documented, body] of attempts) {
          const res = await t.ms<{ message: string }>(path, { method, token: intruder, ...(body !== undefined ? { body } : {}) });
          expect(res.status, `${name}'s ${method} ${path}`).toBe(404);
          expect(res.body.message).toMatch(/not found/i);
          tried.add(`${method} ${documented}`);
        }
        const upload = await t.upload(project.id, intruder, cube, 'sneaky.stl');
        expect(upload.status).toBe(404);
        tried.add('POST project/{id}/files');
      }
    }
    // Every documented call with an id in its path is among the attempts (share links are public by design).
    const idCalls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      path.includes('{') && !path.startsWith('/quote-document/') ? Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/^\//, '')}`) : [],
    );
    for (const call of idCalls) expect(tried, call).toContain(call);

    // The intruders' lists show nothing of the owners'.
    for (const intruder of [intruderUser.token, intruderVisitor]) {
      expect((await t.ms<{ total: number }>('project/list', { token: intruder })).body.total).toBe(0);
      expect((await t.ms<{ total: number }>('project/upload-history', { token: intruder })).body.total).toBe(0);
      expect((await t.ms<Cart>('cart', { token: intruder })).body.lines).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
