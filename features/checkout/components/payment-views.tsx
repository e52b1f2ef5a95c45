import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { PayResponse } from '#domain/api/payment';
import { PAYMENT_METHODS } from '#domain/orders/payments';
import { ORDER_STATUS_LABELS, isOrderStatus, isPayable } from '#domain/orders/order-status';
import { MIN_RELOAD_USD } from '#domain/rules/balance-rules';
import { useFormat } from '#lib/i18n/format';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { useBalance } from '#lib/account-query';
import { orderPaid } from '#lib/query-changes';
import { queryKeys } from '#lib/query-keys';
import { asyncState } from '#lib/query-state';
import { useSession } from '#machines/session-context';
import { Link } from '#ui/link';
import { getAdditionalCost, getAgencySummary, getOrder, payAdditionalCost, payAgency, payOrder, type PayCall } from '../api.ts';
import { PaymentPanel } from './payment-panel.tsx';

function Loading({ what }: { what: MessageKey }) {
  const t = useT();
  return <p role="status">{t(what)}</p>;
}

function Missing({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
      {children}
    </div>
  );
}

function Facts({ rows }: { rows: [MessageKey, React.ReactNode][] }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-600">{t(term)}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The status of what was paid, as the payment left it (paid, or awaiting the bank transfer chosen). */
function statusWords(response: PayResponse): string {
  const status = response.subject.status;
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status;
}

/**
 * The reload page for a balance short of an order: the shortfall rounded up to whole dollars (at
 * least the minimum reload) as the suggested amount, and the order to come back to.
 */
export function reloadLink(orderId: string, shortfallCents: number): string {
  const amount = Math.max(MIN_RELOAD_USD, Math.ceil(shortfallCents / 100));
  return `/user/account/balance/reload?order=${encodeURIComponent(orderId)}&amount=${amount}`;
}

/** /checkout/payment?order=<id>: pay one's own order with the balance, a card or a bank transfer. */
export function OrderPayment({ orderId }: { orderId: string | null }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.context.user);
  const balanceCents = useBalance(user)?.cents ?? null;
  const canReload = !!user?.isRecharge;
  const t = useT();
  const format = useFormat();
  const order = asyncState(useQuery({ queryKey: queryKeys.orders.detail(orderId ?? ''), queryFn: ({ signal }) => getOrder(orderId!, signal), enabled: !!orderId }));
  // The order's status as the payment left it: a bank transfer chosen makes it "Awaiting bank transfer".
  const [settled, setSettled] = useState<PayResponse | null>(null);
  const pay = useCallback((call: PayCall) => payOrder(orderId!, call), [orderId]);
  const onPaid = useCallback(
    (response: PayResponse) => {
      // The orders, and the balance when it paid (ADR 208); the success page waits for the order as it is now.
      void orderPaid(queryClient, { fromBalance: response.payment.method === 'balance' });
      void queryClient.resetQueries({ queryKey: queryKeys.orders.detail(orderId!) });
      navigate(`/checkout/success?order=${encodeURIComponent(orderId!)}`);
    },
    [navigate, orderId, queryClient],
  );

  if (!orderId) return <Missing>{t('error.orderIdNotFound')}</Missing>;
  if (order.status === 'loading') return <Loading what="checkout.loading.order" />;
  if (order.status === 'error') return <Missing>{t('error.orderNotFound')}</Missing>;
  const o = order.data;
  if (!isPayable(o.status)) {
    return (
      <div className="flex flex-col gap-4">
        <p>{t('checkout.payment.nothingToPay', { number: o.number, status: o.statusLabel.toLowerCase() })}</p>
        <Link href={`/checkout/success?order=${encodeURIComponent(o.id)}`}>{t('checkout.payment.seeOrder')}</Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          ['checkout.fact.order', o.number],
          ['checkout.fact.status', settled ? statusWords(settled) : o.statusLabel],
          ['checkout.fact.parts', o.products.length],
          // The same discount line as the confirmation showed before the order (ADR 165).
          ...(o.coupon
            ? ([
                ['checkout.fact.subtotal', format.money(o.amounts.subtotalCents)],
                ['checkout.fact.discount', <span data-testid="payment-coupon">{t('checkout.coupon.taken', { code: o.coupon.code, amount: format.money(-o.coupon.discountCents) })}</span>],
              ] satisfies [MessageKey, React.ReactNode][])
            : []),
        ]}
      />
      <PaymentPanel
        amountCents={o.amounts.totalCents}
        methods={PAYMENT_METHODS}
        balanceCents={balanceCents}
        canReload={canReload}
        reloadHref={(shortfallCents) => reloadLink(o.id, shortfallCents)}
        pay={pay}
        onPaid={onPaid}
        onTransferChosen={setSettled}
        afterTransfer={<Link href={`/checkout/success?order=${encodeURIComponent(o.id)}`}>{t('checkout.payment.viewOrder')}</Link>}
      />
    </div>
  );
}

