import { isProcessSlug, PROCESS_SLUGS } from '#domain/catalogue/process-choices';
import type { ProcessSlug } from '#domain/catalogue/types';

/**
 * The pages the build prerenders to HTML (ADR 141), shared by the build (which writes them) and the
 * server (which answers with them): the quote page's first screen, for each process it can open on,
 * the log-in and sign-up pages' (ADR 235) and the checkout's (ADR 243), each with and without the
 * cookie banner. The checkout's HTML also starts its API calls (ADR 227). Everything else is the plain
 * index.html.
 */

/** Where under the build's folder the prerendered pages are written (a dot folder: not served as files). */
export const PRERENDER_DIR = '.prerender';

/**
 * The cookie that mirrors the stored cookie consent (spec section 3's flag) for the server, so the
 * prerendered page it sends already has, or has not, the banner the app will show. It says only
 * that the banner was accepted.
 */
export const CONSENT_COOKIE = { name: 'manufacture_consent', value: '1', maxAgeSeconds: 365 * 24 * 3600 } as const;

export interface PrerenderedPage {
  /** The page of the route table it draws (routes/route-table.ts `PageId`). */
  page: 'quote' | 'login' | 'signup' | 'checkout';
  /** The URL it is rendered at, under the app's base ("quote?technology=cnc-machining"). */
  url: string;
  file: string;
  consented: boolean;
}

const fileOf = (process: ProcessSlug, consented: boolean) => `quote-${process}${consented ? '-consented' : ''}.html`;
const loginFileOf = (consented: boolean) => `login${consented ? '-consented' : ''}.html`;
const signupFileOf = (consented: boolean) => `signup${consented ? '-consented' : ''}.html`;
const checkoutFileOf = (consented: boolean) => `checkout${consented ? '-consented' : ''}.html`;

/**
 * Every page the build prerenders: the quote page per process, the log-in and sign-up pages (ADR
 * 235) and the checkout's frame (ADR 243), each with and without the cookie banner.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  ...PROCESS_SLUGS.flatMap((process) => [false, true].map((consented) => ({ page: 'quote' as const, url: `quote?technology=${process}`, file: fileOf(process, consented), consented }))),
  ...[false, true].map((consented) => ({ page: 'login' as const, url: 'login', file: loginFileOf(consented), consented })),
  ...[false, true].map((consented) => ({ page: 'signup' as const, url: 'signup', file: signupFileOf(consented), consented })),
  ...[false, true].map((consented) => ({ page: 'checkout' as const, url: 'checkout', file: checkoutFileOf(consented), consented })),
];

/**
 * The prerendered file that answers a page of the app (its path under the base, "/quote", and its
 * query), or undefined when the page has none. The quote page opens on the process its
 * `technology` names, else 3D printing, as the page itself does; the app's root redirects to it.
 * The log-in page has one, whatever its query (`?redirect=`, `?activate=`: the app draws those);
 * so has the sign-up page (`?referralCode=`: the app fills it in as it takes over).
 */
export function prerenderedFileFor(path: string, search: URLSearchParams, consented: boolean): string | undefined {
  if (path === '/') return fileOf('3d-printing', consented);
  if (path === '/checkout' || path === '/checkout/') return checkoutFileOf(consented);
  if (path === '/login' || path === '/login/') return loginFileOf(consented);
  if (path === '/signup' || path === '/signup/') return signupFileOf(consented);
  if (path !== '/quote') return undefined;
  const technology = search.get('technology');
  return fileOf(isProcessSlug(technology) ? technology : '3d-printing', consented);
}
