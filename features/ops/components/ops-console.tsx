import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Redirect, Route, Switch, useLocation, useParams, useSearch } from 'wouter';
import type { StaffMe } from '#domain/api/ops';
import { useT } from '#lib/i18n/i18n';
import { queryKeys } from '#lib/query-keys';
import { staffMe, staffSignOut } from '../api.ts';
import { staffSession as defaultStore, useStaffSession, type StaffSessionStore } from '../staff-session.ts';
import { OpsCustomerList } from './ops-customer-list.tsx';
import { OpsCustomerPage } from './ops-customer-page.tsx';
import { OpsClaims } from './ops-claims.tsx';
import { OpsFrame } from './ops-frame.tsx';
import { OpsOrderList } from './ops-order-list.tsx';
import { OpsOrderPage } from './ops-order-page.tsx';
import { OpsReviews } from './ops-reviews.tsx';
import { OpsTransfers } from './ops-transfers.tsx';
import { StaffInvitation } from './staff-invitation.tsx';
import { StaffList } from './staff-list.tsx';
import { StaffSettings } from './staff-settings.tsx';
import { StaffSignIn } from './staff-sign-in.tsx';

function OrderRoute({ mayCharge }: { mayCharge: boolean }) {
  const { id } = useParams<{ id: string }>();
  return <OpsOrderPage orderId={id} mayCharge={mayCharge} />;
}

function CustomerRoute() {
  const { id } = useParams<{ id: string }>();
  return <OpsCustomerPage customerId={id} />;
}

/** A section the role does not open: said, never an empty screen. */
function NotAllowed() {
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-headline text-neutral-900">{t('ops.notAllowed.title')}</h1>
      <p>{t('ops.notAllowed.body')}</p>
    </div>
  );
}

function SignedIn({ staff, store }: { staff: StaffMe; store: StaffSessionStore }) {
  const [signingOut, setSigningOut] = useState(false);
  const readsOrders = staff.permissions.includes('orders.read');
  const readsStaff = staff.permissions.includes('staff.read');
  const confirmsTransfers = staff.permissions.includes('payments.confirm');
  const readsCustomers = staff.permissions.includes('customers.read');
  const home = readsOrders ? '/orders' : '/staff';
  const signOut = async () => {
    setSigningOut(true);
    await staffSignOut().catch(() => undefined);
    store.signedOut(false);
  };
  return (
    <Switch>
      <Route path="/">
        <Redirect to={home} replace />
      </Route>
      <Route path="/orders/:id">
        <OpsFrame staff={staff} current="orders" onSignOut={signOut} signingOut={signingOut}>
          {readsOrders ? <OrderRoute mayCharge={staff.permissions.includes('payments.charge')} /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/orders">
        <OpsFrame staff={staff} current="orders" onSignOut={signOut} signingOut={signingOut}>
          {readsOrders ? <OpsOrderList /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/transfers">
        <OpsFrame staff={staff} current="transfers" onSignOut={signOut} signingOut={signingOut}>
          {confirmsTransfers ? <OpsTransfers /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/customers/:id">
        <OpsFrame staff={staff} current="customers" onSignOut={signOut} signingOut={signingOut}>
          {readsCustomers ? <CustomerRoute /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/customers">
        <OpsFrame staff={staff} current="customers" onSignOut={signOut} signingOut={signingOut}>
          {readsCustomers ? <OpsCustomerList /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/claims">
        <OpsFrame staff={staff} current="claims" onSignOut={signOut} signingOut={signingOut}>
          {staff.permissions.includes('claims.decide') ? <OpsClaims /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/reviews">
        <OpsFrame staff={staff} current="reviews" onSignOut={signOut} signingOut={signingOut}>
          {staff.permissions.includes('reviews.answer') ? <OpsReviews /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/staff">
        <OpsFrame staff={staff} current="staff" onSignOut={signOut} signingOut={signingOut}>
          {readsStaff ? <StaffList currentStaffId={staff.id} mayManage={staff.permissions.includes('staff.manage')} /> : <NotAllowed />}
        </OpsFrame>
      </Route>
      <Route path="/settings">
        <OpsFrame staff={staff} current="settings" onSignOut={signOut} signingOut={signingOut}>
          <StaffSettings staff={staff} onRenewed={(me) => store.resumed(me)} />
        </OpsFrame>
      </Route>
      <Route>
        <Redirect to={home} replace />
      </Route>
    </Switch>
  );
}

/**
 * The staff console under /manufacture/ops/ (issue 38): the staff sign-in until a staff session is
 * open, then the sections the role opens. Rendered inside a router nested at /ops, below the app's
 * QueryClientProvider (routes/server-state.tsx `ServerState`, ADR 259); its own chunk, never part of a customer's page.
 */
export function OpsConsole({ store = defaultStore }: { store?: StaffSessionStore }) {
  const t = useT();
  const session = useStaffSession(store);
  const client = useQueryClient();
  // What one staff member's screens asked is not drawn for the next (a success manager sees only
  // their customers): the console's answers go with the staff session (ADR 208's rule, for staff).
  const staffId = session.kind === 'signed-in' ? session.staff.id : null;
  useEffect(() => {
    if (staffId !== null) return;
    client.removeQueries({ queryKey: queryKeys.ops.all });
    client.removeQueries({ queryKey: queryKeys.staff.list });
    client.removeQueries({ queryKey: queryKeys.staff.me });
  }, [staffId, client]);
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (session.kind !== 'checking') return;
    if (!store.hasToken()) {
      store.signedOut(false);
      return;
    }
    const controller = new AbortController();
    staffMe(controller.signal).then(
      (me) => store.resumed(me),
      () => {
        if (!controller.signal.aborted) store.signedOut(false);
      },
    );
    return () => controller.abort();
  }, [session.kind, store]);
  useEffect(() => {
    document.title = t('ops.frame.documentTitle');
  }, [t]);

  // The mailed invitation's page (ADR 223): open without a staff session.
  if (location === '/invitation') {
    return (
      <main className="flex min-h-screen flex-col bg-neutral-50 px-4 py-12">
        <StaffInvitation invitationKey={new URLSearchParams(search).get('key')} />
      </main>
    );
  }
  if (session.kind === 'checking') {
    return (
      <p role="status" className="p-6 text-neutral-600">
        {t('common.loading')}
      </p>
    );
  }
  if (session.kind === 'signed-out') {
    return (
      <main className="flex min-h-screen flex-col bg-neutral-50 px-4 py-12">
        <StaffSignIn expired={session.expired} onSignedIn={(s) => store.signedIn(s)} />
      </main>
    );
  }
  return <SignedIn staff={session.staff} store={store} />;
}
