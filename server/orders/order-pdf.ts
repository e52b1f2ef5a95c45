import PDFDocument from 'pdfkit';
import type { Order } from '#domain/api/order';
import { orderDocumentKind, type OrderDocumentKind } from '#domain/orders/order-status';
import { formatUsd } from '#domain/pricing/money';
import { longDate, winAnsi } from '../quote/quote-pdf.ts';

const MARGIN = 50;
const COLUMNS = [
  { key: 'part', title: 'Part', width: 140, align: 'left' },
  { key: 'options', title: 'Material and options', width: 165, align: 'left' },
  { key: 'qty', title: 'Qty', width: 35, align: 'right' },
  { key: 'unit', title: 'Unit price', width: 75, align: 'right' },
  { key: 'total', title: 'Total', width: 80, align: 'right' },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string>;

const TITLES: Readonly<Record<OrderDocumentKind, string>> = { invoice: 'Invoice', proforma: 'Proforma invoice', cancelled: 'Cancelled order' };

/** What the document is (domain/orders): an invoice once paid, a proforma invoice before (to pay or to approve a purchase). */
export function orderDocumentTitle(order: Pick<Order, 'status'>): string {
  return TITLES[orderDocumentKind(order.status)];
}

/**
 * One order as a PDF (issue 15): the invoice of a paid order, the proforma invoice of an unpaid one.
 * Products with their options, amounts, coupon, billing and consignee, the EXW terms and carrier,
 * the entrust fields the customer may see. pdfkit with its built-in Helvetica, as the quote document
 * (ADR 043): text is real text, searchable and read by screen readers.
 */
export function renderOrderPdf(order: Order): Promise<Buffer> {
  const title = orderDocumentTitle(order);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${title} ${order.number}`, Subject: `Order ${order.number}`, Author: 'Manufacture', Producer: 'Manufacture' },
    lang: 'en-GB',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - 2 * MARGIN;
  const right = pdf.page.width - MARGIN;
  const bottom = () => pdf.page.height - MARGIN;
  const text = (value: string) => pdf.text(winAnsi(value), { width });

  pdf.font('Helvetica-Bold').fontSize(18).text(winAnsi(title), MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(10).moveDown(0.3);
  text(`Order: ${order.number}`);
  text(`Date: ${longDate(order.createdAt)}`);
  text(`Status: ${order.statusLabel}`);
  if (order.paidAt) text(`Paid: ${longDate(order.paidAt)}`);
  if (order.poNumber) text(`PO number: ${order.poNumber}`);
  if (order.entrust?.platformOrderNumber) text(`Platform order number: ${order.entrust.platformOrderNumber}`);
  pdf.moveDown(0.8);

  const top = pdf.y;
  const half = width / 2 - 10;
  const b = order.billing;
  const c = order.consignee;
  pdf.font('Helvetica-Bold').text('Bill to', MARGIN, top, { width: half });
  pdf.font('Helvetica').text(winAnsi([b.companyName, b.name, b.location].filter(Boolean).join('\n')), { width: half });
  const billedEnd = pdf.y;
  pdf.font('Helvetica-Bold').text('Ship to', MARGIN + width / 2, top, { width: half });
  pdf.font('Helvetica').text(
    winAnsi(
      [
        `${c.firstName} ${c.lastName}`,
        c.company,
        c.addressLine1,
        c.addressLine2,
        c.addressLine3,
        `${c.city} ${c.postcode}`,
        [c.stateName ?? c.state, c.countryName].filter(Boolean).join(', '),
        `${c.phoneCode} ${c.mobile}`,
        c.vatNumber ? `VAT/EORI: ${c.vatNumber}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    { width: half },
  );
  pdf.x = MARGIN;
  pdf.y = Math.max(billedEnd, pdf.y) + 14;

  const row = (cells: Cells, bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(...COLUMNS.map((col) => pdf.heightOfString(winAnsi(cells[col.key]), { width: col.width - 6 }))) + 6;
    if (pdf.y + height > bottom()) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    for (const column of COLUMNS) {
      pdf.text(winAnsi(cells[column.key]), x, y + 3, { width: column.width - 6, align: column.align });
      x += column.width;
    }
    pdf.moveTo(MARGIN, y + height).lineTo(right, y + height).lineWidth(0.5).strokeColor('#999999').stroke();
    pdf.x = MARGIN;
    pdf.y = y + height;
  };
  row({ part: 'Part', options: 'Material and options', qty: 'Qty', unit: 'Unit price', total: 'Total' }, true);
  for (const p of order.products) {
    row(
      {
        part: p.comment ? `${p.name}\n${p.comment}` : p.name,
        options: [[p.material, p.colour].filter(Boolean).join(', '), ...p.options, `Ships ${p.shipDate}`].join('\n'),
        qty: String(p.quantity),
        unit: formatUsd(p.unitPriceCents),
        total: formatUsd(p.totalCents),
      },
      false,
    );
  }

  pdf.moveDown(0.6).fontSize(10);
  const amount = (label: string, cents: number, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(winAnsi(`${label}: ${formatUsd(cents)}`), MARGIN, pdf.y, { width, align: 'right' });
  };
  amount('Subtotal', order.amounts.subtotalCents);
  if (order.amounts.discountCents > 0) {
    const label = order.coupon ? `Discount (${order.coupon.code})` : order.referral ? `Referral: ${order.referral.percentOff}% off your first order` : 'Discount';
    amount(label, -order.amounts.discountCents);
  }
  amount('Shipping (EXW: billed by your carrier)', order.amounts.shippingCents);
  amount(`Total (${order.amounts.currency})`, order.amounts.totalCents, true);

  pdf.moveDown(1).font('Helvetica').fontSize(9);
  const s = order.shipping;
  text(`Shipping: ${s.incoterm} (Incoterms 2020), ${s.carrierName}, account ${s.carrierAccount}. ${s.explanation}`);
  if (order.comment) {
    pdf.moveDown(0.4);
    text(`Comment: ${order.comment}`);
  }
  if (order.entrust?.customerNote) {
    pdf.moveDown(0.4);
    text(`Note: ${order.entrust.customerNote}`);
  }
  pdf.moveDown(0.4);
  text(orderDocumentKind(order.status) === 'invoice' ? 'Amounts are in US dollars.' : 'Amounts are in US dollars. Please quote the order number as the reference of a bank transfer.');
  pdf.end();
  return done;
}
