import { BillingAddressBook } from '#features/account/components/billing-address-book';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export const BillingAddressPage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{() => <BillingAddressBook />}</AccountPage>;
