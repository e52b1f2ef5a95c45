import { useSearchParams } from 'wouter';
import { ActivationNotice } from '#features/auth/components/activation-notice';
import { LoginForm } from '#features/auth/components/login-form';
import { QuickLoginButtons } from '#features/auth/components/quick-login-buttons';
import { useT } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import { useNotify } from '../notify.tsx';
import { quickLoginReturn } from '../quick-login-return.ts';

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
          <QuickLoginButtons returnTo={quickLoginReturn(params.get('redirect'), '/login')} />
        </div>
      )}
    </PageFrame>
  );
}
