import type { Order } from '#domain/api/order';
import { ORDER_STATUS_LABELS, isPayable } from '#domain/orders/order-status';
import { useAsync } from '#lib/use-async';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { StatusBadge } from '#ui/status-badge';
import { getOrder } from '../api.ts';

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** One order: status and its history, products, amounts, consignee, shipping (EXW) and tracking. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const order = useAsync<Order>(`order-${orderId}`, (signal) => getOrder(orderId, signal));
  if (order.status === 'loading') return <p role="status">Loading the order…</p>;
  if (order.status === 'error') return <p role="alert">Can not found an order.</p>;
  const o = order.data;
  const c = o.consignee;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-title">Order {o.number}</h2>
        <StatusBadge>{o.statusLabel}</StatusBadge>
        {isPayable(o.status) && <Link href={`/checkout/payment?order=${encodeURIComponent(o.id)}`}>Pay this order</Link>}
      </div>

      <section aria-labelledby="products-heading">
        <h3 id="products-heading" className="font-semibold">
          Products
        </h3>
        <table className="mt-2 w-full text-left text-caption">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Material</th>
              <th scope="col" className="text-right">Qty</th>
              <th scope="col" className="text-right">Unit price</th>
              <th scope="col" className="text-right">Total</th>
              <th scope="col">Ships</th>
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
                <td>{p.shipDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-3 grid max-w-xs grid-cols-2 gap-1 text-caption">
          <dt>Subtotal</dt>
          <dd className="text-right">
            <Money cents={o.amounts.subtotalCents} />
          </dd>
          {o.amounts.discountCents > 0 && (
            <>
              <dt>Discount{o.coupon ? ` (${o.coupon.code})` : ''}</dt>
              <dd className="text-right">
                <Money cents={-o.amounts.discountCents} />
              </dd>
            </>
          )}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">
            <Money cents={o.amounts.totalCents} />
          </dd>
        </dl>
      </section>

      <section aria-labelledby="shipping-heading" className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 id="shipping-heading" className="font-semibold">
            Consignee
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
          <h3 className="font-semibold">Shipping</h3>
          <p className="text-caption">
            {o.shipping.incoterm} (Incoterms 2020) · {o.shipping.carrierName}, account {o.shipping.carrierAccount}
          </p>
          <p className="text-caption text-neutral-600">{o.shipping.explanation}</p>
          {o.poNumber && <p className="text-caption">PO number: {o.poNumber}</p>}
        </div>
      </section>

      <section aria-labelledby="tracking-heading">
        <h3 id="tracking-heading" className="font-semibold">
          Tracking
        </h3>
        {o.tracking.length === 0 ? (
          <p className="text-caption text-neutral-600">Tracking appears here once the parts have shipped.</p>
        ) : (
          <ul className="text-caption">
            {o.tracking.map((t) => (
              <li key={t.id}>
                {t.package}: {t.logisticsCompany} {t.trackNumber}, {t.trackState}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-heading">
        <h3 id="history-heading" className="font-semibold">
          Status history
        </h3>
        <ol className="mt-1 text-caption">
          {o.statusHistory.map((h) => (
            <li key={`${h.at}-${h.to}`}>
              {formatDateTime(h.at)}: {ORDER_STATUS_LABELS[h.to]}
              {h.note ? ` (${h.note})` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
