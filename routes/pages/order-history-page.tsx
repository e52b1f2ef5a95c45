import { OrderHistory } from '#features/orders/components/order-history';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function OrderHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <OrderHistory />
    </AccountPage>
  );
}
