import type { Order } from '#domain/api/order';
import { orderDocumentKind, type OrderDocumentKind } from '#domain/orders/order-status';
import { formatUsd } from '#domain/pricing/money';
import { PDF_MARGIN as MARGIN, createPdf, longDate, tableRow, write, type PdfColumn } from '../pdf/pdf-document.ts';

type Key = 'part' | 'options' | 'qty' | 'unit' | 'total';
const COLUMNS: readonly PdfColumn<Key>[] = [
  { key: 'part', width: 140, align: 'left' },
  { key: 'options', width: 165, align: 'left' },
  { key: 'qty', width: 35, align: 'right' },
  { key: 'unit', width: 75, align: 'right' },
  { key: 'total', width: 80, align: 'right' },
];

const TITLES: Readonly<Record<OrderDocumentKind, string>> = { invoice: 'Invoice', proforma: 'Proforma invoice', cancelled: 'Cancelled order' };

/** What the document is (domain/orders): an invoice once paid, a proforma invoice before (to pay or to approve a purchase). */
export function orderDocumentTitle(order: Pick<Order, 'status'>): string {
  return TITLES[orderDocumentKind(order.status)];
}

/**
 * One order as a PDF (issue 15): the invoice of a paid order, the proforma invoice of an unpaid one.
 * Products with their options, amounts, coupon, billing and consignee, the EXW terms and carrier,
 * the entrust fields the customer may see. Real text, searchable and read by screen readers, as the
 * quote document's (ADR 043): a customer's name and address in any script the documents' fonts draw
 * ("Łódź", "Москва", "上海"; server/pdf/pdf-document.ts, ADR 255).
 */
export function renderOrderPdf(order: Order): Promise<Buffer> {
  const title = orderDocumentTitle(order);
  const { pdf, done } = createPdf({ Title: `${title} ${order.number}`, Subject: `Order ${order.number}` });
  const width = pdf.page.width - 2 * MARGIN;
  const right = pdf.page.width - MARGIN;
  const bottom = () => pdf.page.height - MARGIN;
  const text = (value: string) => write(pdf, value, { width });

  pdf.fontSize(18);
  write(pdf, title, { bold: true, x: MARGIN, y: MARGIN });
  pdf.fontSize(10).moveDown(0.3);
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
  write(pdf, 'Bill to', { bold: true, x: MARGIN, y: top, width: half });
  write(pdf, [b.companyName, b.name, b.location].filter(Boolean).join('\n'), { width: half });
  const billedEnd = pdf.y;
  write(pdf, 'Ship to', { bold: true, x: MARGIN + width / 2, y: top, width: half });
  write(
    pdf,
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
    { width: half },
  );
  pdf.x = MARGIN;
  pdf.y = Math.max(billedEnd, pdf.y) + 14;

  const row = (cells: Readonly<Record<Key, string>>, bold: boolean) => tableRow(pdf, COLUMNS, cells, { bold, right, bottom: bottom() });
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
  const amount = (label: string, cents: number, bold = false) => write(pdf, `${label}: ${formatUsd(cents)}`, { bold, x: MARGIN, y: pdf.y, width, align: 'right' });
  amount('Subtotal', order.amounts.subtotalCents);
  if (order.amounts.discountCents > 0) {
    const label = order.coupon ? `Discount (${order.coupon.code})` : order.referral ? `Referral: ${order.referral.percentOff}% off your first order` : 'Discount';
    amount(label, -order.amounts.discountCents);
  }
  amount('Shipping (EXW: billed by your carrier)', order.amounts.shippingCents);
  amount(`Total (${order.amounts.currency})`, order.amounts.totalCents, true);

  pdf.moveDown(1).fontSize(9);
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
