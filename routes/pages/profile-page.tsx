import { Profile } from '#features/account/components/profile';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

// Reads server state: drawn inside the cache of server state (routes/app.tsx lazyPage, ADR 259).
export { ServerState } from '../server-state.tsx';

export const ProfilePage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <Profile user={user} returnTo={route.path} />}</AccountPage>;
