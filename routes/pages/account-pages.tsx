import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'wouter';
import type { UserInfo } from '#domain/api/account';
import { AccountHome } from '#features/account/components/account-home';
import { AddressBook } from '#features/account/components/address-book';
import { BillingAddressBook } from '#features/account/components/billing-address-book';
import { ContactForm } from '#features/account/components/contact-form';
import { PasswordForm } from '#features/account/components/password-form';
import { Profile } from '#features/account/components/profile';
import { QuickLoginCallback } from '#features/auth/components/quick-login-callback';
import { useT } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { notify } from '../notify.tsx';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

/** An account page: the frame, the title with what the page is for, and the content once the account record is in. */
function AccountPage({ route, children }: { route: RouteDef; children: (user: UserInfo) => ReactNode }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      {user ? children(user) : <p role="status">{t('account.loading')}</p>}
    </AccountFrame>
  );
}

export const AccountHomePage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <AccountHome user={user} />}</AccountPage>;

export const ProfilePage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <Profile user={user} returnTo={route.path} />}</AccountPage>;
export const PasswordPage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{(user) => <PasswordForm hasPassword={user.hasPassword} />}</AccountPage>;
export const AddressPage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{() => <AddressBook />}</AccountPage>;
export const BillingAddressPage = ({ route }: { route: RouteDef }) => <AccountPage route={route}>{() => <BillingAddressBook />}</AccountPage>;

/** Contact us: public (from the footer), filled in for a signed-in customer; `?order=` names the order. */
export function ContactPage({ route }: { route: RouteDef }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  const [params] = useSearchParams();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <PageFrame width="narrow">
      <PageTitle title={t(route.title)} />
      <ContactForm key={user?.email ?? 'visitor'} name={name} email={user?.email ?? ''} orderNumber={params.get('order') ?? ''} />
    </PageFrame>
  );
}

/** Where a quick-login provider sends the browser back. */
export function QuickLoginPage({ route }: { route: RouteDef }) {
  const t = useT();
  const { channel = '' } = useParams<{ channel: string }>();
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t(route.title)} />
      <QuickLoginCallback
        channel={channel}
        code={params.get('code')}
        state={params.get('state')}
        error={params.get('error')}
        errorDescription={params.get('error_description')}
        onMessage={notify.success}
      />
    </PageFrame>
  );
}
