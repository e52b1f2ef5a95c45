/**
 * The route table of spec section 2, under the base /manufacture/. Each route's access rule,
 * title and page meta live here; `routes/app.tsx` renders them and `routes/route-gate.tsx` guards them.
 */
import { HISTORY_VISIBLE_YEARS } from '#domain/orders/payments';
import { QUOTE_FILE_RETENTION_MONTHS } from '#domain/rules/project-rules';
import { REFERRAL_DISCOUNT_PERCENT } from '#domain/rules/referral-limits';
import { MIN_RELOAD_USD } from '#domain/rules/balance-limits';
import type { MessageKey, MessageParams } from '#lib/i18n/i18n';

export type Access =
  /** Anyone. */
  | 'public'
  /** Needs a full token: otherwise /login?redirect=<wanted path>. */
  | 'login'
  /** The login page: a signed-in visitor is sent back (spec section 2, guards). */
  | 'guest';

export interface RouteMeta {
  /** The page's title (catalogue key): the tab's title and the page heading. */
  title: MessageKey;
  noindex?: boolean;
  /** Sets <link rel="canonical"> to this route's own address. */
  canonical?: boolean;
  description?: MessageKey;
}

export interface RouteDef extends RouteMeta {
  path: string;
  access: Access;
  /** Which page renders it (routes/pages.tsx maps ids to components). */
  page: PageId;
  /** Extra condition on the account record, checked once the user info has loaded. */
  requires?: 'recharge';
  /** For pages whose screens come in a later issue: what the page is for, shown in its frame. */
  summary?: MessageKey;
  /** Values for the summary's placeholders (constants from domain/, never written twice). */
  summaryParams?: MessageParams;
}

export type PageId =
  | 'login'
  | 'signup'
  | 'reset-password'
  | 'log-out'
  | 'account-delete'
  | 'quote'
  | 'quote-project'
  | 'quote-shared'
  | 'not-found'
  | 'terms'
  | 'campaign'
  | 'checkout'
  | 'checkout-payment'
  | 'checkout-success'
  | 'agency-payment'
  | 'additional-cost-payment'
  | 'additional-cost-success'
  | 'order-history'
  | 'order-detail'
  | 'additional-costs'
  | 'account-home'
  | 'account-profile'
  | 'account-password'
  | 'account-address'
  | 'account-billing'
  | 'contact'
  | 'quick-login'
  | 'after-sale'
  | 'upload-history'
  | 'account-additional-costs'
  | 'projects'
  | 'project-files'
  | 'balance'
  | 'balance-reload'
  | 'coupons'
  | 'referral'
  | 'points';

export const ACCOUNT_HOME = '/user/home';
export const BALANCE_PAGE = '/user/account/balance';
/** Where the reload page sends an account that may not reload: the balance page, saying why (issue 14, item 2). */
export const RELOAD_REFUSED_PAGE = `${BALANCE_PAGE}?reload=unavailable`;

