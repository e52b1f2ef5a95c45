import type { ComponentType } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { I18nRoot } from '#lib/i18n/i18n';
import { SessionProvider, type SessionActorRef } from '#machines/session-context';
import { AriaRouter } from './aria-router.tsx';
import { useNavigationHistory } from './navigation-history.ts';
import { usePageMeta } from './page-meta.ts';
import { AccountHomePage, AddressPage, BillingAddressPage, ContactPage, PasswordPage, ProfilePage, QuickLoginPage } from './pages/account-pages.tsx';
import { AccountDeletePage, LogOutPage, LoginPage, ResetPasswordPage, SignUpPage } from './pages/auth-pages.tsx';
import {
  AdditionalCostPaymentPage,
  AdditionalCostsPage,
  AdditionalCostSuccessPage,
  AgencyPaymentPage,
  CheckoutPaymentPage,
  CheckoutSuccessPage,
} from './pages/checkout-pages.tsx';
import { CheckoutPage } from './pages/checkout-confirmation-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { CampaignPage } from './pages/campaign-page.tsx';
import { AccountAdditionalCostsPage, AfterSalePage, OrderDetailPage, OrderHistoryPage, UploadHistoryPage } from './pages/order-pages.tsx';
import { AccountPlannedPage } from './pages/planned-page.tsx';
import { ProjectFilesPage, ProjectsPage } from './pages/project-pages.tsx';
import { QuotePage } from './pages/quote-page.tsx';
import { BalancePage, CouponsPage, PointsPage, ReferralPage, ReloadPage } from './pages/rewards-pages.tsx';
import { SharedQuotePage } from './pages/shared-quote-page.tsx';
import { TermsPage } from './pages/terms-page.tsx';
import { ReferralCapture } from './referral-capture.tsx';
import { RouteFocus } from './route-focus.tsx';
import { RouteGate } from './route-gate.tsx';
import { ACCOUNT_HOME, ROUTES, type PageId, type RouteDef } from './route-table.ts';
import { ScrollManager } from './scroll-manager.tsx';
import { SessionDialogs } from './session-dialogs.tsx';
import { Notifications } from './notify.tsx';

/** Route base without the trailing slash, as wouter wants it (Vite's base is /manufacture/). */
export const ROUTER_BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

const PAGES: Record<PageId, ComponentType<{ route: RouteDef }>> = {
  login: LoginPage,
  signup: SignUpPage,
  'reset-password': ResetPasswordPage,
  'log-out': LogOutPage,
  'account-delete': AccountDeletePage,
  quote: QuotePage,
  'quote-project': QuotePage,
  'quote-shared': SharedQuotePage,
  'not-found': NotFoundPage,
  terms: TermsPage,
  checkout: CheckoutPage,
  'checkout-payment': CheckoutPaymentPage,
  'checkout-success': CheckoutSuccessPage,
  'agency-payment': AgencyPaymentPage,
  'additional-cost-payment': AdditionalCostPaymentPage,
  'additional-cost-success': AdditionalCostSuccessPage,
  campaign: CampaignPage,
  'account-planned': ({ route }) => <AccountPlannedPage route={route} />,
  'order-history': OrderHistoryPage,
  'order-detail': OrderDetailPage,
  'after-sale': AfterSalePage,
  'upload-history': UploadHistoryPage,
  'account-additional-costs': AccountAdditionalCostsPage,
  projects: ProjectsPage,
  'project-files': ProjectFilesPage,
  'additional-costs': AdditionalCostsPage,
  'account-home': AccountHomePage,
  'account-profile': ProfilePage,
  'account-password': PasswordPage,
  'account-address': AddressPage,
  'account-billing': BillingAddressPage,
  contact: ContactPage,
  'quick-login': QuickLoginPage,
  balance: BalancePage,
  'balance-reload': ReloadPage,
  coupons: CouponsPage,
  referral: ReferralPage,
  points: PointsPage,
};

function RoutePage({ route }: { route: RouteDef }) {
  usePageMeta(route);
  const Page = PAGES[route.page];
  return (
    <RouteGate route={route}>
      <Page route={route} />
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
