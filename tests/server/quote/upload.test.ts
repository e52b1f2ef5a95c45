import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PartQuote, QuoteFileList } from '#domain/api/quote';
import { quotePart } from '#domain/pricing/quote-part';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import { analyseCadFile } from '#domain/geometry/import-cad';
import { loadOcct } from '../../domain/support/occt-node.ts';
import { CUBE_STEP, CUBE_STL, FIXTURES, STL_MODELS, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';

let t: QuoteTestApp;
let token: string;

beforeAll(async () => {
  t = await createQuoteTestApp({ quoteMaxFileBytes: 200_000, quoteMaxFilesPerProject: 40 });
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

describe(`upload: streamed to storage, analysed on the server (${db})`, () => {
  test('the 10 mm STL cube: 201 with the metrics and findings the domain code gives for the same bytes', async () => {
    const project = await t.project(token);
    const bytes = await readFixture(CUBE_STL);
    const res = await t.upload(project.id, token, bytes, 'cube.stl');
    expect(res.status).toBe(201);
    const local = await analyseCadFile(bytes);
    expect(res.body).toMatchObject({
      projectId: project.id,
      name: 'cube.stl',
      sizeBytes: bytes.length,
      format: 'stl-binary',
      status: 'kept',
      orderable: local.orderable,
      // Stored in its service's defaults and priced with the server's metrics (ADR 257), as the browser's configurator starts.
      configuration: defaultConfiguration('3d-printing'),
    });
    expect(res.body.quote).toEqual(JSON.parse(JSON.stringify(quotePart(local.metrics!, defaultConfiguration('3d-printing'), new Date(res.body.pricedAt!), { geometryFindings: local.findings }))));
    const saved = await t.ms<PartQuote>(`project/${project.id}/files/${res.body.id}/quote`, { token });
    expect(saved.body).toMatchObject({ configuration: defaultConfiguration('3d-printing'), pricedAt: res.body.pricedAt });
    expect(res.body.metrics).toEqual(JSON.parse(JSON.stringify(local.metrics)));
    expect(res.body.findings).toEqual(JSON.parse(JSON.stringify(local.findings)));
    expect(res.body.summary).toMatchObject({ sizeMm: [10, 10, 10], watertight: true, triangleCount: 12, unit: 'mm' });
    expect(res.body.summary?.volumeMm3).toBeCloseTo(1000, 6);
    expect(res.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.uploadedAt)).toBeGreaterThan(89 * 24 * 3600 * 1000);
    expect(res.headers.get('server-timing')).toMatch(/analyse;dur=\d+/);

    // Stored once on disk, nothing left in the spool; the bytes come back unchanged.
    expect(await t.storedFiles()).toEqual([`files/${project.id}/${res.body.id}`]);
    const content = await t.fetch(`/msapi/manufacture/project/${project.id}/files/${res.body.id}/content`, { headers: { authorization: `Bearer ${token}` } });
    expect(content.status).toBe(200);
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(bytes);

    const list = await t.ms<QuoteFileList>(`project/${project.id}/files`, { token });
    expect(list.body.total).toBe(1);
    expect(list.body.list[0]).toEqual(res.body);
    expect((await t.ms(`project/${project.id}`, { token })).body).toMatchObject({ fileCount: 1 });
  });

  test('STEP files are read with OpenCascade in the worker: the cube in mm, and the unit variants in millimetres', async () => {
    const project = await t.project(token, 'STEP');
    const occt = await loadOcct();
    for (const file of [CUBE_STEP, ...['mm', 'in', 'm'].map((u) => path.join(FIXTURES, `cube-units--cube-${u}.step`))]) {
      const bytes = await readFixture(file);
      const res = await t.upload(project.id, token, bytes, path.basename(file));
      expect(res.status, file).toBe(201);
      expect(res.body.format).toBe('step');
      const local = await analyseCadFile(bytes, { occt });
      expect(res.body.metrics, file).toEqual(JSON.parse(JSON.stringify(local.metrics)));
      expect(res.body.findings).toEqual(JSON.parse(JSON.stringify(local.findings)));
      expect(res.body.summary?.unitSource).toBe('file');
    }
  });

  test('every broken file of stl-models gives findings or a clear refusal, never a server error', async () => {
    const project = await t.project(token, 'Broken');
    const names = await fs.readdir(path.join(STL_MODELS, 'broken'));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const bytes = await readFixture(path.join(STL_MODELS, 'broken', name));
      const res = await t.upload(project.id, token, bytes, name);
      if (bytes.length === 0) {
        expect(res, name).toMatchObject({ status: 422, body: { message: `"${name}" is empty` } });
        continue;
      }
      expect([201, 422], `${name}: ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
      if (res.status === 201) {
        const local = await analyseCadFile(bytes);
        expect(res.body.findings, name).toEqual(JSON.parse(JSON.stringify(local.findings)));
        expect(res.body.orderable).toBe(local.orderable);
      } else {
        expect(res.body.message).toMatch(/not a supported file type/);
      }
    }
    // At least the files the importer can partly read are kept, with what is wrong with them.
    const kept = await t.ms<QuoteFileList>(`project/${project.id}/files`, { token });
    expect(kept.body.list.some((f) => f.findings.some((x) => x.severity === 'error'))).toBe(true);
  });

  test('a renamed non-CAD file is refused by its content: 422, nothing stored', async () => {
    const project = await t.project(token, 'Renamed');
    const before = await t.storedFiles();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]);
    for (const [bytes, name] of [
      [png, 'photo.stl'],
      [new TextEncoder().encode('{"name": "not a model"}'), 'package.step'],
    ] as const) {
      const res = await t.upload(project.id, token, bytes, name);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(`"${name}" is not a supported file type: upload STL, STEP, OBJ or 3MF`);
    }
    expect(await t.storedFiles()).toEqual(before);
    expect((await t.ms(`project/${project.id}`, { token })).body).toMatchObject({ fileCount: 0 });
  });

  test('over the size limit: 413 with a clear message, the partial file deleted, no row', async () => {
    const project = await t.project(token, 'Large');
    const before = await t.storedFiles();
    const bunny = await readFixture(path.join(STL_MODELS, 'objects', 'bunny.bin.stl'));
    expect(bunny.length).toBeGreaterThan(200_000);
    const res = await t.upload(project.id, token, bunny, 'bunny.stl');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Quote file size is limited to 195.31 kB: "bunny.stl" is larger');
    expect(await t.storedFiles()).toEqual(before);
    const rows = await t.database.db.selectFrom('quote_file').select('id').where('project_id', '=', project.id).execute();
    expect(rows).toEqual([]);

    // A declared length far over the limit is refused before the body is read.
    const huge = await t.fetch(`/msapi/manufacture/project/${project.id}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': '999999999' },
      body: '--x--',
    });
    expect(huge.status).toBe(413);
  });

  test('exactly at the limit is accepted', async () => {
    const limited = await createQuoteTestApp({ quoteMaxFileBytes: 684 });
    try {
      const u = await limited.registerUser();
      const project = await limited.project(u.token);
      const cube = await readFixture(CUBE_STL);
      expect(cube.length).toBe(684);
      expect((await limited.upload(project.id, u.token, cube, 'cube.stl')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  test('one file per request; no file; not multipart: 422', async () => {
    const project = await t.project(token, 'Shape');
    const cube = await readFixture(CUBE_STL);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(cube)]), 'a.stl');
    form.append('file', new Blob([new Uint8Array(cube)]), 'b.stl');
    const two = await t.fetch(`/msapi/manufacture/project/${project.id}/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(two.status).toBe(422);
    expect(((await two.json()) as { message: string }).message).toBe('Please upload one file per request.');
    const none = new FormData();
    none.append('note', 'hello');
    const empty = await t.fetch(`/msapi/manufacture/project/${project.id}/files`, { method: 'POST', body: none, headers: { authorization: `Bearer ${token}` } });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { message: string }).message).toBe('Please add a 3D model file');
    const json = await t.ms(`project/${project.id}/files`, { token, body: { file: 'x' } });
    expect(json.status).toBe(422);
    expect(await t.storedFiles()).not.toContain(expect.stringMatching(/^spool\//));
  });

  test('the file count limit per project', async () => {
    const small = await createQuoteTestApp({ quoteMaxFilesPerProject: 2 });
    try {
      const u = await small.registerUser();
      const project = await small.project(u.token);
      const cube = await readFixture(CUBE_STL);
      expect((await small.upload(project.id, u.token, cube, '1.stl')).status).toBe(201);
      expect((await small.upload(project.id, u.token, cube, '2.stl')).status).toBe(201);
      const third = await small.upload(project.id, u.token, cube, '3.stl');
      expect(third.status).toBe(422);
      expect(third.body.message).toBe('A project holds at most 2 files: remove one or start another project.');
      expect((await small.storedFiles()).length).toBe(2);
    } finally {
      await small.close();
    }
  });

  test('parallel uploads share the worker pool and all finish', async () => {
    const pooled = await createQuoteTestApp({ quoteWorkers: 2 });
    try {
      const u = await pooled.registerUser();
      const project = await pooled.project(u.token);
      const files = ['objects/bunny.bin.stl', 'objects/gearwheel.bin.stl', 'polytopes/cube.ascii.stl', 'polytopes/tetrahedron.bin.stl'];
      const results = await Promise.all(files.map(async (f) => pooled.upload(project.id, u.token, await readFixture(path.join(STL_MODELS, f)), path.basename(f))));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(pooled.ctx.quote.analysis.stats.threads).toBeLessThanOrEqual(2);
    } finally {
      await pooled.close();
    }
    // Four analyses on two fresh threads (each boots OpenCascade): seconds on an idle machine,
    // much longer when CI runs beside other work. A timeout would leave the uploads running while
    // the next test starts.
  }, 180_000);
});
