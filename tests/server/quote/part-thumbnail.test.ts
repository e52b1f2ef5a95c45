import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuoteFile } from '#domain/api/quote';
import { CUBE_STL, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

let t: QuoteTestApp;
beforeAll(async () => {
  t = await createQuoteTestApp();
});
afterAll(() => t.close());

const get = (path: string, token: string) => t.fetch(`/msapi/${t.config.apiSegment}/${path}`, { headers: { authorization: `Bearer ${token}` } });

describe(`a part's picture for the parts table (${db})`, () => {
  test('each kept file is drawn as a PNG once; a removed file has none; another owner is not found', async () => {
    const u = await t.registerUser();
    const project = await t.project(u.token);
    const file = (await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'cube.stl')).body as QuoteFile;
    const png = await get(`project/${project.id}/files/${file.id}/thumbnail`, u.token);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.from(await (await get(`project/${project.id}/files/${file.id}/thumbnail`, u.token)).arrayBuffer())).toEqual(bytes);

    const other = await t.registerUser();
    const stolen = await get(`project/${project.id}/files/${file.id}/thumbnail`, other.token);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual({ message: 'Project not found.' });
    const wrongFile = await get(`project/${project.id}/files/00000000-0000-4000-8000-000000000000/thumbnail`, u.token);
    expect(await wrongFile.json()).toEqual({ message: 'File not found.' });

    await t.database.db.updateTable('quote_file').set({ removed_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', file.id).execute();
    const removed = await get(`project/${project.id}/files/${file.id}/thumbnail`, u.token);
    expect(removed.status).toBe(404);
    expect(await removed.json()).toEqual({ message: 'This part has no picture: its file could not be drawn.' });
  });
});
