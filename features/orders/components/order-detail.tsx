import { useId, useState, type ReactNode } from 'react';
import { FetchError } from 'ofetch';
import type { Order, OrderProduct } from '#domain/api/order';
import { errorMessage } from '#lib/api/error-message';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { Button } from '#ui/button';
import { Link } from '#ui/link';
import { Money } from '#ui/money';
import { NoteList } from '#ui/note-list';
import { StatusBadge } from '#ui/status-badge';
import { getOrder, getProductDrawing } from '../api.ts';
import { ORDER_STATUS_KEYS, PAYMENT_METHOD_KEYS } from '../order-words.ts';
import { CopyButton, type WriteText } from './copy-button.tsx';
import { CancelOrderButton, DocumentButton, PayOnBehalf, ReorderButton } from './order-actions.tsx';
import { ReviewForm, ReviewSummary } from './order-review.tsx';

const TRACK_STATES: Readonly<Record<string, MessageKey>> = {
  collected: 'orders.track.collected',
  in_transit: 'orders.track.inTransit',
  delivered: 'orders.track.delivered',
};

/** A titled part of the order: a region a screen reader can list and jump to. */
function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-3 rounded-card border border-neutral-200 bg-neutral-0 p-gutter ${className}`}>
      <h3 id={id} className="text-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A label and its value, stacked, for the facts of an order. */
function Fact({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`flex min-w-0 flex-col ${className}`}>
      <dt className="text-caption text-neutral-600">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * One order: what it is (ID to copy, status, date, amount), what the customer can do now (pay,
 * a payment link for someone else, the PDF, cancel, reorder, after-sale), its products, amounts,
 * the entrust fields, consignee, billing and shipping, tracking (numbers to copy), the review and
 * the status history. Reads at any width: a table of products from medium screens, cards below.
 */
export function OrderDetail({ orderId, writeText }: { orderId: string; writeText?: WriteText }) {
  const t = useT();
  const [said, setSaid] = useState<{ orderId: string; message: string } | null>(null);
  const queryClient = useQueryClient();
  const loaded = asyncState(useQuery({ queryKey: queryKeys.orders.detail(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) }));
  if (loaded.status === 'loading') return <p role="status">{t('orders.detail.loading')}</p>;
  if (loaded.status === 'error') {
    const notFound = loaded.error instanceof FetchError && loaded.error.statusCode === 404;
    return (
      <div role="alert" className="flex flex-col gap-2 rounded-card border border-danger-600 bg-danger-50 p-4 text-danger-700">
        <p>{notFound ? t('error.orderIdNotFound') : errorMessage(loaded.error)}</p>
        <p>
          <Link href="/user/order/history">{t('orders.detail.backToHistory')}</Link>
        </p>
      </div>
    );
  }
  // A change answers the order as it is now: the page draws it, and the lists of orders no screen
  // shows are forgotten, to be asked again where they show next (ADR 208).
  const changed = (next: Order, message: MessageKey) => {
    queryClient.removeQueries({ queryKey: queryKeys.orders.all, type: 'inactive' });
    queryClient.setQueryData(queryKeys.orders.detail(orderId), next);
    setSaid({ orderId, message: t(message) });
  };
  return <OrderView order={loaded.data} message={said?.orderId === orderId ? said.message : null} onChanged={changed} writeText={writeText} />;
}

function OrderView({
  order: o,
  message,
  onChanged,
  writeText,
}: {
  order: Order;
  message: string | null;
  onChanged: (order: Order, message: MessageKey) => void;
  writeText?: WriteText;
}) {
  const t = useT();
  const format = useFormat();
  const c = o.consignee;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-title" data-testid="order-heading">
            {t('orders.detail.heading', { number: o.number })}
          </h2>
          <StatusBadge status={o.status}>{t(ORDER_STATUS_KEYS[o.status])}</StatusBadge>
          <CopyButton value={o.number} what={t('orders.copy.orderId', { number: o.number })} writeText={writeText} />
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact label={t('orders.detail.placed')}>{format.dateTime(o.createdAt)}</Fact>
          <Fact label={t('orders.column.total')}>
            <Money cents={o.amounts.totalCents} className="font-semibold" />
          </Fact>
          <Fact label={t('orders.column.payment')}>{o.paymentMethod ? t(PAYMENT_METHOD_KEYS[o.paymentMethod]) : t('orders.method.none')}</Fact>
          <Fact label={t('orders.detail.shipsBy')}>{o.shipDate ? format.date(o.shipDate) : '—'}</Fact>
          {o.poNumber && <Fact label={t('orders.column.poNumber')}>{o.poNumber}</Fact>}
          {o.paidAt && <Fact label={t('orders.detail.paidAt')}>{format.dateTime(o.paidAt)}</Fact>}
        </dl>
        {message && (
          <p role="status" className="rounded-card border border-success-600 bg-success-50 p-3">
            {message}
          </p>
        )}
      </div>

      <Section title={t('orders.detail.actions')}>
        <div className="flex flex-wrap items-start gap-3">
          {o.actions.pay && (
            <Link href={`/checkout/payment?order=${encodeURIComponent(o.id)}`} className="self-center">
              {t('orders.detail.pay')}
            </Link>
          )}
          <DocumentButton order={o} />
          {o.actions.cancel && <CancelOrderButton order={o} onCancelled={(next) => onChanged(next, 'orders.cancel.done')} />}
          {o.actions.afterSale && (
            <Link href={`/user/order/after-sale?order=${encodeURIComponent(o.id)}`} className="self-center">
              {t('orders.actions.afterSale')}
            </Link>
          )}
          {o.actions.reorder && <ReorderButton order={o} />}
        </div>
        {!o.actions.cancel && (o.status === 'paid' || o.status === 'in_production') && <p className="text-caption text-neutral-700">{t('orders.detail.cancelPaid')}</p>}
        {!o.actions.reorder && <p className="text-caption text-neutral-700">{t('orders.detail.noReorder')}</p>}
        {o.actions.agencyLink && <PayOnBehalf order={o} writeText={writeText} />}
      </Section>

      <Section title={t('orders.detail.products')}>
        <ProductTable products={o.products} />
        <ProductCards products={o.products} />
        <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>{t('orders.detail.subtotal')}</dt>
          <dd className="text-end">
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
              <dd className="text-end">
                <Money cents={-o.amounts.discountCents} />
              </dd>
            </>
          )}
          <dt>{t('orders.detail.shippingCost')}</dt>
          <dd className="text-end">
            <Money cents={o.amounts.shippingCents} />
          </dd>
          <dt className="font-semibold">{t('orders.column.total')}</dt>
          <dd className="text-end font-semibold">
            <Money cents={o.amounts.totalCents} />
          </dd>
        </dl>
        {o.comment && <p className="text-caption text-neutral-700">{t('orders.detail.comment', { comment: o.comment })}</p>}
      </Section>

      {o.entrust && (
        <Section title={t('orders.detail.entrust')}>
          <p className="text-caption text-neutral-700">{t('orders.detail.entrustIntro')}</p>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label={t('orders.detail.customerEmail')}>{o.entrust.customerEmail ?? '—'}</Fact>
            <Fact label={t('orders.detail.platformOrderNumber')}>{o.entrust.platformOrderNumber ?? '—'}</Fact>
            <Fact label={t('orders.detail.customerNote')} className="sm:col-span-2">
              {o.entrust.customerNote ?? '—'}
            </Fact>
          </dl>
        </Section>
      )}

      <div className="grid gap-6 md:grid-cols-3">
        <Section title={t('orders.detail.consignee')}>
          <address className="not-italic">
            {c.firstName} {c.lastName}
            {c.company && <span className="block">{c.company}</span>}
            {[c.addressLine1, c.addressLine2, c.addressLine3].filter(Boolean).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">
              {c.city} {c.postcode}
            </span>
            {/* The state by name (California), not its code (US-CA). */}
            <span className="block">{[c.stateName ?? c.state, c.countryName].filter(Boolean).join(', ')}</span>
            <span className="block">
              {c.phoneCode} {c.mobile}
            </span>
            {c.vatNumber && <span className="block">{t('orders.detail.vat', { number: c.vatNumber })}</span>}
          </address>
        </Section>
        <Section title={t('orders.detail.billing')}>
          <address className="not-italic">
            {o.billing.companyName && <span className="block">{o.billing.companyName}</span>}
            <span className="block">{o.billing.name}</span>
            <span className="block">{o.billing.location}</span>
          </address>
        </Section>
        <Section title={t('orders.detail.shipping')}>
          <p>{t('orders.detail.shippingTerms', { incoterm: o.shipping.incoterm, carrier: o.shipping.carrierName, account: o.shipping.carrierAccount })}</p>
          <p className="text-caption text-neutral-600">{o.shipping.explanation}</p>
        </Section>
      </div>

      {o.products.some((p) => p.findings.length > 0) && (
        <Section title={t('orders.detail.findings')}>
          <p className="text-caption text-neutral-700">{t('orders.detail.findingsIntro')}</p>
          <ProductFindings products={o.products} />
        </Section>
      )}

      <Section title={t('orders.detail.tracking')}>
        {o.tracking.length === 0 ? (
          <p className="text-neutral-700">{t('orders.detail.trackingNone')}</p>
        ) : (
          <ul role="list" className="flex flex-col gap-3">
            {o.tracking.map((track) => (
              <li key={track.id} className="flex flex-col gap-1 border-b border-neutral-100 pb-3 last:border-0 last:pb-0">
                <span className="font-semibold">{track.package}</span>
                <span className="flex flex-wrap items-center gap-x-3">
                  <span>{track.logisticsCompany}</span>
                  <span className="font-mono" data-testid="track-number">
                    {track.trackNumber}
                  </span>
                  <CopyButton value={track.trackNumber} what={t('orders.copy.trackNumber', { number: track.trackNumber })} writeText={writeText} />
                </span>
                <span className="text-caption text-neutral-700">
                  {t('orders.detail.trackState', { state: TRACK_STATES[track.trackState] ? t(TRACK_STATES[track.trackState]!) : track.trackState, date: format.dateTime(track.updatedAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {(o.review || o.actions.review) && (
        <Section title={t('orders.detail.review')}>
          {o.review ? <ReviewSummary review={o.review} /> : <ReviewForm orderId={o.id} onReviewed={(next) => onChanged(next, 'orders.review.thanks')} />}
        </Section>
      )}

      <Section title={t('orders.detail.history')}>
        <ol role="list" className="flex flex-col gap-1">
          {o.statusHistory.map((h) => (
            <li key={`${h.at}-${h.to}`} className="grid gap-x-4 sm:grid-cols-[14rem_1fr]">
              <span className="text-neutral-600">{format.dateTime(h.at)}</span>
              <span>{h.note ? t('orders.detail.historyWithNote', { status: t(ORDER_STATUS_KEYS[h.to]), note: h.note }) : t(ORDER_STATUS_KEYS[h.to])}</span>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

const FINDING_SEVERITY: Record<OrderProduct['findings'][number]['severity'], MessageKey> = {
  error: 'orders.finding.error',
  warning: 'orders.finding.warning',
  info: 'orders.finding.info',
};

/** Each product's findings, as its customer saw them at checkout, with what to do. */
function ProductFindings({ products }: { products: OrderProduct[] }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3">
      {products
        .filter((p) => p.findings.length > 0)
        .map((p) => (
          <div key={p.id}>
            <h4 className="font-semibold">{p.name}</h4>
            <div className="mt-1">
              <NoteList
                notes={p.findings.map((f) => ({
                  id: `${f.code}-${f.message}`,
                  tone: f.severity === 'error' ? 'danger' : 'neutral',
                  lead: t.rich('orders.detail.findingLine', { severity: t(FINDING_SEVERITY[f.severity]), message: f.message, strong: (chunks) => <strong>{chunks}</strong> }),
                  detail: f.fixHint,
                }))}
              />
            </div>
          </div>
        ))}
    </div>
  );
}

function productOptions(p: OrderProduct): string {
  return [[p.material, p.colour].filter(Boolean).join(', '), ...p.options].join(' · ');
}

/** Medium screens and wider: one row per product, numbers right-aligned with room between columns. */
function ProductTable({ products }: { products: OrderProduct[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full border-separate border-spacing-0 text-left">
        <thead className="text-caption text-neutral-700">
          <tr>
            <th scope="col" className="border-b border-neutral-200 py-2 pr-4 font-semibold">
              {t('orders.column.part')}
            </th>
            <th scope="col" className="border-b border-neutral-200 px-4 py-2 text-end font-semibold whitespace-nowrap">
              {t('orders.column.quantityShort')}
            </th>
            <th scope="col" className="border-b border-neutral-200 px-4 py-2 text-end font-semibold whitespace-nowrap">
              {t('orders.column.unitPrice')}
            </th>
            <th scope="col" className="border-b border-neutral-200 px-4 py-2 text-end font-semibold whitespace-nowrap">
              {t('orders.column.total')}
            </th>
            <th scope="col" className="border-b border-neutral-200 py-2 pl-4 font-semibold whitespace-nowrap">
              {t('orders.column.ships')}
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} className="align-top">
              <th scope="row" className="border-b border-neutral-100 py-3 pr-4 font-normal">
                <span className="font-semibold">{p.name}</span>
                <span className="block text-caption text-neutral-700">{productOptions(p)}</span>
                {p.comment && <span className="block text-caption whitespace-pre-line text-neutral-600">{p.comment}</span>}
                {p.drawing && <DrawingButton drawing={p.drawing} />}
              </th>
              <td className="border-b border-neutral-100 px-4 py-3 text-end tabular-nums">{p.quantity}</td>
              <td className="border-b border-neutral-100 px-4 py-3 text-end whitespace-nowrap">
                <Money cents={p.unitPriceCents} />
              </td>
              <td className="border-b border-neutral-100 px-4 py-3 text-end whitespace-nowrap">
                <Money cents={p.totalCents} />
              </td>
              <td className="border-b border-neutral-100 py-3 pl-4 whitespace-nowrap">{format.date(p.shipDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per product, each value under its own label. */
function ProductCards({ products }: { products: OrderProduct[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <ul role="list" className="flex flex-col gap-3 md:hidden">
      {products.map((p) => (
        <li key={p.id} className="rounded-control border border-neutral-200 p-3">
          <p className="font-semibold">{p.name}</p>
          <p className="text-caption text-neutral-700">{productOptions(p)}</p>
          {p.comment && <p className="text-caption whitespace-pre-line text-neutral-600">{p.comment}</p>}
          {p.drawing && <DrawingButton drawing={p.drawing} />}
          <dl className="mt-2 grid grid-cols-2 gap-2">
            <Fact label={t('orders.column.quantity')}>{p.quantity}</Fact>
            <Fact label={t('orders.column.unitPrice')}>
              <Money cents={p.unitPriceCents} />
            </Fact>
            <Fact label={t('orders.column.total')}>
              <Money cents={p.totalCents} />
            </Fact>
            <Fact label={t('orders.column.ships')}>{format.date(p.shipDate)}</Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Downloads the drawing an ordered product is made to (ADR 164); a failure is said under it. */
function DrawingButton({ drawing }: { drawing: { name: string; path: string } }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = URL.createObjectURL(await getProductDrawing(drawing.path));
      const a = document.createElement('a');
      a.href = url;
      a.download = drawing.name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="flex flex-col gap-1">
      <Button variant="quiet" className="self-start px-1 py-0 text-caption" isPending={busy} onPress={() => void save()} aria-label={t('orders.product.drawing', { name: drawing.name })}>
        {drawing.name}
      </Button>
      {error !== null && (
        <span role="alert" className="text-caption text-danger-700">
          {error}
        </span>
      )}
    </span>
  );
}
