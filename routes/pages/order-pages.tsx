import { useParams } from 'wouter';
import { OrderDetail } from '#features/orders/components/order-detail';
import { OrderHistory } from '#features/orders/components/order-history';
import { PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './planned-page.tsx';

export function OrderHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={route.title}>{route.summary}</PageTitle>
      <OrderHistory />
    </AccountFrame>
  );
}

export function OrderDetailPage({ route }: { route: RouteDef }) {
  const { orderId } = useParams<{ orderId: string }>();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={route.title} />
      <OrderDetail orderId={orderId} />
    </AccountFrame>
  );
}