export const ROUTES: RouteDef[] = [
  { path: '/login', title: 'route.login.title', access: 'guest', page: 'login' },
  { path: '/signup', title: 'route.signup.title', access: 'public', page: 'signup' },
  { path: '/reset-password', title: 'route.resetPassword.title', noindex: true, access: 'public', page: 'reset-password' },
  { path: '/account-delete', title: 'route.logOut.title', noindex: true, access: 'public', page: 'account-delete' },
  { path: '/clearToken', title: 'route.logOut.title', noindex: true, access: 'public', page: 'log-out' },
  { path: '/quote', title: 'route.quote.title', canonical: true, description: 'route.quote.description', access: 'public', page: 'quote' },
  // A shared quote (ADR 101): public, read-only, by its unguessable link; before /quote/:projectId.
  { path: '/quote/shared/:token', title: 'route.quoteShared.title', noindex: true, access: 'public', page: 'quote-shared' },
  { path: '/quote/:projectId', title: 'route.quoteProject.title', access: 'public', page: 'quote-project' },
  {
    path: '/impossible3dprints',
    title: 'route.impossible.title',
    canonical: true,
    description: 'route.impossible.description',
    access: 'public',
    page: 'campaign',
  },
  { path: '/additional-cost', title: 'route.additionalCost.title', access: 'login', page: 'additional-costs' },
  {
    path: '/additional-cost/payment',
    title: 'route.additionalCostPayment.title',
    access: 'public',
    page: 'additional-cost-payment',
    summary: 'route.additionalCostPayment.summary',
  },
  {
    path: '/additional-cost/success',
    title: 'route.additionalCostSuccess.title',
    access: 'public',
    page: 'additional-cost-success',
    summary: 'route.additionalCostSuccess.summary',
  },
  { path: '/checkout', title: 'route.checkout.title', access: 'login', page: 'checkout', summary: 'route.checkout.summary' },
  { path: '/checkout/payment', title: 'route.checkoutPayment.title', access: 'login', page: 'checkout-payment', summary: 'route.checkoutPayment.summary' },
  { path: '/checkout/success', title: 'route.checkoutSuccess.title', access: 'login', page: 'checkout-success', summary: 'route.checkoutSuccess.summary' },
  { path: '/checkout/agency-payment', title: 'route.agencyPayment.title', access: 'public', page: 'agency-payment', summary: 'route.agencyPayment.summary' },
  { path: '/404', title: 'route.notFound.title', noindex: true, access: 'public', page: 'not-found' },
  // Not in the spec's table, but the cookie banner links to it (spec section 2).
  { path: '/terms-of-use', title: 'route.terms.title', canonical: true, access: 'public', page: 'terms' },
  // Not in the spec's table: the contact form (account/contactUs) and the quick-login return page.
  { path: '/contact-us', title: 'route.contact.title', description: 'route.contact.description', access: 'public', page: 'contact' },
  { path: '/quick-login/:channel', title: 'route.quickLogin.title', noindex: true, access: 'public', page: 'quick-login' },

  // The account area (spec section 2). /user itself redirects to /user/home.
  ...accountRoutes([
    ['home', 'account.home.title', 'account.home.summary', { page: 'account-home' }],
    ['account/profile', 'account.profile.title', 'account.profile.summary', { page: 'account-profile' }],
    ['account/address', 'account.address.title', 'account.address.summary', { page: 'account-address' }],
    ['account/billingAddress', 'account.billingAddress.title', 'account.billingAddress.summary', { page: 'account-billing' }],
    ['account/coupons', 'account.coupons.title', 'account.coupons.summary', { page: 'coupons' }],
    ['account/balance', 'account.balance.title', 'account.balance.summary', { page: 'balance', summaryParams: { years: HISTORY_VISIBLE_YEARS } }],
    ['account/balance/reload', 'account.reload.title', 'account.reload.summary', { page: 'balance-reload', requires: 'recharge', summaryParams: { minimum: MIN_RELOAD_USD } }],
    ['account/password', 'account.password.title', 'account.password.summary', { page: 'account-password' }],
    ['account/referral', 'account.referral.title', 'account.referral.summary', { page: 'referral', summaryParams: { percent: REFERRAL_DISCOUNT_PERCENT } }],
    ['order/history', 'account.orderHistory.title', 'account.orderHistory.summary', { page: 'order-history' }],
    ['order/detail/:orderId', 'account.orderDetail.title', 'account.orderDetail.summary', { page: 'order-detail' }],
    ['order/upload-history', 'account.uploadHistory.title', 'account.uploadHistory.summary', { page: 'upload-history', summaryParams: { months: QUOTE_FILE_RETENTION_MONTHS } }],
    ['order/after-sale', 'account.afterSale.title', 'account.afterSale.summary', { page: 'after-sale' }],
    ['order/additional-cost', 'account.additionalCost.title', 'account.additionalCost.summary', { page: 'account-additional-costs' }],
    ['prime/point', 'account.points.title', 'account.points.summary', { page: 'points' }],
    ['project', 'account.projects.title', 'account.projects.summary', { page: 'projects' }],
    ['project/fileList/:id', 'account.projectFiles.title', 'account.projectFiles.summary', { page: 'project-files' }],
  ]),
];

type AccountExtras = Pick<RouteDef, 'requires' | 'summaryParams'> & { page: PageId };

function accountRoutes(rows: [path: string, title: MessageKey, summary: MessageKey, extras: AccountExtras][]): RouteDef[] {
  return rows.map(([path, title, summary, { page, ...extras }]) => ({
    path: `/user/${path}`,
    title,
    summary,
    noindex: true,
    access: 'login',
    page,
    ...extras,
  }));
}

/**
 * Whether a route's guard reads the session before its page draws (routes/route-gate.tsx): every
 * route but a public one with no requirement (ADR 139). Its first render then waits for the session,
 * and so does a prerendered page of it (ADR 235).
 */
export function guardReadsSession(route: Pick<RouteDef, 'access' | 'requires'>): boolean {
  return !(route.access === 'public' && !route.requires);
}

/** The routes that open the sign-in dialog on a 401 instead of going to /login (spec section 4). */
export function isQuotePath(path: string): boolean {
  return path === '/quote' || path.startsWith('/quote/');
}

/** Where a login form sends the visitor afterwards: the wanted path, if it is ours; else `/`. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}
