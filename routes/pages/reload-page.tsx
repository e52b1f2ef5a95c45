import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { PayResponse } from '#domain/api/payment';
import { RELOAD_METHODS } from '#domain/orders/payments';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { reloadBalance, type ReloadCall } from '#features/rewards/api';
import { ReloadAmountForm } from '#features/rewards/components/reload-amount-form';
import { ReloadAwaitingTransfer, ReloadChosen, ReloadSucceeded } from '#features/rewards/components/reload-outcome';
import { useBalance } from '#lib/account-query';
import { balanceChanged } from '#lib/query-changes';
import { useSession } from '#machines/session-context';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

/**
 * `account/balance/reload` (the route gate lets in only accounts that may reload): the amount, then
 * the checkout's payment panel and machine (card in USD or bank transfer; one idempotency key per
 * attempt), then the balance after. `?order=` is the order whose payment sent the customer here.
 */
export function ReloadPage({ route }: { route: RouteDef }) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const queryClient = useQueryClient();
  const user = useSession((s) => s.context.user);
  const balanceCents = useBalance(user)?.cents ?? null;
  const [amount, setAmount] = useState<number | null>(null);
  const [paid, setPaid] = useState<PayResponse | null>(null);
  const pay = useCallback((call: ReloadCall) => reloadBalance(amount ?? 0, call), [amount]);
  const onPaid = useCallback(
    (result: PayResponse) => {
      setPaid(result);
      // The balance and its lists are asked again wherever they show (ADR 208); the session is left as it signed in.
      void balanceChanged(queryClient);
    },
    [queryClient],
  );
  return (
    <AccountPage route={route}>
      {amount === null ? (
        <ReloadAmountForm balanceCents={balanceCents ?? 0} initialAmount={params.get('amount')} onChoose={setAmount} />
      ) : (
        <div className="flex max-w-lg flex-col gap-6">
          {!paid && <ReloadChosen amountUsd={amount} onChange={() => setAmount(null)} />}
          <PaymentPanel
            key={amount}
            amountCents={amount * 100}
            methods={RELOAD_METHODS}
            pay={pay}
            onPaid={onPaid}
            afterTransfer={<ReloadAwaitingTransfer balanceCents={balanceCents} orderId={orderId} />}
          />
          {paid && <ReloadSucceeded result={paid} orderId={orderId} />}
        </div>
      )}
    </AccountPage>
  );
}
