import { describe, expect, test } from 'vitest';
import type { QuoteDocument } from '#domain/api/quote';
import { EXW_NOTE } from '#domain/pricing/quote-part';
import { renderOrderPdf } from '../../../server/orders/order-pdf.ts';
import { renderQuotePdf } from '../../../server/quote/quote-pdf.ts';
import { order } from '../../../stories/support/order-fixtures.ts';
import { pdfText } from '../quote/pdf-text.ts';

const line: QuoteDocument['lines'][number] = {
  fileName: 'arm-bracket.stl',
  process: '3d-printing',
  processName: '3D printing',
  materialName: 'PA12 (MJF)',
  colourName: 'Grey',
  options: ['Tolerance: ISO 2768-m'],
  quantity: 2,
  unitPriceCents: 1250,
  totalCents: 2500,
  leadTimeDays: 5,
  shipDate: '2026-12-11',
  sizeMm: [10, 20, 30],
  findings: [],
  drawingName: null,
  note: null,
};
const quote = (overrides: Partial<QuoteDocument>): QuoteDocument => ({
  number: 'Q-20261205-ABCDEF',
  projectName: 'Drone frame',
  lines: [line],
  totalCents: 2500,
  currency: 'USD',
  createdAt: '2026-12-05T00:00:00.000Z',
  expiresAt: '2027-01-04T00:00:00.000Z',
  exwNote: EXW_NOTE,
  ...overrides,
});
const text = async (pdf: Promise<Buffer>) => pdfText(new Uint8Array(await pdf));
/** The embedded fonts' names (a subset's name is prefixed with six letters and a +). */
const fonts = async (pdf: Promise<Buffer>) => [...(await pdf).toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]);

describe('the PDF documents draw every script their fonts hold (ADR 255)', () => {
  test("a quote's project, parts, note and drawing in Polish, Greek, Russian, Vietnamese, Chinese and Japanese", async () => {
    const doc = quote({
      projectName: 'Łódź — Ελλάδα',
      lines: [
        { ...line, fileName: 'Кронштейн.stl', note: 'Bề mặt nhẵn', drawingName: '図面.pdf' },
        { ...line, fileName: '支架.stl', colourName: null },
      ],
    });
    const read = (await text(renderQuotePdf(doc))).replace(/\s+/g, ' ');
    for (const expected of ['Project: Łódź — Ελλάδα', 'Кронштейн.stl', 'Note: Bề mặt nhẵn', 'Drawing: 図面.pdf', '支架.stl', 'Quotation', 'Total: $25.00']) expect(read).toContain(expected);
    expect(read).not.toContain('?');
  });

  test('text Helvetica draws stays in Helvetica: no font is embedded for an English document', async () => {
    expect(await fonts(renderQuotePdf(quote({})))).toEqual(expect.arrayContaining(['Helvetica', 'Helvetica-Bold']));
    expect((await fonts(renderQuotePdf(quote({})))).some((f) => f?.startsWith('Noto'))).toBe(false);
    // A Chinese part name embeds only the font that draws it, as a subset.
    const withChinese = await fonts(renderQuotePdf(quote({ lines: [{ ...line, fileName: '支架.stl' }] })));
    expect(withChinese).toContain('NotoSansSC-Regular');
    expect(withChinese).not.toContain('NotoSans-Regular');
  });

  test('a script none of the fonts holds (Korean) is a "?" for each character, the rest of the line kept', async () => {
    const read = await text(renderQuotePdf(quote({ projectName: 'Busan 부품 Łódź' })));
    expect(read).toContain('Project: Busan ?? Łódź');
  });

  test("an invoice's billing and consignee in Cyrillic and Polish", async () => {
    const paid = order('delivered');
    const invoice = order('delivered', {
      billing: { companyName: 'ООО «Ромашка»', name: 'Анна Иванова', location: 'ul. Świętokrzyska 12, Łódź' },
      consignee: { ...paid.consignee, firstName: 'Zofia', lastName: 'Wójcik', city: 'Łódź', addressLine1: 'ul. Żeromskiego 5' },
    });
    const read = (await text(renderOrderPdf(invoice))).replace(/\s+/g, ' ');
    for (const expected of ['Bill to', 'ООО «Ромашка»', 'Анна Иванова', 'ul. Świętokrzyska 12, Łódź', 'Zofia Wójcik', 'ul. Żeromskiego 5', 'Invoice']) expect(read).toContain(expected);
    expect(read).not.toContain('?');
  });
});
