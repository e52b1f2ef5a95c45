import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PartQuote, QuoteDocument, QuoteDocumentCreated, QuoteFile } from '#domain/api/quote';
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
    const { token: _token, url: _url, pdfUrl: _pdfUrl, ...held } = doc;
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
});
