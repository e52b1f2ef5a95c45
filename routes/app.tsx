import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { I18nRoot, useT } from '#lib/i18n/i18n';
import { lazyComponent, type LazyComponent } from '#lib/lazy-component';
import { SessionProvider, type SessionSource } from '#machines/session-context';
import { AriaRouter } from './aria-router.tsx';
import { useNavigationHistory } from './navigation-history.ts';
import { LoadErrorBoundary } from './load-error-boundary.tsx';
import { PageFrame } from './page-frame.tsx';
import { usePageMeta } from './page-meta.ts';
import { ReferralCapture } from './referral-capture.tsx';
import { RouteFocus } from './route-focus.tsx';
import { RouteGate } from './route-gate.tsx';
import { ACCOUNT_HOME, ROUTES, type PageId, type RouteDef } from './route-table.ts';
import { ScrollManager, ScrollToHashOnMount } from './scroll-manager.tsx';
import { SessionDialogs } from './session-dialogs.tsx';
import { Notifications } from './notify.tsx';

/** Route base without the trailing slash, as wouter wants it (Vite's base is /manufacture/). */
export const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

type PageComponent = ComponentType<{ route: RouteDef }>;
/** A page that can be fetched ahead of its first render (`preload`), for a prerendered first screen. */
type LazyPage = LazyComponent<{ route: RouteDef }>;

/**
 * One page of a lazily loaded module under routes/pages/ (issue 18 item 2, ADR 128): each module is
 * a chunk of its own, fetched the first time one of its routes opens, so the quote page's first load
 * carries neither the account area, checkout nor the auth screens. One module per page (ADR 133),
 * so a route loads its own screen and not its neighbours' (the log-in page not the sign-up form's
 * phone codes, the order history not the order page).
 *
 * A page fetched beforehand (`preload`, ADR 141: the prerendered quote page waits for its chunk
 * before the app's first render) renders at once, without its Suspense fallback (`lazyComponent`,
 * ADR 142), so the first commit replaces the prerendered screen with the same screen, not with
 * "Loading page…".
 */
function lazyPage<M extends Record<K, PageComponent> & PageModule, K extends keyof M & string>(load: () => Promise<M>, name: K): LazyPage {
  return lazyComponent(async () => withServerState(await load(), name));
}

/**
 * A page module that reads server state re-exports `ServerState` (routes/server-state.tsx, ADR 259):
 * its page is drawn inside it. The cache of server state (TanStack Query) is then fetched with the
 * pages that use it, not with every page's first load.
 */
interface PageModule {
  ServerState?: ComponentType<{ children: ReactNode }>;
}

function withServerState<M extends Record<K, ComponentType<P>> & PageModule, K extends keyof M & string, P extends object>(module: M, name: K): ComponentType<P> {
  const Page: ComponentType<P> = module[name];
  if (!module.ServerState) return Page;
  const ServerState = module.ServerState;
  function PageWithServerState(props: P) {
    return (
      <ServerState>
        <Page {...props} />
      </ServerState>
    );
  }
  return PageWithServerState;
}

const checkoutPages = () => import('./pages/checkout-pages.tsx');
// One component for /quote and /quote/{projectId}: the page a project was started on takes the
// project's address without being drawn again (see `screenKey`).
const quotePage = lazyPage(() => import('./pages/quote-page.tsx'), 'QuotePage');

