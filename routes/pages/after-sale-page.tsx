import { useSearchParams } from 'wouter';
import { AfterSale } from '#features/orders/components/after-sale-orders';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function AfterSalePage({ route }: { route: RouteDef }) {
  const [params] = useSearchParams();
  return (
    <AccountPage route={route}>
      <AfterSale orderId={params.get('order')} />
    </AccountPage>
  );
}
