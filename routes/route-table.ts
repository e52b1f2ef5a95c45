/**
 * The route table of spec section 2, under the base /manufacture/. Each route's access rule,
 * title and page meta live here; `routes/app.tsx` renders them and `routes/route-gate.tsx` guards them.
 */
export type Access =
  /** Anyone. */
  | 'public'
  /** Needs a full token: otherwise /login?redirect=<wanted path>. */
  | 'login'
  /** The login page: a signed-in visitor is sent back (spec section 2, guards). */
  | 'guest';

export interface RouteMeta {
  title: string;
  noindex?: boolean;
  /** Sets <link rel="canonical"> to this route's own address. */
  canonical?: boolean;
  description?: string;
}

export interface RouteDef extends RouteMeta {
  path: string;
  access: Access;
  /** Which page renders it (routes/pages.tsx maps ids to components). */
  page: PageId;
  /** Extra condition on the account record, checked once the user info has loaded. */
  requires?: 'recharge';
  /** For pages whose screens come in a later issue: what the page is for, shown in its frame. */
  summary?: string;
}

export type PageId =
  | 'login'
  | 'signup'
  | 'reset-password'
  | 'log-out'
  | 'account-delete'
  | 'quote'
  | 'quote-project'
  | 'not-found'
  | 'terms'
  | 'planned'
  | 'checkout'
  | 'checkout-payment'
  | 'checkout-success'
  | 'agency-payment'
  | 'additional-cost-payment'
  | 'additional-cost-success'
  | 'account-planned'
  | 'order-history'
  | 'order-detail'
  | 'additional-costs';

export const ACCOUNT_HOME = '/user/home';
export const BALANCE_PAGE = '/user/account/balance';

const QUOTE_DESCRIPTION =
  'Upload STL or STEP files and get an instant price and lead time for 3D printing, CNC machining and vacuum casting.';

export const ROUTES: RouteDef[] = [
  { path: '/login', title: 'Log In', access: 'guest', page: 'login' },
  { path: '/signup', title: 'Sign Up', access: 'public', page: 'signup' },
  { path: '/reset-password', title: 'Reset Password', noindex: true, access: 'public', page: 'reset-password' },
  { path: '/account-delete', title: 'Log Out', noindex: true, access: 'public', page: 'account-delete' },
  { path: '/clearToken', title: 'Log Out', noindex: true, access: 'public', page: 'log-out' },
  { path: '/quote', title: 'Instant Quote', canonical: true, description: QUOTE_DESCRIPTION, access: 'public', page: 'quote' },
  { path: '/quote/:projectId', title: 'Quote', access: 'public', page: 'quote-project' },
  {
    path: '/impossible3dprints',
    title: 'Impossible 3D Prints',
    canonical: true,
    description: 'Parts other services turn down: we quote them anyway, and say honestly what it takes to print them.',
    access: 'public',
    page: 'planned',
    summary: 'Our campaign for the parts nobody else will print.',
  },
  { path: '/additional-cost', title: 'Additional Cost', access: 'login', page: 'additional-costs' },
  { path: '/additional-cost/payment', title: 'Additional Cost Payment', access: 'public', page: 'additional-cost-payment', summary: 'Pay an additional-cost order.' },
  { path: '/additional-cost/success', title: 'Additional Cost Paid', access: 'public', page: 'additional-cost-success', summary: 'Your additional-cost payment was received.' },
  { path: '/checkout', title: 'Order Confirmation', access: 'login', page: 'checkout', summary: 'Confirm parts, shipping and billing before paying.' },
  { path: '/checkout/payment', title: 'Payment', access: 'login', page: 'checkout-payment', summary: 'Pay with your balance, a card in USD, or a bank transfer.' },
  { path: '/checkout/success', title: 'Order Placed', access: 'login', page: 'checkout-success', summary: 'Your order is placed.' },
  { path: '/checkout/agency-payment', title: 'Agency Payment', access: 'public', page: 'agency-payment', summary: 'Pay an order on behalf of someone else, no account needed.' },
  { path: '/404', title: 'Page Not Found', noindex: true, access: 'public', page: 'not-found' },
  // Not in the spec's table, but the cookie banner links to it (spec section 2).
  { path: '/terms-of-use', title: 'Terms of Use', canonical: true, access: 'public', page: 'terms' },

  // The account area (spec section 2). /user itself redirects to /user/home.
  ...accountRoutes([
    ['home', 'My Account', 'Your orders, projects, balance and rewards at a glance.'],
    ['account/profile', 'Profile', 'Your name, company, phone and picture.'],
    ['account/address', 'Shipping Addresses', 'Addresses your parts ship to; one is the default.'],
    ['account/billingAddress', 'Billing Addresses', 'Names and places that appear on your invoices.'],
    ['account/coupons', 'Coupons', 'Promo codes and coupons, active and used.'],
    ['account/balance', 'Balance', 'Your prepaid balance, reloads and transactions of the last 2 years.'],
    ['account/balance/reload', 'Reload Balance', 'Add at least USD 100 to your prepaid balance.', 'recharge'],
    ['account/password', 'Change Password', 'Change the password you sign in with.'],
    ['account/referral', 'Referral', 'Friends get 10% off their first order; you get a 10% coupon.'],
    ['order/history', 'Order History', 'Every order with its status and tracking.', undefined, 'order-history'],
    ['order/detail/:orderId', 'Order Details', 'Parts, payment, shipping and tracking of one order.', undefined, 'order-detail'],
    ['order/upload-history', 'Upload History', 'Files you uploaded in the last 3 months.'],
    ['order/after-sale', 'After-Sale Orders', 'Ask for parts to be made again after delivery.'],
    ['order/additional-cost', 'Additional-Cost Orders', 'Extra costs agreed for your orders.'],
    ['prime/point', 'Membership Points', 'WePoints earned and spent; coupons issued on the 1st of each month.'],
    ['project', 'Projects', 'Your quote projects and their files.'],
    ['project/fileList/:id', 'Project Files', 'The files of one project.'],
  ]),
];

function accountRoutes(rows: [path: string, title: string, summary: string, requires?: 'recharge', page?: PageId][]): RouteDef[] {
  return rows.map(([path, title, summary, requires, page]) => ({
    path: `/user/${path}`,
    title,
    summary,
    noindex: true,
    access: 'login',
    page: page ?? 'account-planned',
    ...(requires ? { requires } : {}),
  }));
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
