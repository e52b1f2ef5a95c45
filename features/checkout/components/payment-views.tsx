import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import type { PayResponse } from '#domain/api/payment';
import { PAYMENT_METHODS } from '#domain/orders/payments';
import { ORDER_STATUS_LABELS, isOrderStatus, isPayable } from '#domain/orders/order-status';
import { formatUsd } from '#domain/pricing/money';
import { useAsync } from '#lib/use-async';
import { useSession, useSessionActor } from '#machines/session-context';
import { Link } from '#ui/link';
import { getAdditionalCost, getAgencySummary, getOrder, payAdditionalCost, payAgency, payOrder, type PayCall } from '../api.ts';
import { PaymentPanel } from './payment-panel.tsx';

function Loading({ what }: { what: string }) {
  return <p role="status">Loading {what}…</p>;
}

function Missing({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-control border border-danger-600 bg-danger-50 px-4 py-3 text-danger-700">
      {children}
    </div>
  );
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-neutral-600">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /checkout/payment?order=<id>: pay one's own order with the balance, a card or a bank transfer. */
export function OrderPayment({ orderId }: { orderId: string | null }) {
  const [, navigate] = useLocation();
  const session = useSessionActor();
  const balanceCents = useSession((s) => s.context.user?.balanceCents ?? null);
  const canReload = useSession((s) => !!s.context.user?.isRecharge);
  const order = useAsync(`order-${orderId}`, (signal) => (orderId ? getOrder(orderId, signal) : Promise.reject(new Error('no order'))));
  const pay = useCallback((call: PayCall) => payOrder(orderId!, call), [orderId]);
  const onPaid = useCallback(
    (response: PayResponse) => {
      // The balance shown in the account changed.
      if (response.payment.method === 'balance') session.send({ type: 'user.reload' });
      navigate(`/checkout/success?order=${encodeURIComponent(orderId!)}`);
    },
    [navigate, orderId, session],
  );

  if (!orderId) return <Missing>Order id not found.</Missing>;
  if (order.status === 'loading') return <Loading what="your order" />;
  if (order.status === 'error') return <Missing>Can not found an order.</Missing>;
  const o = order.data;
  if (!isPayable(o.status)) {
    return (
      <div className="flex flex-col gap-4">
        <p>
          Order {o.number} is {o.statusLabel.toLowerCase()}: there is nothing to pay.
        </p>
        <Link href={`/checkout/success?order=${encodeURIComponent(o.id)}`}>See the order</Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          ['Order', o.number],
          ['Status', o.statusLabel],
          ['Parts', o.products.length],
        ]}
      />
      <PaymentPanel
        amountCents={o.amounts.totalCents}
        methods={PAYMENT_METHODS}
        balanceCents={balanceCents}
        canReload={canReload}
        pay={pay}
        onPaid={onPaid}
        afterTransfer={<Link href={`/checkout/success?order=${encodeURIComponent(o.id)}`}>View your order</Link>}
      />
    </div>
  );
}

/** /checkout/success?order=<id>: the order number, its status and amount, and where to follow it. */
export function OrderSuccess({ orderId }: { orderId: string | null }) {
  const order = useAsync(`order-success-${orderId}`, (signal) => (orderId ? getOrder(orderId, signal) : Promise.reject(new Error('no order'))));
  if (!orderId) return <Missing>Order id not found.</Missing>;
  if (order.status === 'loading') return <Loading what="your order" />;
  if (order.status === 'error') return <Missing>Can not found an order.</Missing>;
  const o = order.data;
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-title">
        {o.status === 'awaiting_transfer'
          ? `Order ${o.number} is placed and waits for your bank transfer.`
          : o.status === 'pending_payment'
            ? `Order ${o.number} is placed and waits for payment.`
            : `Thank you: order ${o.number} is ${o.statusLabel.toLowerCase()}.`}
      </p>
      <Facts
        rows={[
          ['Order number', <span data-testid="order-number">{o.number}</span>],
          ['Status', <span data-testid="order-status">{o.statusLabel}</span>],
          ['Amount', formatUsd(o.amounts.totalCents)],
          ['Ships from our factory', `${o.shipDate} (EXW, ${o.shipping.carrierName})`],
        ]}
      />
      <p className="flex flex-wrap gap-4">
        <Link href="/user/order/history">Your orders</Link>
        {isPayable(o.status) && <Link href={`/checkout/payment?order=${encodeURIComponent(o.id)}`}>Pay now</Link>}
      </p>
    </div>
  );
}

