import type { MessageKey } from '#lib/i18n/i18n';
import { ROUTES } from './route-table.ts';

export interface AccountNavItem {
  href: string;
  title: MessageKey;
}

export interface AccountNavGroup {
  label: MessageKey;
  items: AccountNavItem[];
}

const titleOf = (path: string): AccountNavItem => {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`account navigation: no route ${path}`);
  return { href: path, title: route.title };
};
const user = (path: string) => titleOf(`/user/${path}`);

/** The account area's navigation, in groups a customer scans: their account, their orders, their money, help. */
export const ACCOUNT_NAV: AccountNavGroup[] = [
  { label: 'account.navGroup.account', items: [user('home'), user('account/profile'), user('account/password'), user('account/address'), user('account/billingAddress')] },
  { label: 'account.navGroup.orders', items: [user('order/history'), user('project'), user('order/upload-history'), user('order/after-sale'), user('order/additional-cost')] },
  { label: 'account.navGroup.money', items: [user('account/balance'), user('account/coupons'), user('prime/point'), user('account/referral')] },
  { label: 'account.navGroup.help', items: [titleOf('/contact-us')] },
];

/** Every entry, in order. */
export const ACCOUNT_ROUTES_NAV: AccountNavItem[] = ACCOUNT_NAV.flatMap((group) => group.items);

/** Pages without their own entry, and the entry they belong under. */
const PARENTS: [prefix: string, parent: string][] = [
  ['/user/order/detail/', '/user/order/history'],
  ['/user/project/fileList/', '/user/project'],
  ['/user/account/balance/', '/user/account/balance'],
];

/** Which entry the page at `location` is: itself, or the entry it belongs under. */
export function currentNavEntry(location: string): { href: string; exact: boolean } | null {
  const path = location.replace(/\/$/, '') || '/';
  if (ACCOUNT_ROUTES_NAV.some((item) => item.href === path)) return { href: path, exact: true };
  const parent = PARENTS.find(([prefix]) => path.startsWith(prefix))?.[1];
  return parent ? { href: parent, exact: false } : null;
}
