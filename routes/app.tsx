import { Suspense, lazy, type ComponentType } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { I18nRoot, useT } from '#lib/i18n/i18n';
import { SessionProvider, type SessionActorRef } from '#machines/session-context';
import { AriaRouter } from './aria-router.tsx';
import { useNavigationHistory } from './navigation-history.ts';
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

/**
 * One page of a lazily loaded module under routes/pages/ (issue 18 item 2, ADR 128): each module is
 * a chunk of its own, fetched the first time one of its routes opens, so the quote page's first load
 * carries neither the account area, checkout nor the auth screens.
 */
function lazyPage<M extends Record<K, PageComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K): PageComponent {
  return lazy(async (): Promise<{ default: PageComponent }> => ({ default: (await load())[name] }));
}

const accountPages = () => import('./pages/account-pages.tsx');
const authPages = () => import('./pages/auth-pages.tsx');
const checkoutPages = () => import('./pages/checkout-pages.tsx');
const orderPages = () => import('./pages/order-pages.tsx');
const projectPages = () => import('./pages/project-pages.tsx');
const quotePage = () => import('./pages/quote-page.tsx');
const rewardsPages = () => import('./pages/rewards-pages.tsx');

const PAGES: Record<PageId, PageComponent> = {
  login: lazyPage(authPages, 'LoginPage'),
  signup: lazyPage(authPages, 'SignUpPage'),
  'reset-password': lazyPage(authPages, 'ResetPasswordPage'),
  'log-out': lazyPage(authPages, 'LogOutPage'),
  'account-delete': lazyPage(authPages, 'AccountDeletePage'),
  quote: lazyPage(quotePage, 'QuotePage'),
  'quote-project': lazyPage(quotePage, 'QuotePage'),
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
  'order-history': lazyPage(orderPages, 'OrderHistoryPage'),
  'order-detail': lazyPage(orderPages, 'OrderDetailPage'),
  'after-sale': lazyPage(orderPages, 'AfterSalePage'),
  'upload-history': lazyPage(orderPages, 'UploadHistoryPage'),
  'account-additional-costs': lazyPage(orderPages, 'AccountAdditionalCostsPage'),
  projects: lazyPage(projectPages, 'ProjectsPage'),
  'project-files': lazyPage(projectPages, 'ProjectFilesPage'),
  'additional-costs': lazyPage(checkoutPages, 'AdditionalCostsPage'),
  'account-home': lazyPage(accountPages, 'AccountHomePage'),
  'account-profile': lazyPage(accountPages, 'ProfilePage'),
  'account-password': lazyPage(accountPages, 'PasswordPage'),
  'account-address': lazyPage(accountPages, 'AddressPage'),
  'account-billing': lazyPage(accountPages, 'BillingAddressPage'),
  contact: lazyPage(accountPages, 'ContactPage'),
  'quick-login': lazyPage(accountPages, 'QuickLoginPage'),
  balance: lazyPage(rewardsPages, 'BalancePage'),
  'balance-reload': lazyPage(rewardsPages, 'ReloadPage'),
  coupons: lazyPage(rewardsPages, 'CouponsPage'),
  referral: lazyPage(rewardsPages, 'ReferralPage'),
  points: lazyPage(rewardsPages, 'PointsPage'),
};

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

function RoutePage({ route }: { route: RouteDef }) {
  usePageMeta(route);
  const Page = PAGES[route.page];
  return (
    <RouteGate route={route}>
      <Suspense fallback={<PageLoading />}>
        <Page route={route} />
        <ScrollToHashOnMount />
      </Suspense>
    </RouteGate>
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
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
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

export function App({ session }: { session: SessionActorRef }) {
  return (
    // The locale is fixed to English (spec section 1): react-aria formats numbers and dates in en-US
    // whatever the browser's language, and screens read the message catalogue.
    <I18nRoot>
      <SessionProvider actor={session}>
        <Router base={ROUTER_BASE}>
          <AriaRouter>
            <AppRoutes />
          </AriaRouter>
        </Router>
      </SessionProvider>
    </I18nRoot>
  );
}
