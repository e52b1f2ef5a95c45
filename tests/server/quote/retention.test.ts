import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuoteFile, UploadHistory } from '#domain/api/quote';
import { removeExpiredQuoteFiles } from '#server/quote/retention';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

let t: QuoteTestApp;

beforeAll(async () => {
  t = await createQuoteTestApp({ accessTokenTtl: 365 * 24 * 3600 }, { clock: undefined });
});
afterAll(() => t.close());

describe(`files kept 3 months, and the upload history (${db})`, () => {
  test('the retention job removes expired files from storage and marks them removed; the history shows the last 3 months', async () => {
    t.clock.set(new Date('2026-01-15T10:00:00Z'));
    const u = await t.registerUser();
    const other = await t.registerUser();
    const project = await t.project(u.token, 'Old parts');
    const old = (await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'old.stl')).body as QuoteFile;
    expect(old.expiresAt.slice(0, 10)).toBe('2026-04-15');
    await t.ms(`project/${project.id}/files/${old.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG });
    await t.upload((await t.project(other.token)).id, other.token, await readFixture(CUBE_STL), 'theirs.stl');

    t.clock.set(new Date('2026-03-01T10:00:00Z'));
    const recent = (await t.upload(project.id, u.token, await readFixture(CUBE_STL), 'recent.stl')).body as QuoteFile;

    const history = await t.ms<UploadHistory>('project/upload-history?pageSize=1', { token: u.token });
    expect(history.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(history.body.list[0]).toMatchObject({ id: recent.id, name: 'recent.stl', projectName: 'Old parts', process: '3d-printing', status: 'kept' });

    // Not yet due: nothing happens.
    t.clock.set(new Date('2026-04-15T09:59:00Z'));
    expect((await removeExpiredQuoteFiles({ db: t.database.db, files: t.ctx.quote.files }, t.clock())).removed).toBe(0);

    t.clock.set(new Date('2026-04-16T00:00:00Z'));
    const run = await removeExpiredQuoteFiles({ db: t.database.db, files: t.ctx.quote.files }, t.clock());
    expect(run.removed).toBe(2); // old.stl and the other account's theirs.stl
    expect(await t.ctx.quote.files.has(`${project.id}/${old.id}`)).toBe(false);
    expect(await t.ctx.quote.files.has(`${project.id}/${recent.id}`)).toBe(true);
    // Idempotent.
    expect((await removeExpiredQuoteFiles({ db: t.database.db, files: t.ctx.quote.files }, t.clock())).removed).toBe(0);

    const file = (await t.ms<QuoteFile>(`project/${project.id}/files/${old.id}`, { token: u.token })).body;
    expect(file).toMatchObject({ status: 'removed', orderable: false });
    expect(file.metrics).not.toBeNull(); // the analysis stays; the bytes are gone
    expect((await t.fetch(`/msapi/manufacture/project/${project.id}/files/${old.id}/content`, { headers: { authorization: `Bearer ${u.token}` } })).status).toBe(410);
    expect((await t.ms(`project/${project.id}/files/${old.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG })).status).toBe(410);
    expect((await t.ms(`project/${project.id}`, { token: u.token })).body).toMatchObject({ fileCount: 1 });

    // The history is the last 3 months: the old upload has left it.
    const after = await t.ms<UploadHistory>('project/upload-history', { token: u.token });
    expect(after.body.list.map((f) => f.name)).toEqual(['recent.stl']);
  });

  test('stale spool files (an upload the process did not finish) are cleaned up', async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    await fs.mkdir(t.ctx.quote.files.spoolDir, { recursive: true });
    const stale = path.join(t.ctx.quote.files.spoolDir, 'left-over.part');
    await fs.writeFile(stale, 'partial');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await fs.utimes(stale, old, old);
    const run = await removeExpiredQuoteFiles({ db: t.database.db, files: t.ctx.quote.files }, new Date());
    expect(run.spoolFiles).toBe(1);
    await expect(fs.access(stale)).rejects.toThrow();
  });
});
