import { UploadHistory } from '#features/orders/components/upload-history';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export function UploadHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <UploadHistory />
    </AccountPage>
  );
}
