import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Cart, PartQuote, ProjectList, QuoteDocument, QuoteDocumentCreated, QuoteDocumentOrdered, QuoteFile, QuoteFileList } from '#domain/api/quote';
import { EXW_NOTE } from '#domain/pricing/quote-part';
import { formatUsd } from '#domain/pricing/money';
import { CUBE_STL, PRINT_CONFIG, createQuoteTestApp, db, readFixture, type QuoteTestApp } from './quote-test-app.ts';
import { pdfText } from './pdf-text.ts';

let t: QuoteTestApp;
let token: string;

beforeAll(async () => {
  t = await createQuoteTestApp({ publicUrl: 'https://quotes.example.com' });
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

async function configuredProject(config = PRINT_CONFIG) {
  const project = await t.project(token, 'Drone frame');
  const file = (await t.upload(project.id, token, await readFixture(CUBE_STL), 'arm-bracket.stl')).body as QuoteFile;
  const quote = await t.ms<PartQuote>(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token, body: config });
  return { project, file, quote: quote.body };
}

describe(`quote documents: a share link that holds prices for 30 days (${db})`, () => {
  test('create, read publicly, and the PDF shows parts, options, prices, dates, the EXW note and the validity', async () => {
    const { project, file, quote } = await configuredProject({ ...PRINT_CONFIG, finishes: [{ kind: 'painting', colours: ['RAL 9005'] }] });
    // A second, unconfigured file is left out.
    await t.upload(project.id, token, await readFixture(CUBE_STL), 'spare.stl');
    const created = await t.ms<QuoteDocumentCreated>(`project/${project.id}/quote-document`, { token, body: {} });
    expect(created.status).toBe(201);
    const doc = created.body;
    expect(doc.number).toMatch(/^Q-\d{8}-[A-Z2-9]{6}$/);
    expect(doc.url).toBe(`https://quotes.example.com/msapi/manufacture/quote-document/${doc.token}`);
    expect(doc.pdfUrl).toBe(`${doc.url}.pdf`);
    expect(Date.parse(doc.expiresAt) - Date.parse(doc.createdAt)).toBe(30 * 24 * 3600 * 1000);
    expect(doc.lines).toHaveLength(1);
    expect(doc.lines[0]).toMatchObject({
      fileName: 'arm-bracket.stl',
      process: '3d-printing',
      materialName: expect.any(String),
      colourName: 'White',
      quantity: 5,
      unitPriceCents: quote.result.unitPriceCents,
      totalCents: quote.result.totalCents,
      leadTimeDays: quote.result.leadTime?.totalWorkingDays,
      shipDate: quote.result.shipDate,
      sizeMm: [10, 10, 10],
    });
    expect(doc.lines[0]?.options.some((o) => o.includes('RAL 9005'))).toBe(true);
    expect(doc.totalCents).toBe(quote.result.totalCents);
    expect(doc.exwNote).toBe(EXW_NOTE);

    // Public and read-only: no token needed; the answer is the document without the link.
    const read = await t.ms<QuoteDocument>(`quote-document/${doc.token}`);
    expect(read.status).toBe(200);
    expect(doc.pageUrl).toBe(`https://quotes.example.com/manufacture/quote/shared/${doc.token}`);
    const { token: _token, url: _url, pdfUrl: _pdfUrl, pageUrl: _pageUrl, ...held } = doc;
    expect(read.body).toEqual(held);

    const res = await t.fetch(`/msapi/manufacture/quote-document/${doc.token}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const expected of [
      'Quotation',
      doc.number,
      'Drone frame',
      'arm-bracket.stl',
      'White',
      'RAL 9005',
      formatUsd(doc.lines[0]!.unitPriceCents),
      `Total: ${formatUsd(doc.totalCents)}`,
      doc.lines[0]!.shipDate,
      `${doc.lines[0]!.leadTimeDays} working days`,
      'EXW (Incoterms 2020)',
      'Prices valid until',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The prices hold: the file's own quote moving on does not change the document.
    t.clock.advance(2 * 24 * 3600);
    await t.ms(`project/${project.id}/files/${file.id}/quote`, { token });
    expect((await t.ms<QuoteDocument>(`quote-document/${doc.token}`)).body).toEqual(held);
  });

  test('after 30 days both the JSON and the PDF answer 410; an unknown link 404', async () => {
    const clocked = await createQuoteTestApp();
    try {
      const u = await clocked.registerUser();
      const project = await clocked.project(u.token);
      const file = (await clocked.upload(project.id, u.token, await readFixture(CUBE_STL), 'a.stl')).body as QuoteFile;
      await clocked.ms(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG });
      const doc = (await clocked.ms<QuoteDocumentCreated>(`project/${project.id}/quote-document`, { token: u.token, body: { fileIds: [file.id] } })).body;
      clocked.clock.advance(30 * 24 * 3600 - 60);
      expect((await clocked.ms(`quote-document/${doc.token}`)).status).toBe(200);
      clocked.clock.advance(61);
      const expired = await clocked.ms<{ message: string }>(`quote-document/${doc.token}`);
      expect(expired.status).toBe(410);
      expect(expired.body.message).toMatch(/^This quote expired on \d{4}-\d{2}-\d{2}/);
      expect((await clocked.fetch(`/msapi/manufacture/quote-document/${doc.token}.pdf`)).status).toBe(410);
      expect(await clocked.ms(`quote-document/${'x'.repeat(32)}`)).toEqual({ status: 404, body: { message: 'Failed to fetch quotation data.' } });
      expect((await clocked.fetch(`/msapi/manufacture/quote-document/${'x'.repeat(32)}.pdf`)).status).toBe(404);
    } finally {
      await clocked.close();
    }
  });

  test('nothing orderable to quote, or a named part that cannot be ordered: 422', async () => {
    const project = await t.project(token, 'Empty');
    const none = await t.ms<{ message: string }>(`project/${project.id}/quote-document`, { token, body: {} });
    expect(none).toMatchObject({ status: 422, body: { message: 'Configure at least one part that can be ordered before creating a quote document.' } });
    const { project: p2, file } = await configuredProject({ ...PRINT_CONFIG, colourId: null });
    const named = await t.ms<{ message: string }>(`project/${p2.id}/quote-document`, { token, body: { fileIds: [file.id] } });
    expect(named.status).toBe(422);
    expect(named.body.message).toBe('"arm-bracket.stl" cannot be quoted as configured: Please choose a colour');
  });

  test('ordering a shared quote: the sender’s own parts go to the sender’s cart as they are', async () => {
    const { project, file, quote } = await configuredProject({ ...PRINT_CONFIG, quantity: 12 });
    const doc = (await t.ms<QuoteDocumentCreated>(`project/${project.id}/quote-document`, { token, body: {} })).body;
    const ordered = await t.ms<QuoteDocumentOrdered>(`quote-document/${doc.token}/order`, { token, body: {} });
    expect(ordered.status).toBe(201);
    expect(ordered.body.projectId).toBe(project.id);
    const line = ordered.body.cart.lines.find((l) => l.fileId === file.id)!;
    expect(line).toMatchObject({ quantity: 12, totalCents: quote.result.totalCents, problem: null });
    // Ordering again prices the same line again rather than adding it twice.
    const again = await t.ms<QuoteDocumentOrdered>(`quote-document/${doc.token}/order`, { token, body: {} });
    expect(again.body.cart.lines.filter((l) => l.fileId === file.id)).toHaveLength(1);
    for (const l of again.body.cart.lines) await t.ms(`cart/items/${l.id}`, { method: 'DELETE', token });
  });

  test('ordering someone else’s shared quote copies its files into a project of one’s own; the sender’s project, cart and files stay theirs', async () => {
    const { project, file } = await configuredProject({ ...PRINT_CONFIG, finishes: [{ kind: 'painting', colours: ['red'] }] });
    const doc = (await t.ms<QuoteDocumentCreated>(`project/${project.id}/quote-document`, { token, body: {} })).body;
    const buyer = await t.registerUser();
    const senderFilesBefore = (await t.ms<QuoteFileList>(`project/${project.id}/files`, { token })).body;
    const senderCartBefore = (await t.ms<Cart>('cart', { token })).body;

    const ordered = await t.ms<QuoteDocumentOrdered>(`quote-document/${doc.token}/order`, { token: buyer.token, body: {} });
    expect(ordered.status).toBe(201);
    expect(ordered.body.projectId).not.toBe(project.id);
    const projects = (await t.ms<ProjectList>('project/list', { token: buyer.token })).body;
    expect(projects.list).toEqual([expect.objectContaining({ id: ordered.body.projectId, name: `Drone frame (${doc.number})`, process: '3d-printing', fileCount: 1 })]);
    const copies = (await t.ms<QuoteFileList>(`project/${ordered.body.projectId}/files`, { token: buyer.token })).body.list;
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ name: 'arm-bracket.stl', sha256: file.sha256, configuration: { finishes: [{ kind: 'painting', colours: ['red'] }] } });
    expect(copies[0]!.id).not.toBe(file.id);
    expect(await t.storedFiles()).toContain(`files/${ordered.body.projectId}/${copies[0]!.id}`);
    const content = await t.fetch(`/msapi/manufacture/project/${ordered.body.projectId}/files/${copies[0]!.id}/content`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(await readFixture(CUBE_STL));
    expect(ordered.body.cart.lines).toEqual([expect.objectContaining({ fileId: copies[0]!.id, totalCents: doc.totalCents, problem: null })]);

    // The buyer reaches nothing of the sender's; the sender's things are as they were.
    expect((await t.ms(`project/${project.id}`, { token: buyer.token })).status).toBe(404);
    expect((await t.ms<QuoteFileList>(`project/${project.id}/files`, { token })).body).toEqual(senderFilesBefore);
    expect((await t.ms<Cart>('cart', { token })).body).toEqual(senderCartBefore);

    // A visitor (temporary token) may order too; without any token it is a 401.
    const visitor = await t.temporaryToken();
    expect((await t.ms(`quote-document/${doc.token}/order`, { token: visitor, body: {} })).status).toBe(201);
    expect((await t.ms(`quote-document/${doc.token}/order`, { body: {} })).status).toBe(401);
    expect((await t.ms(`quote-document/${'x'.repeat(32)}/order`, { token: buyer.token, body: {} })).status).toBe(404);
  });

  test('an expired quote, or one whose file was removed, cannot be ordered, and nothing is added', async () => {
    const clocked = await createQuoteTestApp();
    try {
      const u = await clocked.registerUser();
      const buyer = await clocked.registerUser();
      const project = await clocked.project(u.token);
      const file = (await clocked.upload(project.id, u.token, await readFixture(CUBE_STL), 'a.stl')).body as QuoteFile;
      await clocked.ms(`project/${project.id}/files/${file.id}/configuration`, { method: 'PUT', token: u.token, body: PRINT_CONFIG });
      const doc = (await clocked.ms<QuoteDocumentCreated>(`project/${project.id}/quote-document`, { token: u.token, body: {} })).body;
      await clocked.ms(`project/${project.id}/files/${file.id}`, { method: 'DELETE', token: u.token });
      const gone = await clocked.ms<{ message: string }>(`quote-document/${doc.token}/order`, { token: buyer.token, body: {} });
      expect(gone.status).toBe(410);
      expect(gone.body.message).toMatch(/"a.stl" is no longer kept/);
      expect((await clocked.ms<ProjectList>('project/list', { token: buyer.token })).body.total).toBe(0);
      clocked.clock.advance(30 * 24 * 3600 + 1);
      const again = (await clocked.call<{ accessToken: string }>('account/login', { body: { email: buyer.email, password: buyer.password } })).body.accessToken;
      expect((await clocked.ms(`quote-document/${doc.token}/order`, { token: again, body: {} })).status).toBe(410);
      expect((await clocked.ms<Cart>('cart', { token: again })).body.lines).toEqual([]);
    } finally {
      await clocked.close();
    }
  });
});
