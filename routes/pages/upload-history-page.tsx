import { UploadHistory } from '#features/orders/components/upload-history';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export function UploadHistoryPage({ route }: { route: RouteDef }) {
  return (
    <AccountPage route={route}>
      <UploadHistory />
    </AccountPage>
  );
}
