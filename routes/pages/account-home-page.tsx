import { AccountHome } from '#features/account/components/account-home';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export const AccountHomePage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <AccountHome user={user} />}</AccountPage>;
