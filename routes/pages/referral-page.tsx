import { ReferralPanel } from '#features/rewards/components/referral-panel';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function ReferralPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <ReferralPanel />
    </AccountPage>
  );
}
