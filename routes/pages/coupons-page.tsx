import { CouponList } from '#features/rewards/components/coupon-list';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function CouponsPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <CouponList />
    </AccountPage>
  );
}
