import type { Cart } from '#domain/api/quote';
import { findMaterial } from '#domain/catalogue/lookup';
import { CATALOGUE } from '#domain/catalogue/catalogue';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { ScrollRegion } from '#ui/scroll-region';

function materialName(process: string, materialId: string): string {
  return findMaterial(process as never, materialId, CATALOGUE)?.name ?? materialId;
}

/** The parts of the order: what the cart holds, as the server priced it. */
export function CartLines({ cart }: { cart: Cart }) {
  const t = useT();
  const format = useFormat();
  return (
    <section className="flex flex-col gap-3">
      <h2 id="cart-heading" className="text-title">
        {t('checkout.cart.heading')}
      </h2>
      {/* On a phone the table scrolls by itself, in a region the keyboard can reach (WCAG 1.4.10). */}
      <ScrollRegion aria-labelledby="cart-heading">
        <table className="w-full border-collapse text-left text-body">
          <thead>
            <tr className="border-b border-neutral-300">
              <th scope="col" className="py-2 pr-4">
                {t('orders.column.part')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('orders.column.material')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('orders.column.quantity')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('orders.column.unitPrice')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {t('orders.column.total')}
              </th>
              <th scope="col" className="py-2 pr-4">
                {t('orders.column.ships')}
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.lines.map((line) => (
              <tr key={line.id} className="border-b border-neutral-200 align-top">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {line.fileName}
                  {line.note && <p className="text-caption whitespace-pre-line text-neutral-600">{t('checkout.cart.note', { note: line.note })}</p>}
                  {line.drawing && <p className="text-caption text-neutral-600">{t('checkout.cart.drawing', { name: line.drawing.name })}</p>}
                  {line.problemMessage && <p className="text-caption text-danger-700">{line.problemMessage}</p>}
                </th>
                <td className="py-2 pr-4">{materialName(line.configuration.process, line.configuration.materialId)}</td>
                <td className="py-2 pr-4 text-right">{line.quantity}</td>
                <td className="py-2 pr-4 text-right">{format.money(line.unitPriceCents)}</td>
                <td className="py-2 pr-4 text-right">{format.money(line.totalCents)}</td>
                <td className="py-2 pr-4">{format.date(line.shipDate)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4} className="py-2 pr-4 text-right">
                {t('checkout.cart.total')}
              </th>
              <td className="py-2 pr-4 text-right font-medium" data-testid="cart-total">
                {format.money(cart.totalCents)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </section>
  );
}
