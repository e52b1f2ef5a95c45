import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { PayResponse } from '#domain/api/payment';
import { RELOAD_METHODS } from '#domain/orders/payments';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { reloadBalance, type ReloadCall } from '#features/rewards/api';
import { ReloadAmountForm } from '#features/rewards/components/reload-amount-form';
import { ReloadAwaitingTransfer, ReloadChosen, ReloadSucceeded } from '#features/rewards/components/reload-outcome';
import { useSession, useSessionActor } from '#machines/session-context';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

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
    <AccountPage route={route}>
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
    </AccountPage>
  );
}
