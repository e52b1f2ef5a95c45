import { OrderHistory } from '#features/orders/components/order-history';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function OrderHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <OrderHistory />
    </AccountPage>
  );
}
