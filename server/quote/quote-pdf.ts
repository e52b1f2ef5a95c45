import type { QuoteDocument } from '#domain/api/quote';
import type { FindingNote } from '#domain/geometry/findings';
import { formatUsd } from '#domain/pricing/money';
import { PDF_MARGIN as MARGIN, createPdf, longDate, tableRow, setFontFor, write, type PdfColumn } from '../pdf/pdf-document.ts';

type Key = 'part' | 'options' | 'qty' | 'unit' | 'total' | 'ships';
const COLUMNS: readonly PdfColumn<Key>[] = [
  { key: 'part', width: 130, align: 'left' },
  { key: 'options', width: 150, align: 'left' },
  { key: 'qty', width: 30, align: 'right' },
  { key: 'unit', width: 60, align: 'right' },
  { key: 'total', width: 65, align: 'right' },
  { key: 'ships', width: 60, align: 'right' },
];

const SEVERITY_WORD: Record<FindingNote['severity'], string> = { error: 'Must fix', warning: 'Check', info: 'Note' };

/** Under a part's row: what the analysis found, each with what to do (as the quote page said it). */
function findingsBlock(pdf: PDFKit.PDFDocument, findings: readonly FindingNote[], right: number, bottom: number): void {
  const width = right - MARGIN - 12;
  pdf.fontSize(8);
  for (const f of findings) {
    const words = `${f.message} ${f.fixHint}`;
    const whole = setFontFor(pdf, `${SEVERITY_WORD[f.severity]}: ${words}`);
    if (pdf.y + pdf.heightOfString(whole, { width }) + 4 > bottom) pdf.addPage();
    write(pdf, `${SEVERITY_WORD[f.severity]}: `, { bold: true, x: MARGIN + 12, y: pdf.y + 2, width, continued: true });
    write(pdf, words);
  }
  pdf.moveTo(MARGIN, pdf.y + 3).lineTo(right, pdf.y + 3).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.x = MARGIN;
  pdf.y += 4;
}

/**
 * The quote document as a PDF (ADR 043): parts, options, unit prices, totals, lead times, ship
 * dates, the EXW note and the date the prices hold until. Text is real text (searchable, copyable,
 * read by screen readers), in Helvetica or, for what it cannot draw (a part named "支架.stl", a
 * project "Łódź"), an embedded font that can (server/pdf/pdf-document.ts, ADR 255).
 */
export function renderQuotePdf(doc: QuoteDocument): Promise<Buffer> {
  const { pdf, done } = createPdf({ Title: `Quotation ${doc.number}`, Subject: doc.projectName });

  const right = pdf.page.width - MARGIN;
  const bottom = () => pdf.page.height - MARGIN;
  pdf.fontSize(18);
  write(pdf, 'Quotation', { bold: true, x: MARGIN, y: MARGIN });
  pdf.fontSize(10).moveDown(0.3);
  write(pdf, `Number: ${doc.number}`);
  write(pdf, `Project: ${doc.projectName}`);
  write(pdf, `Date: ${longDate(doc.createdAt)}`);
  write(pdf, `Prices valid until ${longDate(doc.expiresAt)}`, { bold: true });
  pdf.moveDown(1);

  const row = (cells: Readonly<Record<Key, string>>, bold: boolean) => tableRow(pdf, COLUMNS, cells, { bold, right, bottom: bottom() });

  row({ part: 'Part', options: 'Material and options', qty: 'Qty', unit: 'Unit price', total: 'Total', ships: 'Ships' }, true);
  for (const line of doc.lines) {
    const size = line.sizeMm ? `\n${line.sizeMm.map((v) => +v.toFixed(1)).join(' × ')} mm` : '';
    row(
      {
        part: `${line.fileName}${size}`,
        options: [
          `${line.processName}: ${line.materialName}${line.colourName ? `, ${line.colourName}` : ''}`,
          ...line.options,
          ...(line.drawingName ? [`Drawing: ${line.drawingName}`] : []),
          ...(line.note ? [`Note: ${line.note}`] : []),
        ].join('\n'),
        qty: String(line.quantity),
        unit: formatUsd(line.unitPriceCents),
        total: formatUsd(line.totalCents),
        ships: `${line.shipDate}\n${line.leadTimeDays} working days`,
      },
      false,
    );
    if (line.findings.length > 0) findingsBlock(pdf, line.findings, right, bottom());
  }
  pdf.moveDown(0.5);
  pdf.fontSize(11);
  write(pdf, `Total: ${formatUsd(doc.totalCents)} (${doc.currency})`, { bold: true, x: MARGIN, y: pdf.y, width: right - MARGIN, align: 'right' });
  pdf.moveDown(1);
  pdf.fontSize(9);
  write(pdf, doc.exwNote, { x: MARGIN, y: pdf.y, width: right - MARGIN });
  pdf.moveDown(0.5);
  write(
    pdf,
    `These prices hold until ${longDate(doc.expiresAt)} (${doc.expiresAt.slice(0, 16).replace('T', ' ')} UTC). Ship dates are the days the parts leave the factory if the order is placed today; they move with the date of the order. Prices are in US dollars.`,
    { width: right - MARGIN },
  );
  pdf.end();
  return done;
}
