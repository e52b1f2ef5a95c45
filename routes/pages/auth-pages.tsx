import { useSearchParams } from 'wouter';
import { ActivationNotice } from '#features/auth/components/activation-notice';
import { AccountDeletionPanel, LogOutPanel } from '#features/auth/components/log-out-panel';
import { LoginForm } from '#features/auth/components/login-form';
import { QuickLoginButtons } from '#features/auth/components/quick-login-buttons';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { useT } from '#lib/i18n/i18n';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import { useNotify } from '../notify.tsx';
import { ACCOUNT_HOME, safeRedirect } from '../route-table.ts';

export function LoginPage() {
  const [params] = useSearchParams();
  const activationKey = params.get('activate');
  const notify = useNotify();
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.login.title')} />
      {activationKey ? (
        <ActivationNotice activationKey={activationKey} onActivated={() => notify.success(t('auth.activated'))} />
      ) : (
        <div className="flex flex-col gap-6">
          <LoginForm onMessage={notify.success} />
          <QuickLoginButtons returnTo={safeRedirect(params.get('redirect') ?? ACCOUNT_HOME)} />
        </div>
      )}
    </PageFrame>
  );
}

export function SignUpPage() {
  const [params] = useSearchParams();
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.signup.title')}>{t('auth.signUp.intro')}</PageTitle>
      <div className="flex flex-col gap-6">
        <SignUpForm referralCode={params.get('referralCode') ?? params.get('cm') ?? storage.get(STORAGE_KEYS.referralCode) ?? ''} />
        <QuickLoginButtons returnTo={ACCOUNT_HOME} />
      </div>
    </PageFrame>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.resetPassword.title')} />
      <ResetPasswordForm emailedKey={params.get('key') ?? undefined} />
    </PageFrame>
  );
}

export function LogOutPage() {
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.logOut.title')} />
      <LogOutPanel />
    </PageFrame>
  );
}

export function AccountDeletePage() {
  const [params] = useSearchParams();
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.logOut.title')} />
      <AccountDeletionPanel deletionKey={params.get('key')} />
    </PageFrame>
  );
}
