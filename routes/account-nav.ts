import { ROUTES } from './route-table.ts';

/** The account area's navigation: every account page without a parameter in its path. */
export const ACCOUNT_ROUTES_NAV = ROUTES.filter((r) => r.path.startsWith('/user/') && !r.path.includes(':') && !r.requires).map((r) => ({
  href: r.path,
  title: r.title,
}));
