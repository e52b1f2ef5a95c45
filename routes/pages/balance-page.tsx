import { useSearchParams } from 'wouter';
import { BalanceOverview } from '#features/rewards/components/balance-overview';
import { useBalance } from '#lib/account-query';
import { useSession } from '#machines/session-context';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function BalancePage({ route }: { route: RouteDef }) {
  const user = useSession((s) => s.context.user);
  const balance = useBalance(user);
  const [params] = useSearchParams();
  return (
    <AccountPage route={route}>
      <BalanceOverview
        balanceCents={balance?.cents ?? null}
        currency={balance?.currency ?? 'USD'}
        canReload={!!user?.isRecharge}
        reloadRefused={params.get('reload') === 'unavailable'}
      />
    </AccountPage>
  );
}
