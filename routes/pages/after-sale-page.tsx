import { useSearchParams } from 'wouter';
import { AfterSale } from '#features/orders/components/after-sale-orders';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function AfterSalePage({ route }: { route: RouteDef }) {
  const [params] = useSearchParams();
  return (
    <AccountPage route={route}>
      <AfterSale orderId={params.get('order')} />
    </AccountPage>
  );
}
