import { PointsPanel } from '#features/rewards/components/points-panel';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function PointsPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <PointsPanel />
    </AccountPage>
  );
}
