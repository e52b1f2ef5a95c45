import { useParams } from 'wouter';
import { OrderDetail } from '#features/orders/components/order-detail';
import { OrderHistory } from '#features/orders/components/order-history';
import { useT } from '#lib/i18n/i18n';
import { PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

export function OrderHistoryPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      <OrderHistory />
    </AccountFrame>
  );
}

export function OrderDetailPage({ route }: { route: RouteDef }) {
  const t = useT();
  const { orderId } = useParams<{ orderId: string }>();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)} />
      <OrderDetail orderId={orderId} />
    </AccountFrame>
  );
}
