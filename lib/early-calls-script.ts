/**
 * The checkout page's first script (issue 39 item 3, ADR 227): starts the page's API calls from the
 * HTML, while the app's entry and chunks are still on their way, so that the checkout draws from
 * answers that are already here instead of asking after its scripts have run (the session's
 * `common/index`, then the cart, carriers, addresses and discounts). The build emits this module as
 * a chunk of its own (`scripts/vite-prerender.ts`), named `async` by the checkout's HTML only
 * (`dist/.prerender/checkout.html`, served for /checkout by `server/http/web-app.ts`).
 *
 * Self-contained on purpose: it imports nothing, so the bundler gives it no shared chunk to wait
 * for. The app takes each answer once with `takeEarlyCall` (`lib/early-calls.ts`, the same key); an
 * answer that is not a 200 is left to the app's own call, which says what went wrong as always.
 */

/** Where the started calls wait for the app (`lib/early-calls.ts` reads the same key). */
const KEY = '__manufactureEarlyCalls';
/** The signed-in customer's token (`lib/storage/storage.ts` STORAGE_KEYS.token), stored as `{ value, expiresAt? }`. */
const TOKEN_KEY = 'manufacture.token';

declare const __API_SEGMENT__: string | undefined;
/** The business segment, fixed at build time as `lib/env.ts` has it (not imported: see above). */
const segment = typeof __API_SEGMENT__ === 'string' ? __API_SEGMENT__ : 'manufacture';

/**
 * The calls the checkout makes as it opens, by their path from the site's root: what
 * `routes/session.ts` (common/index) and `features/checkout/components/order-confirmation.tsx`
 * (`loadCheckout`) ask (tests/lib/early-calls.test.ts holds the two lists together).
 */
export const EARLY_CHECKOUT_CALLS: readonly string[] = [
  `/api/${segment}/common/index`,
  `/msapi/${segment}/cart`,
  `/api/${segment}/checkout/shipping-options`,
  `/api/${segment}/account/address`,
  `/api/${segment}/account/billingAddress`,
  `/api/${segment}/checkout/discounts`,
];

/** The pages whose HTML names this script, under the app's base. */
export const EARLY_CALL_PAGES: Readonly<Record<string, readonly string[]>> = { '/manufacture/checkout': EARLY_CHECKOUT_CALLS };

/** One started call: its status and its JSON body (null when it had none), or null when it did not arrive. */
export type EarlyAnswer = { status: number; body: unknown } | null;
export interface EarlyCalls {
  /** The page the calls were started for (its path). */
  page: string;
  calls: Record<string, Promise<EarlyAnswer>>;
}

type EarlyWindow = Window & { [KEY]?: EarlyCalls };

function storedToken(storage: Storage): string | null {
  try {
    const raw = storage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { value?: unknown; expiresAt?: unknown };
    if (typeof stored.value !== 'string') return null;
    if (typeof stored.expiresAt === 'number' && Date.now() >= stored.expiresAt) return null;
    return stored.value;
  } catch {
    return null;
  }
}

/** Starts the page's calls when a customer is signed in (a token in storage); nothing otherwise. */
export function startEarlyCalls(win: EarlyWindow, fetchImpl: typeof fetch = win.fetch.bind(win)): void {
  const page = win.location.pathname.replace(/\/$/, '');
  const paths = EARLY_CALL_PAGES[page];
  if (!paths || win[KEY]) return;
  let token: string | null = null;
  try {
    token = storedToken(win.localStorage);
  } catch {
    token = null; // storage refused: the app's own calls will do
  }
  if (!token) return;
  const calls: Record<string, Promise<EarlyAnswer>> = {};
  for (const path of paths) {
    calls[path] = fetchImpl(path, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, credentials: 'same-origin' }).then(
      async (res) => ({ status: res.status, body: res.status === 200 ? ((await res.json()) as unknown) : null }),
      () => null,
    );
  }
  win[KEY] = { page, calls };
}

startEarlyCalls(window);
