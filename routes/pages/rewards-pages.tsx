import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { PayResponse } from '#domain/api/payment';
import { RELOAD_METHODS } from '#domain/orders/payments';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { reloadBalance, type ReloadCall } from '#features/rewards/api';
import { BalanceOverview } from '#features/rewards/components/balance-overview';
import { CouponList } from '#features/rewards/components/coupon-list';
import { PointsPanel } from '#features/rewards/components/points-panel';
import { ReferralPanel } from '#features/rewards/components/referral-panel';
import { ReloadAmountForm } from '#features/rewards/components/reload-amount-form';
import { ReloadAwaitingTransfer, ReloadChosen, ReloadSucceeded } from '#features/rewards/components/reload-outcome';
import { useT } from '#lib/i18n/i18n';
import { useSession, useSessionActor } from '#machines/session-context';
import { PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

/** An account page of issue 14: the account frame, the route's title and summary, then the screen. */
function RewardsFrame({ route, children }: { route: RouteDef; children: React.ReactNode }) {
  const t = useT();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      {children}
    </AccountFrame>
  );
}

export function BalancePage({ route }: { route: RouteDef }) {
  const user = useSession((s) => s.context.user);
  const [params] = useSearchParams();
  return (
    <RewardsFrame route={route}>
      <BalanceOverview
        balanceCents={user?.balanceCents ?? 0}
        currency={user?.balanceCurrency ?? 'USD'}
        canReload={!!user?.isRecharge}
        reloadRefused={params.get('reload') === 'unavailable'}
      />
    </RewardsFrame>
  );
}

/**
 * `account/balance/reload` (the route gate lets in only accounts that may reload): the amount, then
 * the checkout's payment panel and machine (card in USD or bank transfer; one idempotency key per
 * attempt), then the balance after. `?order=` is the order whose payment sent the customer here.
 */
export function ReloadPage({ route }: { route: RouteDef }) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const session = useSessionActor();
  const user = useSession((s) => s.context.user);
  const [amount, setAmount] = useState<number | null>(null);
  const [paid, setPaid] = useState<PayResponse | null>(null);
  const pay = useCallback((call: ReloadCall) => reloadBalance(amount ?? 0, call), [amount]);
  const onPaid = useCallback(
    (result: PayResponse) => {
      setPaid(result);
      // The balance shown everywhere moves at once (a reload of the user would unmount this page behind the route gate).
      if (user && result.balanceCents !== null) session.send({ type: 'user.updated', user: { ...user, balanceCents: result.balanceCents } });
    },
    [session, user],
  );
  return (
    <RewardsFrame route={route}>
      {amount === null ? (
        <ReloadAmountForm balanceCents={user?.balanceCents ?? 0} initialAmount={params.get('amount')} onChoose={setAmount} />
      ) : (
        <div className="flex max-w-lg flex-col gap-6">
          {!paid && <ReloadChosen amountUsd={amount} onChange={() => setAmount(null)} />}
          <PaymentPanel
            key={amount}
            amountCents={amount * 100}
            methods={RELOAD_METHODS}
            pay={pay}
            onPaid={onPaid}
            afterTransfer={<ReloadAwaitingTransfer balanceCents={user?.balanceCents ?? null} orderId={orderId} />}
          />
          {paid && <ReloadSucceeded result={paid} orderId={orderId} />}
        </div>
      )}
    </RewardsFrame>
  );
}

export function CouponsPage({ route }: { route: RouteDef }) {
  return (
    <RewardsFrame route={route}>
      <CouponList />
    </RewardsFrame>
  );
}

export function ReferralPage({ route }: { route: RouteDef }) {
  return (
    <RewardsFrame route={route}>
      <ReferralPanel />
    </RewardsFrame>
  );
}

export function PointsPage({ route }: { route: RouteDef }) {
  return (
    <RewardsFrame route={route}>
      <PointsPanel />
    </RewardsFrame>
  );
}
