import { useParams } from 'wouter';
import { OrderDetail } from '#features/orders/components/order-detail';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function OrderDetailPage({ route }: { route: RouteDef }) {
  const { orderId } = useParams<{ orderId: string }>();
  return (
    <AccountPage route={{ ...route, summary: undefined }}>
      <OrderDetail orderId={orderId} />
    </AccountPage>
  );
}