/** /checkout/agency-payment?token=…: someone pays an order for its owner, with a card or a bank transfer, without an account. */
export function AgencyPayment({ token }: { token: string | null }) {
  const summary = useAsync(`agency-${token}`, (signal) => (token ? getAgencySummary(token, signal) : Promise.reject(new Error('no token'))));
  const [paid, setPaid] = useState<PayResponse | null>(null);
  const pay = useCallback((call: PayCall) => payAgency(token!, call), [token]);
  if (!token) return <Missing>This payment link is incomplete; please ask for the link again.</Missing>;
  if (summary.status === 'loading') return <Loading what="the order" />;
  if (summary.status === 'error') return <Missing>This payment link is not valid any more; please ask for a new one.</Missing>;
  const s = summary.data;
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          ['Order', s.orderNumber],
          ['For', s.company ?? '—'],
          ['Status', paid ? (isOrderStatus(paid.subject.status) ? ORDER_STATUS_LABELS[paid.subject.status] : paid.subject.status) : s.statusLabel],
        ]}
      />
      <ul className="list-disc pl-6">
        {s.products.map((p, i) => (
          <li key={i}>
            {p.name} — {p.material}, {p.quantity} pcs, {formatUsd(p.totalCents)}
          </li>
        ))}
      </ul>
      {s.payable ? (
        <PaymentPanel amountCents={s.amountCents} methods={s.methods.filter((m) => m !== 'balance')} pay={pay} onPaid={setPaid} />
      ) : (
        <p>This order is {s.statusLabel.toLowerCase()}: there is nothing to pay.</p>
      )}
    </div>
  );
}

/** /additional-cost/payment?token=…: pay an additional-cost order by card or bank transfer. */
export function AdditionalCostPayment({ token }: { token: string | null }) {
  const [, navigate] = useLocation();
  const cost = useAsync(`additional-cost-${token}`, (signal) => (token ? getAdditionalCost(token, signal) : Promise.reject(new Error('no token'))));
  const pay = useCallback((call: PayCall) => payAdditionalCost(token!, call), [token]);
  const onPaid = useCallback(() => navigate(`/additional-cost/success?token=${encodeURIComponent(token!)}`), [navigate, token]);
  if (!token) return <Missing>This payment link is incomplete; please ask for the link again.</Missing>;
  if (cost.status === 'loading') return <Loading what="the additional cost" />;
  if (cost.status === 'error') return <Missing>This payment link is not valid any more; please ask for a new one.</Missing>;
  const c = cost.data;
  const payable = c.status === 'pending_payment' || c.status === 'awaiting_transfer';
  return (
    <div className="flex flex-col gap-6">
      <Facts
        rows={[
          ['Additional cost', c.number],
          ['For order', c.orderNumber ?? '—'],
          ['What for', c.description],
          ['Status', c.statusLabel],
        ]}
      />
      {payable ? (
        <PaymentPanel amountCents={c.amountCents} methods={c.methods.filter((m) => m !== 'balance')} pay={pay} onPaid={onPaid} />
      ) : (
        <p>This additional cost is {c.statusLabel.toLowerCase()}: there is nothing to pay.</p>
      )}
    </div>
  );
}

/** /additional-cost/success?token=…: what was paid. */
export function AdditionalCostSuccess({ token }: { token: string | null }) {
  const cost = useAsync(`additional-cost-success-${token}`, (signal) => (token ? getAdditionalCost(token, signal) : Promise.reject(new Error('no token'))));
  if (!token) return <p role="status">Thank you: your payment was received.</p>;
  if (cost.status === 'loading') return <Loading what="the payment" />;
  if (cost.status === 'error') return <Missing>This payment link is not valid any more.</Missing>;
  const c = cost.data;
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-title">
        {c.status === 'paid' ? `Thank you: additional cost ${c.number} is paid.` : `Additional cost ${c.number} is ${c.statusLabel.toLowerCase()}.`}
      </p>
      <Facts
        rows={[
          ['Additional cost', c.number],
          ['For order', c.orderNumber ?? '—'],
          ['Amount', formatUsd(c.amountCents)],
          ['Status', c.statusLabel],
        ]}
      />
    </div>
  );
}
