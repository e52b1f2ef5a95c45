import type { Order } from '#domain/api/order';
import { ORDER_STATUS_LABELS, isPayable } from '#domain/orders/order-status';
import { useFormat } from '#lib/i18n/format';
import { useT } from '#lib/i18n/i18n';
import { useAsync } from '#lib/use-async';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { getOrder } from '../api.ts';

/** One order: status and its history, products, amounts, consignee, shipping (EXW) and tracking. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const t = useT();
  const format = useFormat();
  const order = useAsync<Order>(`order-${orderId}`, (signal) => getOrder(orderId, signal));
  if (order.status === 'loading') return <p role="status">{t('orders.detail.loading')}</p>;
  if (order.status === 'error') return <p role="alert">{t('error.orderNotFound')}</p>;
  const o = order.data;
  const c = o.consignee;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-title">{t('orders.detail.heading', { number: o.number })}</h2>
        <StatusBadge>{o.statusLabel}</StatusBadge>
        {isPayable(o.status) && <Link href={`/checkout/payment?order=${encodeURIComponent(o.id)}`}>{t('orders.detail.pay')}</Link>}
      </div>

      <section aria-labelledby="products-heading">
        <h3 id="products-heading" className="font-semibold">
          {t('orders.detail.products')}
        </h3>
        <table className="mt-2 w-full text-left text-caption">
          <thead>
            <tr>
              <th scope="col">{t('orders.column.part')}</th>
              <th scope="col">{t('orders.column.material')}</th>
              <th scope="col" className="text-right">
                {t('orders.column.quantityShort')}
              </th>
              <th scope="col" className="text-right">
                {t('orders.column.unitPrice')}
              </th>
              <th scope="col" className="text-right">
                {t('orders.column.total')}
              </th>
              <th scope="col">{t('orders.column.ships')}</th>
            </tr>
          </thead>
          <tbody>
            {o.products.map((p) => (
              <tr key={p.id} className="border-t border-neutral-100 align-top">
                <th scope="row" className="py-1 font-normal">
                  {p.name}
                  {p.options.length > 0 && <span className="block text-neutral-600">{p.options.join(' · ')}</span>}
                </th>
                <td>{[p.material, p.colour].filter(Boolean).join(', ')}</td>
                <td className="text-right">{p.quantity}</td>
                <td className="text-right">
                  <Money cents={p.unitPriceCents} />
                </td>
                <td className="text-right">
                  <Money cents={p.totalCents} />
                </td>
                <td>{format.date(p.shipDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 grid max-w-xs grid-cols-2 gap-1 text-caption">
          <dt>{t('orders.detail.subtotal')}</dt>
          <dd className="text-right">
            <Money cents={o.amounts.subtotalCents} />
          </dd>
          {o.amounts.discountCents > 0 && (
            <>
              <dt>
                {o.coupon
                  ? t('orders.detail.discountWithCode', { code: o.coupon.code })
                  : o.referral
                    ? t('rewards.checkout.referral', { percent: o.referral.percentOff })
                    : t('orders.detail.discount')}
              </dt>
              <dd className="text-right">
                <Money cents={-o.amounts.discountCents} />
              </dd>
            </>
          )}
          <dt className="font-semibold">{t('orders.column.total')}</dt>
          <dd className="text-right font-semibold">
            <Money cents={o.amounts.totalCents} />
          </dd>
        </dl>
      </section>

      <section aria-labelledby="shipping-heading" className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 id="shipping-heading" className="font-semibold">
            {t('orders.detail.consignee')}
          </h3>
          <p className="text-caption">
            {c.firstName} {c.lastName}
            {c.company ? `, ${c.company}` : ''}
            <br />
            {c.addressLine1}, {c.city} {c.postcode}
            <br />
            {c.state ? `${c.state}, ` : ''}
            {c.countryName}
            <br />
            {c.phoneCode} {c.mobile}
          </p>
        </div>
        <div>
          <h3 className="font-semibold">{t('orders.detail.shipping')}</h3>
          <p className="text-caption">
            {t('orders.detail.shippingTerms', { incoterm: o.shipping.incoterm, carrier: o.shipping.carrierName, account: o.shipping.carrierAccount })}
          </p>
          <p className="text-caption text-neutral-600">{o.shipping.explanation}</p>
          {o.poNumber && <p className="text-caption">{t('orders.detail.poNumber', { poNumber: o.poNumber })}</p>}
        </div>
      </section>

      <section aria-labelledby="tracking-heading">
        <h3 id="tracking-heading" className="font-semibold">
          {t('orders.detail.tracking')}
        </h3>
        {o.tracking.length === 0 ? (
          <p className="text-caption text-neutral-600">{t('orders.detail.trackingNone')}</p>
        ) : (
          <ul className="text-caption">
            {o.tracking.map((track) => (
              <li key={track.id}>
                {t('orders.detail.trackingLine', { package: track.package, company: track.logisticsCompany, number: track.trackNumber, state: track.trackState })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h3 id="history-heading" className="font-semibold">
          {t('orders.detail.history')}
        </h3>
        <ol className="mt-1 text-caption">
          {o.statusHistory.map((h) => (
            <li key={`${h.at}-${h.to}`}>
              {h.note
                ? t('orders.detail.historyLineWithNote', { at: format.dateTime(h.at), status: ORDER_STATUS_LABELS[h.to], note: h.note })
                : t('orders.detail.historyLine', { at: format.dateTime(h.at), status: ORDER_STATUS_LABELS[h.to] })}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
