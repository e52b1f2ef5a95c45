import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Cart, FileSplit, QuoteFile, QuoteFileList } from '#domain/api/quote';
import { parseBinaryStl } from '#domain/geometry/stl-binary';
import { FILE_MESSAGES } from '#domain/rules/quote-file-messages';
import { MAX_SPLIT_BODIES } from '#domain/geometry/bodies';
import { binaryStl, concat, irregularTetrahedron, translated } from '../../domain/support/solids.ts';
import { cubesAndPlate } from '../../e2e/support/generated-parts.ts';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

/**
 * Assemblies become parts (issue 16 item 4, ADR 131): a file of several bodies says how it splits,
 * the split replaces it by one file per part with its count as quantity, a second split is refused,
 * "keep as one part" is remembered, and nobody else can split or keep someone's file.
 */
let t: QuoteTestApp;
const assembly = new Uint8Array(cubesAndPlate());

beforeAll(async () => {
  t = await createQuoteTestApp();
});
afterAll(() => t.close());

async function uploaded(token: string, projectId: string, bytes: Uint8Array = assembly, name = 'fixture.stl'): Promise<QuoteFile> {
  const res = await t.upload(projectId, token, bytes, name);
  expect(res.status).toBe(201);
  return res.body;
}

const split = (token: string, projectId: string, fileId: string) => t.ms<FileSplit & { message?: string }>(`project/${projectId}/files/${fileId}/split`, { method: 'POST', token });

