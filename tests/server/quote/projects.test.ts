import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PartQuote, Project, ProjectList, QuoteFileList } from '#domain/api/quote';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

let t: QuoteTestApp;

beforeAll(async () => {
  t = await createQuoteTestApp();
});
afterAll(() => t.close());

describe(`projects (${db})`, () => {
  test('create: name and manufacturing service required (spec section 5)', async () => {
    const u = await t.registerUser();
    const missing = await t.ms('project', { token: u.token, body: {} });
    expect(missing).toEqual({
      status: 422,
      body: { message: 'Project name is required', errors: { name: ['Project name is required'], process: ['Please choose a manufacturing service'] } },
    });
    const badService = await t.ms('project', { token: u.token, body: { name: 'X', process: 'welding' } });
    expect(badService.body).toEqual({ message: 'Please choose a manufacturing service', errors: { process: ['Please choose a manufacturing service'] } });
    const long = await t.ms('project', { token: u.token, body: { name: 'x'.repeat(101), process: 'cnc' } });
    expect(long.status).toBe(422);

    const created = await t.ms<Project>('project', { token: u.token, body: { name: '  Gearbox housing ', process: 'cnc' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Gearbox housing', process: 'cnc', processId: 23, fileCount: 0 });
    expect((await t.ms(`project/${created.body.id}`, { token: u.token })).body).toEqual(created.body);
  });

  test('list: paginated, newest first, only the caller’s', async () => {
    const u = await t.registerUser();
    const other = await t.registerUser();
    await t.project(other.token, 'Not yours');
    const names = ['A', 'B', 'C'];
    for (const name of names) {
      await t.project(u.token, name, 'vacuum-casting');
      t.clock.advance(1);
    }
    const first = await t.ms<ProjectList>('project/list?page=1&pageSize=2', { token: u.token });
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.list.map((p) => p.name)).toEqual(['C', 'B']);
    expect(first.body.list[0]).toMatchObject({ process: 'vacuum-casting', processId: 27 });
    const second = await t.ms<ProjectList>('project/list?page=2&pageSize=2', { token: u.token });
    expect(second.body.list.map((p) => p.name)).toEqual(['A']);
    expect((await t.ms('project/list?pageSize=500', { token: u.token })).status).toBe(422);
  });

  test('patch renames; changing the service configures and prices every part for it (ADR 100), for each of the three services', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Old', '3d-printing');
    const file = await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'cube.stl');
    const unconfigured = await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'second.stl');
    await t.ms<PartQuote>(`project/${project.id}/files/${file.body.id}/configuration`, { method: 'PUT', token: u.token, body: { ...PRINT_CONFIG, quantity: 7, tier: 'express' } });

    const renamed = await t.ms<Project>(`project/${project.id}`, { method: 'PATCH', token: u.token, body: { name: 'New' } });
    expect(renamed.body).toMatchObject({ name: 'New', process: '3d-printing', fileCount: 2 });
    expect((await t.ms(`project/${project.id}/files/${file.body.id}/quote`, { token: u.token })).status).toBe(200);
    expect((await t.ms(`project/${project.id}`, { method: 'PATCH', token: u.token, body: { name: '' } })).status).toBe(422);

    for (const [process, processId] of [['cnc', 23], ['vacuum-casting', 27], ['3d-printing', 22]] as const) {
      const moved = await t.ms<Project>(`project/${project.id}`, { method: 'PATCH', token: u.token, body: { process } });
      expect(moved.body).toMatchObject({ name: 'New', process, processId });
      const files = await t.ms<QuoteFileList>(`project/${project.id}/files`, { token: u.token });
      for (const f of files.body.list) {
        // Every part is configured for the new service and priced by the server for it.
        expect(f.configuration?.process).toBe(process);
        expect(f.quote?.process).toBe(process);
        expect(f.quote?.unitPriceCents).toBeGreaterThan(0);
      }
      const configured = files.body.list.find((f) => f.id === file.body.id)!;
      expect(configured.configuration).toMatchObject({ quantity: 7, tier: 'express' });
      const quote = await t.ms<PartQuote>(`project/${project.id}/files/${file.body.id}/quote`, { token: u.token });
      expect(quote.body.result.process).toBe(process);
      expect(files.body.list.find((f) => f.id === unconfigured.body.id)?.configuration?.quantity).toBe(1);
    }

    // A configuration for another service than the project's is refused, in words.
    const mismatch = await t.ms<{ message: string }>(`project/${project.id}/files/${file.body.id}/configuration`, {
      method: 'PUT',
      token: u.token,
      body: { ...PRINT_CONFIG, process: 'cnc', materialId: 'aluminium-6061', colourId: 'raw-metal' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toMatch(/This project is for 3D printing/);
    // The cart never takes a line for another service than the part's project.
    const cart = await t.ms<{ message: string }>('cart/items', {
      token: u.token,
      body: { items: [{ fileId: file.body.id, configuration: { ...PRINT_CONFIG, process: 'cnc', materialId: 'aluminium-6061', colourId: 'raw-metal' } }] },
    });
    expect(cart.status).toBe(422);
    expect(cart.body.message).toMatch(/project for 3D printing, not CNC machining/);
    expect((await t.ms<{ lines: unknown[] }>('cart', { token: u.token })).body.lines).toEqual([]);
  });

  test('delete: the project, its files in storage and their cart lines are gone', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token);
    const file = await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'cube.stl');
    await t.ms(`project/${project.id}/files/${file.body.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG });
    expect((await t.ms('cart/items', { token: u.token, body: { items: [{ fileId: file.body.id }] } })).status).toBe(201);
    expect(await t.storedFiles()).toContain(`files/${project.id}/${file.body.id}`);

    expect(await t.ms(`project/${project.id}`, { method: 'DELETE', token: u.token })).toEqual({ status: 200, body: { deleted: true, files: 1 } });
    expect(await t.storedFiles()).not.toContain(`files/${project.id}/${file.body.id}`);
    expect((await t.ms(`project/${project.id}`, { token: u.token })).status).toBe(404);
    expect((await t.ms<{ lines: unknown[] }>('cart', { token: u.token })).body.lines).toEqual([]);
  });

  test('remove one file from a project', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token);
    const file = await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'cube.stl');
    expect((await t.ms(`project/${project.id}/files/${file.body.id}`, { method: 'DELETE', token: u.token })).status).toBe(200);
    expect(await t.storedFiles()).not.toContain(`files/${project.id}/${file.body.id}`);
    expect((await t.ms(`project/${project.id}/files/${file.body.id}`, { token: u.token })).status).toBe(404);
  });
});

describe(`a visitor’s quote under a temporary token (${db})`, () => {
  test('works with a temporary token, and becomes the account’s at login (ADR 026)', async () => {
    const u = await t.registerUser();
    const temp = await t.temporaryToken();
    const project = await t.project(temp, 'Visitor bracket');
    const file = await t.upload(project.id, temp, await readFixture(CUBE_STL), 'cube.stl');
    expect(file.status).toBe(201);
    await t.ms(`project/${project.id}/files/${file.body.id}/configuration`, { method: 'PUT', token: temp, body: PRINT_CONFIG });
    expect((await t.ms('cart/items', { token: temp, body: { items: [{ fileId: file.body.id }] } })).status).toBe(201);
    expect((await t.ms<ProjectList>('project/list', { token: temp })).body.total).toBe(1);
    // The account does not see the visitor's project before login.
    expect((await t.ms<ProjectList>('project/list', { token: u.token })).body.total).toBe(0);

    const login = await t.call<{ accessToken: string }>('account/login', { token: temp, body: { email: u.email, password: u.password } });
    expect(login.status).toBe(200);
    const mine = await t.ms<ProjectList>('project/list', { token: login.body.accessToken });
    expect(mine.body.list.map((p) => p.id)).toEqual([project.id]);
    expect((await t.ms<{ lines: unknown[] }>('cart', { token: login.body.accessToken })).body.lines).toHaveLength(1);
    expect((await t.ms<QuoteFileList>(`project/${project.id}/files`, { token: u.token })).body.total).toBe(1);
    // The temporary session has ended.
    expect((await t.ms('project/list', { token: temp })).status).toBe(401);
  });

  test('signing up with a temporary token adopts at activation', async () => {
    const temp = await t.temporaryToken();
    const project = await t.project(temp, 'Before sign-up');
    const email = `visitor-${Date.now()}@example.com`;
    const registered = await t.call('account/register', {
      token: temp,
      body: { email, password: 'secret-123', confirmPassword: 'secret-123', firstName: 'V', lastName: 'S', agreeTerms: true, ...(await t.captcha()) },
    });
    expect(registered.status).toBe(201);
    const key = new URL((await t.outbox(email))[0]?.links[0] ?? 'http://x/').searchParams.get('activate');
    const activated = await t.call<{ accessToken: string }>('account/activate', { body: { key } });
    const list = await t.ms<ProjectList>('project/list', { token: activated.body.accessToken });
    expect(list.body.list.map((p) => p.id)).toEqual([project.id]);
  });
});
