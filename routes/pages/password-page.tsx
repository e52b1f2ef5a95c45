import { PasswordForm } from '#features/account/components/password-form';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export const PasswordPage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <PasswordForm hasPassword={user.hasPassword} />}</AccountPage>;
