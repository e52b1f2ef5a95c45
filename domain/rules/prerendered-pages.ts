import { isProcessSlug, PROCESS_SLUGS } from '#domain/catalogue/process-choices';
import type { ProcessSlug } from '#domain/catalogue/types';

/**
 * The pages the build prerenders to HTML (ADR 141), shared by the build (which writes them) and the
 * server (which answers with them): the quote page's first screen, for each process it can open on,
 * the log-in, sign-up and reset-password pages' (ADR 235, 244, 247), the checkout's (ADR 243), a
 * saved project's opening screen (ADR 264) and the account pages' frames (ADR 267), each with and
 * without the cookie banner. The checkout's HTML also starts its API calls (ADR 227). Everything
 * else is the plain index.html.
 */

/** Where under the build's folder the prerendered pages are written (a dot folder: not served as files). */
export const PRERENDER_DIR = '.prerender';

export interface PrerenderedPage {
  /** The page of the route table it draws (routes/route-table.ts `PageId`). */
  page: 'quote' | 'quote-project' | 'reset-password' | (typeof SINGLE_PAGES)[number] | (typeof ACCOUNT_PAGES)[number]['page'];
  /** The URL it is rendered at, under the app's base ("quote?technology=cnc-machining"). */
  url: string;
  file: string;
  consented: boolean;
  /**
   * Its first screen has the drop zone (the quote page's, a project's): its HTML names the early-files
   * script, so a file dropped before the app runs is kept for the page, not opened by the browser in
   * its place (ADR 168, ADR 264).
   */
  takesFiles: boolean;
}

/** A prerendered page's file: its name, and `-consented` for the one without the cookie banner. */
const fileOf = (name: string, consented: boolean) => `${name}${consented ? '-consented' : ''}.html`;
const quoteFileOf = (process: ProcessSlug, consented: boolean) => fileOf(`quote-${process}`, consented);

/**
 * The pages prerendered once, whatever their query: each answers at `/<page>` and is rendered at
 * that URL, in a file named after it. The log-in and sign-up pages (ADR 235, 244) draw their query
 * as they take over (`?redirect=`, `?activate=`, `?referralCode=`); the checkout (ADR 243) has none
 * that changes its frame.
 */
const SINGLE_PAGES = ['login', 'signup', 'checkout'] as const;

/**
 * The reset-password page's two first screens (ADR 247): asking for the link, and, from the emailed
 * link (`?key=`), choosing the new password. The key is never drawn: one file serves every link.
 */
const RESET_PAGES = [
  { name: 'reset-password', url: 'reset-password' },
  { name: 'reset-password-key', url: 'reset-password?key=emailed' },
] as const;

/**
 * A saved project's page (`/quote/{projectId}`, ADR 264): its opening screen ("Opening your
 * project…", the services, the drop zone) is the same for every project until the app has read it,
 * so one file serves them all. Rendered at an address whose id is no project's; the id is never
 * drawn.
 */
const PROJECT_PAGE = { name: 'quote-project', url: 'quote/opening' } as const;

/**
 * The account pages whose address has no parameter and whose guard asks only for a signed-in
 * visitor (ADR 267; not the balance's reload, whose guard draws nothing until the account's
 * permissions are read): each one's frame (the header, the account navigation, the page's title and
 * summary, what the page draws before its data, its loading status) rendered for a signed-in visitor
 * whose account is still loading, the same for every account, as the checkout's is (ADR 243). Its
 * file is named after its address (`user-account-referral.html`). tests/routes/prerender.test.tsx
 * checks that every such account route of the route table is here, at its own address.
 */
export const ACCOUNT_PAGES = [
  { page: 'account-home', url: 'user/home' },
  { page: 'account-profile', url: 'user/account/profile' },
  { page: 'account-address', url: 'user/account/address' },
  { page: 'account-billing', url: 'user/account/billingAddress' },
  { page: 'coupons', url: 'user/account/coupons' },
  { page: 'balance', url: 'user/account/balance' },
  { page: 'account-password', url: 'user/account/password' },
  { page: 'referral', url: 'user/account/referral' },
  { page: 'order-history', url: 'user/order/history' },
  { page: 'upload-history', url: 'user/order/upload-history' },
  { page: 'after-sale', url: 'user/order/after-sale' },
  { page: 'account-additional-costs', url: 'user/order/additional-cost' },
  { page: 'points', url: 'user/prime/point' },
  { page: 'projects', url: 'user/project' },
] as const;

const accountFileOf = (url: string, consented: boolean) => fileOf(url.replaceAll('/', '-'), consented);

/** The paths the project's page answers at: one segment under /quote, as the router matches `/quote/:projectId`. */
const PROJECT_PATH = /^\/quote\/[^/]+\/?$/;

/**
 * Every page the build prerenders: the quote page per process, the log-in and sign-up pages (ADR
 * 235, 244), the checkout's frame (ADR 243), the reset-password page's two screens (ADR 247), a
 * project's opening screen (ADR 264) and the account pages' frames (ADR 267), each with and without
 * the cookie banner.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...PROCESS_SLUGS.flatMap((process) => [false, true].map((consented) => ({ page: 'quote' as const, url: `quote?technology=${process}`, file: quoteFileOf(process, consented), consented, takesFiles: true }))),
  ...SINGLE_PAGES.flatMap((page) => [false, true].map((consented) => ({ page, url: page, file: fileOf(page, consented), consented, takesFiles: false }))),
  ...RESET_PAGES.flatMap(({ name, url }) => [false, true].map((consented) => ({ page: 'reset-password' as const, url, file: fileOf(name, consented), consented, takesFiles: false }))),
  ...[false, true].map((consented) => ({ page: 'quote-project' as const, url: PROJECT_PAGE.url, file: fileOf(PROJECT_PAGE.name, consented), consented, takesFiles: true })),
  ...ACCOUNT_PAGES.flatMap(({ page, url }) => [false, true].map((consented) => ({ page, url, file: accountFileOf(url, consented), consented, takesFiles: false }))),
];

/**
 * The prerendered file that answers a page of the app (its path under the base, "/quote", and its
 * query), or undefined when the page has none. The quote page opens on the process its
 * `technology` names, else 3D printing, as the page itself does; the app's root redirects to it.
 * The pages of `SINGLE_PAGES` have one whatever their query; the reset-password page one for
 * asking for the link and one for a link's `?key=` (ADR 247); every project's page one (ADR 264);
 * each account page of `ACCOUNT_PAGES` one (ADR 267).
 */
export function prerenderedFileFor(path: string, search: URLSearchParams, consented: boolean): string | undefined {
  if (path === '/') return quoteFileOf('3d-printing', consented);
  const single = SINGLE_PAGES.find((page) => path === `/${page}` || path === `/${page}/`);
  if (single) return fileOf(single, consented);
  if (path === '/reset-password' || path === '/reset-password/') return fileOf(search.get('key') ? 'reset-password-key' : 'reset-password', consented);
  if (PROJECT_PATH.test(path)) return fileOf(PROJECT_PAGE.name, consented);
  const account = ACCOUNT_PAGES.find(({ url }) => path === `/${url}` || path === `/${url}/`);
  if (account) return accountFileOf(account.url, consented);
  if (path !== '/quote') return undefined;
  const technology = search.get('technology');
  return quoteFileOf(isProcessSlug(technology) ? technology : '3d-printing', consented);
}
