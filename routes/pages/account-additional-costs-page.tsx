import { useCallback } from 'react';
import type { AdditionalCost } from '#domain/api/order';
import { payAdditionalCostById, type PayCall } from '#features/checkout/api';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { AdditionalCostOrders } from '#features/orders/components/additional-cost-orders';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

/** One additional cost paid with the checkout's payment panel (balance, card in USD, bank transfer), as on /additional-cost. */
function PayCost({ cost, onPaid }: { cost: AdditionalCost; onPaid: () => void }) {
  const pay = useCallback((call: PayCall) => payAdditionalCostById(cost.id, call), [cost.id]);
  return <PaymentPanel amountCents={cost.amountCents} methods={['balance', 'card', 'bank_transfer']} pay={pay} onPaid={onPaid} />;
}

export function AccountAdditionalCostsPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <AdditionalCostOrders renderPayment={(cost, onPaid) => <PayCost cost={cost} onPaid={onPaid} />} />
    </AccountPage>
  );
}
