import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AssemblyQuantity, FileSplit, QuoteFile, QuoteFileList } from '#domain/api/quote';
import { cubesAndPlate } from '../../e2e/support/generated-parts.ts';
import { PRINT_CONFIG, createQuoteTestApp, db, type QuoteTestApp } from './quote-test-app.ts';

/** Assemblies as a bill of materials (issue 34 item 3, ADR 162): how many assemblies, each part's quantity following. */
let t: QuoteTestApp;
beforeAll(async () => {
  t = await createQuoteTestApp();
});
afterAll(() => t.close());

async function splitFixture(token: string, fileQuantity = 3) {
  const project = await t.project(token, 'Fixture');
  const file = (await t.upload(project.id, token, new Uint8Array(cubesAndPlate()), 'fixture.stl')).body as QuoteFile;
  await t.ms(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token, body: { ...PRINT_CONFIG, quantity: fileQuantity } });
  const split = await t.ms<FileSplit>(`project/${project.id}/files/${file.id}/split`, { method: 'POST', token });
  expect(split.status).toBe(200);
  return { project, file, parts: split.body.list };
}

describe(`assemblies as a bill of materials (${db})`, () => {
  test('a split part knows its assembly, how many it holds of it, and how many assemblies the file was quoted for', async () => {
    const u = await t.registerUser();
    const { project, file, parts } = await splitFixture(u.token);
    expect(parts.map((p) => [p.name, p.assembly, p.configuration?.quantity])).toEqual([
      ['fixture.stl – Body 1', { id: file.id, name: 'fixture.stl', quantity: 3, perAssembly: 4 }, 12],
      ['fixture.stl – Body 5', { id: file.id, name: 'fixture.stl', quantity: 3, perAssembly: 1 }, 3],
    ]);
    const listed = (await t.ms<QuoteFileList>(`project/${project.id}/files`, { token: u.token })).body.list;
    expect(listed.map((f) => f.assembly?.perAssembly)).toEqual([4, 1]);
    const one = (await t.ms<QuoteFile>(`project/${project.id}/files/${parts[0]!.id}`, { token: u.token })).body;
    expect(one.assembly).toEqual({ id: file.id, name: 'fixture.stl', quantity: 3, perAssembly: 4 });
  });

  test('a number of assemblies sets each part’s quantity to its count times it, keeps the rest of its configuration, and prices it again', async () => {
    const u = await t.registerUser();
    const { project, file, parts } = await splitFixture(u.token, 1);
    // The plate was given another material on its own: it keeps it.
    await t.ms(`project/${project.id}/files/${parts[1]!.id}/configuration`, { method: 'PUT', token: u.token, body: { ...PRINT_CONFIG, materialId: 'sla-tough-resin', quantity: 1 } });
    const res = await t.ms<AssemblyQuantity>(`project/${project.id}/assemblies/${file.id}`, { method: 'PUT', token: u.token, body: { quantity: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.assembly).toEqual({ id: file.id, name: 'fixture.stl', quantity: 5 });
    expect(res.body.list.map((f) => [f.configuration?.quantity, f.configuration?.materialId, f.assembly?.quantity])).toEqual([
      [20, PRINT_CONFIG.materialId, 5],
      [5, 'sla-tough-resin', 5],
    ]);
    for (const part of res.body.list) expect(part.quote?.totalCents).toBe(part.quote!.unitPriceCents! * part.configuration!.quantity);
    const again = (await t.ms<QuoteFile>(`project/${project.id}/files/${parts[0]!.id}`, { token: u.token })).body;
    expect(again.configuration?.quantity).toBe(20);
  });

  test('refused: not a whole number, or so many that a part would pass the largest quantity; another owner’s assembly is not found', async () => {
    const u = await t.registerUser();
    const { project, file } = await splitFixture(u.token, 1);
    const put = (body: unknown, token = u.token) => t.ms<{ message: string }>(`project/${project.id}/assemblies/${file.id}`, { method: 'PUT', token, body });
    expect(await put({ quantity: 0 })).toEqual({ status: 422, body: expect.objectContaining({ message: 'The number of assemblies must be a whole number, at least 1.' }) });
    expect(await put({ quantity: 2.5 })).toEqual({ status: 422, body: expect.objectContaining({ message: 'The number of assemblies must be a whole number, at least 1.' }) });
    const tooMany = await put({ quantity: 30_000 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('That many assemblies would make more than 100,000 of a part that is 4 to an assembly: choose fewer assemblies.');
    const other = await t.registerUser();
    expect(await put({ quantity: 2 }, other.token)).toEqual({ status: 404, body: { message: 'Project not found.' } });
    const elsewhere = await t.project(u.token, 'Other');
    expect((await t.ms(`project/${elsewhere.id}/assemblies/${file.id}`, { method: 'PUT', token: u.token, body: { quantity: 2 } })).body).toEqual({ message: 'Assembly not found.' });
  });

  test('the assembly goes with its last part, and with its project', async () => {
    const u = await t.registerUser();
    const { project, file, parts } = await splitFixture(u.token, 1);
    await t.ms(`project/${project.id}/files/${parts[0]!.id}`, { method: 'DELETE', token: u.token });
    expect(await t.database.db.selectFrom('quote_assembly').select('id').where('id', '=', file.id).execute()).toHaveLength(1);
    await t.ms(`project/${project.id}/files/${parts[1]!.id}`, { method: 'DELETE', token: u.token });
    expect(await t.database.db.selectFrom('quote_assembly').select('id').where('id', '=', file.id).execute()).toHaveLength(0);
    const second = await splitFixture(u.token, 1);
    await t.ms(`project/${second.project.id}`, { method: 'DELETE', token: u.token });
    expect(await t.database.db.selectFrom('quote_assembly').select('id').where('project_id', '=', second.project.id).execute()).toHaveLength(0);
  });
});