describe(`an assembly becomes parts (${db})`, () => {
  test('the analysis says how the file splits: 5 bodies, 2 parts (4 × the cube, 1 × the plate), offered', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Fixture');
    const file = await uploaded(u.token, project.id);
    expect(file.summary?.assembly).toEqual({
      bodyCount: 5,
      partCount: 2,
      parts: [
        { name: 'Body 1', count: 4 },
        { name: 'Body 5', count: 1 },
      ],
      offered: true,
    });
    // One body: nothing to offer, and a split is refused in words.
    const cube = await uploaded(u.token, project.id, new Uint8Array(await readFixture(CUBE_STL)), 'cube.stl');
    expect(cube.summary?.assembly).toBeNull();
    expect((await split(u.token, project.id, cube.id)).body).toEqual({ message: FILE_MESSAGES.notAssembly('cube.stl') });
  });

  test(`more than ${MAX_SPLIT_BODIES} bodies are fragments, not an assembly: not offered, and a split is refused`, async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Gravel');
    const pieces = Array.from({ length: MAX_SPLIT_BODIES + 1 }, (_, i) => translated(irregularTetrahedron(), [(i % 40) * 10, Math.floor(i / 40) * 10, 0]));
    const gravel = await uploaded(u.token, project.id, binaryStl(concat(...pieces)), 'gravel.stl');
    expect(gravel.metrics?.bodyCount).toBe(MAX_SPLIT_BODIES + 1);
    expect(gravel.summary?.assembly).toBeNull();
    expect((await split(u.token, project.id, gravel.id)).body).toEqual({ message: FILE_MESSAGES.notAssembly('gravel.stl') });
  });

  test('the split replaces the file by one part per kind, quantities count × the file’s, each configured, priced and stored in mm', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Fixture');
    const file = await uploaded(u.token, project.id);
    await t.ms(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token: u.token, body: { ...PRINT_CONFIG, quantity: 3 } });
    const cart = await t.ms<Cart>('cart/items', { token: u.token, body: { items: [{ fileId: file.id }] } });
    expect(cart.body.lines).toHaveLength(1);

    const res = await split(u.token, project.id, file.id);
    expect(res.status).toBe(200);
    expect(res.body.from).toBe(file.id);
    const [cubePart, platePart] = res.body.list;
    expect(res.body.list.map((f) => [f.name, f.configuration?.quantity, f.splitFrom])).toEqual([
      ['fixture.stl – Body 1', 12, file.id],
      ['fixture.stl – Body 5', 3, file.id],
    ]);
    for (const part of res.body.list) {
      expect(part.format).toBe('stl-binary');
      expect(part.configuration).toMatchObject({ ...PRINT_CONFIG, quantity: part.configuration!.quantity });
      expect(part.quote?.unitPriceCents).toBeGreaterThan(0);
      expect(part.quote?.orderable).toBe(true);
      expect(part.orderable).toBe(true);
      expect(part.metrics?.units).toMatchObject({ unit: 'mm', source: 'file' });
      expect(part.summary?.assembly).toBeNull();
    }
    expect(cubePart!.metrics!.volumeMm3).toBeCloseTo(1000, 3);
    expect(cubePart!.metrics!.bodyCount).toBe(1);
    expect(platePart!.metrics!.volumeMm3).toBeCloseTo(9600, 3);

    // The project holds the parts in place of the file; the file, its cart line and its bytes are gone.
    const files = (await t.ms<QuoteFileList>(`project/${project.id}/files`, { token: u.token })).body;
    expect(files.list.map((f) => f.id)).toEqual([cubePart!.id, platePart!.id]);
    expect((await t.ms(`project/${project.id}/files/${file.id}`, { token: u.token })).status).toBe(404);
    expect((await t.ms<Cart>('cart', { token: u.token })).body.lines).toHaveLength(0);
    expect((await t.storedFiles()).some((f) => f.includes(file.id))).toBe(false);

    // A part's bytes are a binary STL of that part in millimetres (a 10 mm cube, 12 triangles).
    const content = await t.fetch(`/msapi/${t.config.apiSegment}/project/${project.id}/files/${cubePart!.id}/content`, { headers: { authorization: `Bearer ${u.token}` } });
    const stl = parseBinaryStl(new Uint8Array(await content.arrayBuffer()));
    expect(stl.mesh?.triangleCount).toBe(12);

    // A part can be ordered as it is.
    const added = await t.ms<Cart>('cart/items', { token: u.token, body: { items: [{ fileId: cubePart!.id }] } });
    expect(added.status).toBe(201);
    expect(added.body.lines[0]).toMatchObject({ quantity: 12, problem: null });
  });

  test('a file never configured: the parts get the service’s defaults with the count as quantity', async () => {
    const visitor = await t.temporaryToken();
    const project = await t.project(visitor, 'Visitor', 'cnc');
    const file = await uploaded(visitor, project.id);
    const res = await split(visitor, project.id, file.id);
    expect(res.status).toBe(200);
    expect(res.body.list.map((f) => [f.configuration?.process, f.configuration?.quantity])).toEqual([
      ['cnc', 4],
      ['cnc', 1],
    ]);
  });

  test('a double click: the second split, at once or later, is a 409 in words and nothing is split twice', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Fixture');
    const file = await uploaded(u.token, project.id);
    const both = await Promise.all([split(u.token, project.id, file.id), split(u.token, project.id, file.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body).toEqual({ message: FILE_MESSAGES.alreadySplit });
    const later = await split(u.token, project.id, file.id);
    expect(later).toEqual({ status: 409, body: { message: FILE_MESSAGES.alreadySplit } });
    const files = (await t.ms<QuoteFileList>(`project/${project.id}/files`, { token: u.token })).body;
    expect(files.total).toBe(2);
    // Only the kept parts' bytes are stored: the refused split left nothing behind.
    const stored = (await t.storedFiles()).filter((f) => f.startsWith(`files/${project.id}/`));
    expect(stored.sort()).toEqual(files.list.map((f) => `files/${project.id}/${f.id}`).sort());
  });

  test('a file read in inches splits into parts in millimetres, 25.4 × larger', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Fixture');
    const file = await uploaded(u.token, project.id);
    const inches = await t.ms<QuoteFile>(`project/${project.id}/files/${file.id}/units`, { method: 'PUT', token: u.token, body: { unit: 'inch' } });
    expect(inches.status).toBe(200);
    const res = await split(u.token, project.id, file.id);
    expect(res.status).toBe(200);
    expect(res.body.list[0]!.metrics!.size[0]).toBeCloseTo(254, 3);
    expect(res.body.list[0]!.metrics!.volumeMm3).toBeCloseTo(1000 * 25.4 ** 3, -2);
  });

  test('more parts than the project has room for: 422 in words, nothing changed', async () => {
    const small = await createQuoteTestApp({ quoteMaxFilesPerProject: 2 });
    try {
      const u = await small.registerUser();
      const project = await small.project(u.token, 'Full');
      expect((await small.upload(project.id, u.token, new Uint8Array(await readFixture(CUBE_STL)), 'cube.stl')).status).toBe(201);
      const file = (await small.upload(project.id, u.token, assembly, 'fixture.stl')).body;
      const res = await small.ms(`project/${project.id}/files/${file.id}/split`, { method: 'POST', token: u.token });
      expect(res).toEqual({ status: 422, body: { message: FILE_MESSAGES.splitTooMany('fixture.stl', 2, 1) } });
      expect((await small.ms<QuoteFileList>(`project/${project.id}/files`, { token: u.token })).body.total).toBe(2);
    } finally {
      await small.close();
    }
  });

  test('keep as one part: remembered, the offer does not come back', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token, 'Fixture');
    const file = await uploaded(u.token, project.id);
    const kept = await t.ms<QuoteFile>(`project/${project.id}/files/${file.id}/keep-whole`, { method: 'POST', token: u.token });
    expect(kept.status).toBe(200);
    expect(kept.body.summary?.assembly).toMatchObject({ bodyCount: 5, offered: false });
    const again = (await t.ms<QuoteFile>(`project/${project.id}/files/${file.id}`, { token: u.token })).body;
    expect(again.summary?.assembly?.offered).toBe(false);
  });

  test('another account or visitor cannot split or keep someone’s file: 404, nothing changed', async () => {
    const owner = await t.registerUser();
    const project = await t.project(owner.token, 'Mine');
    const file = await uploaded(owner.token, project.id);
    const before = await t.database.db.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).execute();
    for (const intruder of [(await t.registerUser()).token, await t.temporaryToken()]) {
      expect((await split(intruder, project.id, file.id)).body).toEqual({ message: 'Project not found.' });
      const keep = await t.ms(`project/${project.id}/files/${file.id}/keep-whole`, { method: 'POST', token: intruder });
      expect(keep.status).toBe(404);
    }
    expect(await t.database.db.selectFrom('quote_file').selectAll().where('project_id', '=', project.id).execute()).toEqual(before);
    // Its owner still can.
    expect((await split(owner.token, project.id, file.id)).status).toBe(200);
  });
});
