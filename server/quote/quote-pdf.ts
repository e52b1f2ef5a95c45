import PDFDocument from 'pdfkit';
import type { QuoteDocument } from '#domain/api/quote';
import type { FindingNote } from '#domain/geometry/findings';
import { formatUsd } from '#domain/pricing/money';

const MARGIN = 50;
const COLUMNS = [
  { key: 'part', title: 'Part', width: 130, align: 'left' },
  { key: 'options', title: 'Material and options', width: 150, align: 'left' },
  { key: 'qty', title: 'Qty', width: 30, align: 'right' },
  { key: 'unit', title: 'Unit price', width: 60, align: 'right' },
  { key: 'total', title: 'Total', width: 65, align: 'right' },
  { key: 'ships', title: 'Ships', width: 60, align: 'right' },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string>;

const SEVERITY_WORD: Record<FindingNote['severity'], string> = { error: 'Must fix', warning: 'Check', info: 'Note' };

/** Under a part's row: what the analysis found, each with what to do (as the quote page said it). */
function findingsBlock(pdf: PDFKit.PDFDocument, findings: readonly FindingNote[], right: number, bottom: number): void {
  const width = right - MARGIN - 12;
  pdf.fontSize(8);
  for (const f of findings) {
    const text = winAnsi(`${SEVERITY_WORD[f.severity]}: ${f.message} ${f.fixHint}`);
    if (pdf.y + pdf.heightOfString(text, { width }) + 4 > bottom) pdf.addPage();
    pdf.font('Helvetica-Bold').text(winAnsi(`${SEVERITY_WORD[f.severity]}: `), MARGIN + 12, pdf.y + 2, { width, continued: true });
    pdf.font('Helvetica').text(winAnsi(`${f.message} ${f.fixHint}`));
  }
  pdf.moveTo(MARGIN, pdf.y + 3).lineTo(right, pdf.y + 3).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.x = MARGIN;
  pdf.y += 4;
}

/** The standard PDF fonts encode WinAnsi only: replace what they cannot show. */
export function winAnsi(text: string): string {
  return text.replaceAll('−', '-').replaceAll('’', "'").replace(/[^\n\t\u0020-\u007e\u00a0-\u00ff€–—“”‘•…×]/g, '?');
}

export function longDate(isoText: string): string {
  return new Date(isoText).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The quote document as a PDF (ADR 043): parts, options, unit prices, totals, lead times, ship
 * dates, the EXW note and the date the prices hold until. pdfkit with its built-in Helvetica, so
 * no font files are needed; text is real text (searchable, copyable, read by screen readers).
 */
export function renderQuotePdf(doc: QuoteDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Quotation ${doc.number}`, Subject: doc.projectName, Author: 'Manufacture', Producer: 'Manufacture' },
    lang: 'en-GB',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const right = pdf.page.width - MARGIN;
  const bottom = () => pdf.page.height - MARGIN;
  pdf.font('Helvetica-Bold').fontSize(18).text(winAnsi('Quotation'), MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(10).moveDown(0.3);
  pdf.text(winAnsi(`Number: ${doc.number}`));
  pdf.text(winAnsi(`Project: ${doc.projectName}`));
  pdf.text(`Date: ${longDate(doc.createdAt)}`);
  pdf.font('Helvetica-Bold').text(`Prices valid until ${longDate(doc.expiresAt)}`);
  pdf.font('Helvetica').moveDown(1);

  const row = (cells: Cells, bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(...COLUMNS.map((c) => pdf.heightOfString(winAnsi(cells[c.key]), { width: c.width - 6 }))) + 6;
    if (pdf.y + height > bottom()) pdf.addPage();
    const top = pdf.y;
    let x = MARGIN;
    for (const column of COLUMNS) {
      pdf.text(winAnsi(cells[column.key]), x, top + 3, { width: column.width - 6, align: column.align });
      x += column.width;
    }
    pdf.moveTo(MARGIN, top + height).lineTo(right, top + height).lineWidth(0.5).strokeColor('#999999').stroke();
    pdf.x = MARGIN;
    pdf.y = top + height;
  };

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
  pdf.font('Helvetica-Bold').fontSize(11).text(`Total: ${formatUsd(doc.totalCents)} (${doc.currency})`, MARGIN, pdf.y, { width: right - MARGIN, align: 'right' });
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(9);
  pdf.text(winAnsi(doc.exwNote), MARGIN, pdf.y, { width: right - MARGIN });
  pdf.moveDown(0.5);
  pdf.text(
    winAnsi(
      `These prices hold until ${longDate(doc.expiresAt)} (${doc.expiresAt.slice(0, 16).replace('T', ' ')} UTC). Ship dates are the days the parts leave the factory if the order is placed today; they move with the date of the order. Prices are in US dollars.`,
    ),
    { width: right - MARGIN },
  );
  pdf.end();
  return done;
}