const PAGES: Record<PageId, LazyPage> = {
  login: lazyPage(() => import('./pages/login-page.tsx'), 'LoginPage'),
  signup: lazyPage(() => import('./pages/sign-up-page.tsx'), 'SignUpPage'),
  'reset-password': lazyPage(() => import('./pages/reset-password-page.tsx'), 'ResetPasswordPage'),
  'log-out': lazyPage(() => import('./pages/log-out-page.tsx'), 'LogOutPage'),
  'account-delete': lazyPage(() => import('./pages/account-delete-page.tsx'), 'AccountDeletePage'),
  quote: quotePage,
  'quote-project': quotePage,
  'quote-shared': lazyPage(() => import('./pages/shared-quote-page.tsx'), 'SharedQuotePage'),
  'not-found': lazyPage(() => import('./pages/not-found-page.tsx'), 'NotFoundPage'),
  terms: lazyPage(() => import('./pages/terms-page.tsx'), 'TermsPage'),
  checkout: lazyPage(() => import('./pages/checkout-confirmation-page.tsx'), 'CheckoutPage'),
  'checkout-payment': lazyPage(checkoutPages, 'CheckoutPaymentPage'),
  'checkout-success': lazyPage(checkoutPages, 'CheckoutSuccessPage'),
  'agency-payment': lazyPage(checkoutPages, 'AgencyPaymentPage'),
  'additional-cost-payment': lazyPage(checkoutPages, 'AdditionalCostPaymentPage'),
  'additional-cost-success': lazyPage(checkoutPages, 'AdditionalCostSuccessPage'),
  campaign: lazyPage(() => import('./pages/campaign-page.tsx'), 'CampaignPage'),
  'order-history': lazyPage(() => import('./pages/order-history-page.tsx'), 'OrderHistoryPage'),
  'order-detail': lazyPage(() => import('./pages/order-detail-page.tsx'), 'OrderDetailPage'),
  'after-sale': lazyPage(() => import('./pages/after-sale-page.tsx'), 'AfterSalePage'),
  'upload-history': lazyPage(() => import('./pages/upload-history-page.tsx'), 'UploadHistoryPage'),
  'account-additional-costs': lazyPage(() => import('./pages/account-additional-costs-page.tsx'), 'AccountAdditionalCostsPage'),
  projects: lazyPage(() => import('./pages/projects-page.tsx'), 'ProjectsPage'),
  'project-files': lazyPage(() => import('./pages/project-files-page.tsx'), 'ProjectFilesPage'),
  'additional-costs': lazyPage(checkoutPages, 'AdditionalCostsPage'),
  'account-home': lazyPage(() => import('./pages/account-home-page.tsx'), 'AccountHomePage'),
  'account-profile': lazyPage(() => import('./pages/profile-page.tsx'), 'ProfilePage'),
  'account-password': lazyPage(() => import('./pages/password-page.tsx'), 'PasswordPage'),
  'account-address': lazyPage(() => import('./pages/address-page.tsx'), 'AddressPage'),
  'account-billing': lazyPage(() => import('./pages/billing-address-page.tsx'), 'BillingAddressPage'),
  contact: lazyPage(() => import('./pages/contact-page.tsx'), 'ContactPage'),
  'quick-login': lazyPage(() => import('./pages/quick-login-page.tsx'), 'QuickLoginPage'),
  balance: lazyPage(() => import('./pages/balance-page.tsx'), 'BalancePage'),
  'balance-reload': lazyPage(() => import('./pages/reload-page.tsx'), 'ReloadPage'),
  coupons: lazyPage(() => import('./pages/coupons-page.tsx'), 'CouponsPage'),
  referral: lazyPage(() => import('./pages/referral-page.tsx'), 'ReferralPage'),
  points: lazyPage(() => import('./pages/points-page.tsx'), 'PointsPage'),
};

/**
 * The staff console (issue 38, ADR 194): its own chunk under /ops, outside the customers' route
 * table, frame and guards (its sign-in is the staff's, not the customer's session).
 */
const OpsConsolePage = lazyComponent(async () => withServerState(await import('./pages/ops-console-page.tsx'), 'OpsConsolePage'));

/** Fetches a page's chunk ahead of its first render (ADR 141); never rejects (ADR 142). */
export function preloadPage(page: PageId): Promise<void> {
  return PAGES[page].preload();
}

/** While a page's chunk loads: the same frame (no layout jump) and a polite status. */
function PageLoading() {
  const t = useT();
  return (
    <PageFrame>
      <p role="status" className="text-neutral-600">
        {t('app.pageLoading')}
      </p>
    </PageFrame>
  );
}

/**
 * The key of a route's screen: a route change within one key keeps the page mounted. The quote page
 * getting its project's address after the first drop (`/quote` → `/quote/{id}`) is the same screen
 * for the visitor (as `isNewPage` says for the focus): remounting it would drop the focus the
 * configurator has just taken and draw the 3D preview again.
 */
function screenKey(route: RouteDef): string {
  return route.page === 'quote' || route.page === 'quote-project' ? 'quote' : route.path;
}

function RoutePage({ route }: { route: RouteDef }) {
  usePageMeta(route);
  const Page = PAGES[route.page];
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <RouteGate route={route}>
          <Page route={route} />
          <ScrollToHashOnMount />
        </RouteGate>
      </Suspense>
    </LoadErrorBoundary>
  );
}

export function AppRoutes() {
  useNavigationHistory();
  return (
    <>
      <ScrollManager />
      <RouteFocus />
      <ReferralCapture />
      <Switch>
        <Route path="/">
          <Redirect to="/quote?technology=3d-printing" replace />
        </Route>
        <Route path="/home">
          <Redirect to="/quote" replace />
        </Route>
        <Route path="/user">
          <Redirect to={ACCOUNT_HOME} replace />
        </Route>
        <Route path="/ops" nest>
          <LoadErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <OpsConsolePage />
            </Suspense>
          </LoadErrorBoundary>
        </Route>
        {ROUTES.map((route) => (
          <Route key={screenKey(route)} path={route.path}>
            <RoutePage route={route} />
          </Route>
        ))}
        <Route>
          <Redirect to="/404" replace />
        </Route>
      </Switch>
      <SessionDialogs />
      <Notifications />
    </>
  );
}

/**
 * The app. `ssrPath` is the page's URL (path under the origin, with its query) when it is rendered
 * outside a browser: the build prerenders the quote page's first screen with it (ADR 141).
 */
export function App({ session, ssrPath }: { session: SessionSource; ssrPath?: string }) {
  return (
    // The locale is fixed to English (spec section 1): react-aria formats numbers and dates in en-US
    // whatever the browser's language, and screens read the message catalogue.
    <I18nRoot>
      <SessionProvider actor={session}>
        <Router base={ROUTER_BASE} {...(ssrPath ? { ssrPath } : {})}>
          <AriaRouter>
            <AppRoutes />
          </AriaRouter>
        </Router>
      </SessionProvider>
    </I18nRoot>
  );
}
