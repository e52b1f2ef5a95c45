import { useParams } from 'wouter';
import { OrderDetail } from '#features/orders/components/order-detail';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function OrderDetailPage({ route }: { route: RouteDef }) {
  const { orderId } = useParams<{ orderId: string }>();
  return (
    <AccountPage route={{ ...route, summary: undefined }}>
      <OrderDetail orderId={orderId} />
    </AccountPage>
  );
}