/** /checkout/success?order=<id>: the order number, its status and amount, and where to follow it. */
export function OrderSuccess({ orderId }: { orderId: string | null }) {
  const t = useT();
  const format = useFormat();
  const order = asyncState(useQuery({ queryKey: queryKeys.orders.detail(orderId ?? ''), queryFn: ({ signal }) => getOrder(orderId!, signal), enabled: !!orderId }));
  if (!orderId) return <Missing>{t('error.orderIdNotFound')}</Missing>;
  if (order.status === 'loading') return <Loading what="checkout.loading.order" />;
  if (order.status === 'error') return <Missing>{t('error.orderNotFound')}</Missing>;
  const o = order.data;
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-title">
        {o.status === 'awaiting_transfer'
          ? t('checkout.success.awaitingTransfer', { number: o.number })
          : o.status === 'pending_payment'
            ? t('checkout.success.awaitingPayment', { number: o.number })
            : t('checkout.success.done', { number: o.number, status: o.statusLabel.toLowerCase() })}
      </p>
      <Facts
        rows={[
          ['checkout.fact.orderNumber', <span data-testid="order-number">{o.number}</span>],
          ['checkout.fact.status', <span data-testid="order-status">{o.statusLabel}</span>],
          ['checkout.fact.amount', format.money(o.amounts.totalCents)],
          ['checkout.fact.shipsFrom', t('checkout.success.ships', { date: format.date(o.shipDate), incoterm: o.shipping.incoterm, carrier: o.shipping.carrierName })],
        ]}
      />
      <p className="flex flex-wrap gap-4">
        <Link href="/user/order/history">{t('checkout.success.yourOrders')}</Link>
        {isPayable(o.status) && <Link href={`/checkout/payment?order=${encodeURIComponent(o.id)}`}>{t('checkout.success.payNow')}</Link>}
      </p>
    </div>
  );
}

/** /checkout/agency-payment?token=…: someone pays an order for its owner, with a card or a bank transfer, without an account. */
export function AgencyPayment({ token }: { token: string | null }) {
  const summary = asyncState(useQuery({ queryKey: queryKeys.orders.agency(token ?? ''), queryFn: ({ signal }) => getAgencySummary(token!, signal), enabled: !!token }));
  const [paid, setPaid] = useState<PayResponse | null>(null);
  const pay = useCallback((call: PayCall) => payAgency(token!, call), [token]);
  const t = useT();
  const format = useFormat();
  if (!token) return <Missing>{t('checkout.link.incomplete')}</Missing>;
  if (summary.status === 'loading') return <Loading what="checkout.loading.theOrder" />;
  if (summary.status === 'error') return <Missing>{t('checkout.link.invalid')}</Missing>;
  const s = summary.data;
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          ['checkout.fact.order', s.orderNumber],
          ['checkout.fact.for', s.company ? t('checkout.agency.forCompany', { name: s.customerName, company: s.company }) : s.customerName],
          ['checkout.fact.status', paid ? statusWords(paid) : s.statusLabel],
        ]}
      />
      <ul className="list-disc pl-6">
        {s.products.map((p, i) => (
          <li key={i}>
            {t('checkout.agency.product', { name: p.name, material: p.material, quantity: p.quantity, total: format.money(p.totalCents) })}
          </li>
        ))}
      </ul>
      {s.payable ? (
        <PaymentPanel amountCents={s.amountCents} methods={s.methods.filter((m) => m !== 'balance')} pay={pay} onPaid={setPaid} onTransferChosen={setPaid} />
      ) : (
        <p>{t('checkout.agency.nothingToPay', { status: s.statusLabel.toLowerCase() })}</p>
      )}
    </div>
  );
}

