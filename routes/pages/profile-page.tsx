import { Profile } from '#features/account/components/profile';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export const ProfilePage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <Profile user={user} returnTo={route.path} />}</AccountPage>;
