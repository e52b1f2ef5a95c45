import { memo, useState } from 'react';
import type { PriceBreakRow } from '#domain/pricing/price';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { LineChart } from '#ui/line-chart';

export interface PriceBreaksProps {
  /** The quote's price breaks (the chosen quantity among them). */
  rows: readonly PriceBreakRow[];
  /** The chosen quantity, marked on the chart and in the table. */
  quantity: number;
}

/**
 * The price breaks as a picture: unit price against quantity on a logarithmic axis, the chosen
 * quantity marked, and one sentence that says it (the chart's name). The table under it, one press
 * away, is its text alternative with every figure (ADR 212). Drawn again only when a figure or the
 * quantity changes.
 */
export const PriceBreaks = memo(function PriceBreaks({ rows, quantity }: PriceBreaksProps) {
  // The table is drawn only while open, as the breakdown's are.
  const [open, setOpen] = useState(false);
  const t = useT();
  const format = useFormat();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const chosen = rows.find((r) => r.quantity === quantity);
  if (!first || !last || !chosen) return null;
  const summary = t('quote.breaks.summary', {
    first: format.money(first.unitPriceCents),
    firstQuantity: first.quantity,
    last: format.money(last.unitPriceCents),
    lastQuantity: last.quantity,
    unit: format.money(chosen.unitPriceCents),
    quantity,
  });
  return (
    <section aria-labelledby="price-breaks-heading" className="rounded-card border border-neutral-200 bg-neutral-0 p-4">
      <h3 id="price-breaks-heading" className="font-semibold">
        {t('quote.breaks.heading')}
      </h3>
      <figure className="mt-2">
        <LineChart
          points={rows.map((r) => ({ x: r.quantity, y: r.unitPriceCents }))}
          markedX={quantity}
          logX
          summary={summary}
          formatX={(x) => format.number(x)}
          formatY={(y) => format.money(Math.round(y))}
        />
        <figcaption className="mt-1 text-caption text-neutral-600">{t('quote.breaks.caption')}</figcaption>
      </figure>
      <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-caption font-semibold text-brand-700">{t('quote.breaks.showTable')}</summary>
        {open && (
          <table className="mt-2 w-full text-left text-caption">
            <caption className="sr-only">{t('quote.breaks.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('quote.configure.quantity')}</th>
                <th scope="col" className="text-right">
                  {t('quote.breakdown.perPart')}
                </th>
                <th scope="col" className="text-right">
                  {t('orders.column.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.quantity} className={`border-t border-neutral-100 ${row.quantity === quantity ? 'font-semibold' : ''}`} aria-current={row.quantity === quantity ? 'true' : undefined}>
                  <th scope="row" className={`py-1 ${row.quantity === quantity ? '' : 'font-normal'}`}>
                    {format.number(row.quantity)}
                  </th>
                  <td className="py-1 text-right">{format.money(row.unitPriceCents)}</td>
                  <td className="py-1 text-right">{format.money(row.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}, (a, b) => a.quantity === b.quantity && sameRows(a.rows, b.rows));

/** The same figures (the quote is derived again on every render, so its rows are new arrays). */
function sameRows(a: readonly PriceBreakRow[], b: readonly PriceBreakRow[]): boolean {
  return a.length === b.length && a.every((r, i) => r.quantity === b[i]!.quantity && r.unitPriceCents === b[i]!.unitPriceCents && r.totalCents === b[i]!.totalCents);
}