/** /additional-cost/payment?token=…: pay an additional-cost order by card or bank transfer. */
export function AdditionalCostPayment({ token }: { token: string | null }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cost = asyncState(useQuery({ queryKey: queryKeys.orders.additionalCost(token ?? ''), queryFn: ({ signal }) => getAdditionalCost(token!, signal), enabled: !!token }));
  const pay = useCallback((call: PayCall) => payAdditionalCost(token!, call), [token]);
  const onPaid = useCallback(() => {
    // The success page waits for the cost as it is now (ADR 208).
    void queryClient.resetQueries({ queryKey: queryKeys.orders.additionalCost(token!) });
    navigate(`/additional-cost/success?token=${encodeURIComponent(token!)}`);
  }, [navigate, queryClient, token]);
  const t = useT();
  if (!token) return <Missing>{t('checkout.link.incomplete')}</Missing>;
  if (cost.status === 'loading') return <Loading what="checkout.loading.additionalCost" />;
  if (cost.status === 'error') return <Missing>{t('checkout.link.invalid')}</Missing>;
  const c = cost.data;
  const payable = c.status === 'pending_payment' || c.status === 'awaiting_transfer';
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          ['checkout.fact.additionalCost', c.number],
          ['checkout.fact.forOrder', c.orderNumber ?? '—'],
          ['checkout.fact.whatFor', c.description],
          ['checkout.fact.status', c.statusLabel],
        ]}
      />
      {payable ? (
        <PaymentPanel amountCents={c.amountCents} methods={c.methods.filter((m) => m !== 'balance')} pay={pay} onPaid={onPaid} />
      ) : (
        <p>{t('checkout.costPayment.nothingToPay', { status: c.statusLabel.toLowerCase() })}</p>
      )}
    </div>
  );
}

/** /additional-cost/success?token=…: what was paid. */
export function AdditionalCostSuccess({ token }: { token: string | null }) {
  const t = useT();
  const format = useFormat();
  const cost = asyncState(useQuery({ queryKey: queryKeys.orders.additionalCost(token ?? ''), queryFn: ({ signal }) => getAdditionalCost(token!, signal), enabled: !!token }));
  if (!token) return <p role="status">{t('checkout.costSuccess.received')}</p>;
  if (cost.status === 'loading') return <Loading what="checkout.loading.payment" />;
  if (cost.status === 'error') return <Missing>{t('checkout.link.expired')}</Missing>;
  const c = cost.data;
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-title">
        {c.status === 'paid'
          ? t('checkout.costSuccess.paid', { number: c.number })
          : t('checkout.costSuccess.status', { number: c.number, status: c.statusLabel.toLowerCase() })}
      </p>
      <Facts
        rows={[
          ['checkout.fact.additionalCost', c.number],
          ['checkout.fact.forOrder', c.orderNumber ?? '—'],
          ['checkout.fact.amount', format.money(c.amountCents)],
          ['checkout.fact.status', c.statusLabel],
        ]}
      />
    </div>
  );
}
