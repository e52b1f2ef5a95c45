import { useSearchParams } from 'wouter';
import { ActivationNotice } from '#features/auth/components/activation-notice';
import { AccountDeletionPanel, LogOutPanel } from '#features/auth/components/log-out-panel';
import { LoginForm } from '#features/auth/components/login-form';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import { useNotify } from '../notify.tsx';

export function LoginPage() {
  const [params] = useSearchParams();
  const activationKey = params.get('activate');
  const notify = useNotify();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Log In" />
      {activationKey ? (
        <ActivationNotice activationKey={activationKey} onActivated={() => notify.success('Your account is activated. Sign In successfully')} />
      ) : (
        <LoginForm onMessage={notify.success} />
      )}
    </PageFrame>
  );
}

export function SignUpPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Sign Up">Create an account to save projects, check out and track orders.</PageTitle>
      <SignUpForm referralCode={params.get('referralCode') ?? params.get('cm') ?? ''} />
    </PageFrame>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Reset Password" />
      <ResetPasswordForm emailedKey={params.get('key') ?? undefined} />
    </PageFrame>
  );
}

export function LogOutPage() {
  return (
    <PageFrame width="narrow">
      <PageTitle title="Log Out" />
      <LogOutPanel />
    </PageFrame>
  );
}

export function AccountDeletePage() {
  const [params] = useSearchParams();
  return (
    <PageFrame width="narrow">
      <PageTitle title="Log Out" />
      <AccountDeletionPanel deletionKey={params.get('key')} />
    </PageFrame>
  );
}
