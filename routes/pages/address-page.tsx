import { AddressBook } from '#features/account/components/address-book';
import type { RouteDef } from '../route-table.ts';
import { AccountPage } from './account-frame.tsx';

export const AddressPage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{() => <AddressBook />}</AccountPage>;
