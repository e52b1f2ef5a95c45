import { Suspense, useCallback, useEffect } from 'react';
import type { AdditionalCost } from '#domain/api/order';
import { payAdditionalCostById, type PayCall } from '#features/checkout/api';
import { AdditionalCostOrders } from '#features/orders/components/additional-cost-orders';
import { useT } from '#lib/i18n/i18n';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';
import { afterFirstInput } from '#lib/first-input';
import { lazyComponent } from '#lib/lazy-component';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

// The payment panel opens when the customer chooses a cost to pay: fetched at the first input on
// the page, not with it (ADR 140, ADR 189).
const PaymentPanel = lazyComponent(async () => (await import('#features/checkout/components/payment-panel')).PaymentPanel);

/** One additional cost paid with the checkout's payment panel (balance, card in USD, bank transfer), as on /additional-cost. */
function PayCost({ cost, onPaid }: { cost: AdditionalCost; onPaid: () => void }) {
  const t = useT();
  const pay = useCallback((call: PayCall) => payAdditionalCostById(cost.id, call), [cost.id]);
  return (
    <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
      <PaymentPanel amountCents={cost.amountCents} methods={['balance', 'card', 'bank_transfer']} pay={pay} onPaid={onPaid} />
    </Suspense>
  );
}

export function AccountAdditionalCostsPage({ route }: { route: RouteDef }) {
  useEffect(() => afterFirstInput(() => void PaymentPanel.preload()), []);
  return (
    <AccountPage route={route}>
      <AdditionalCostOrders renderPayment={(cost, onPaid) => <PayCost cost={cost} onPaid={onPaid} />} />
    </AccountPage>
  );
}
