import { useSearchParams } from 'wouter';
import { QuickLoginButtons } from '#features/auth/components/quick-login-buttons';
import { SignUpForm } from '#features/auth/components/sign-up-form';
import { useT } from '#lib/i18n/i18n';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import { quickLoginReturn } from '../quick-login-return.ts';

export function SignUpPage() {
  const [params] = useSearchParams();
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.signup.title')}>{t('auth.signUp.intro')}</PageTitle>
      <div className="flex flex-col gap-6">
        <SignUpForm referralCode={params.get('referralCode') ?? params.get('cm') ?? storage.get(STORAGE_KEYS.referralCode) ?? ''} />
        <QuickLoginButtons returnTo={quickLoginReturn(null, '/signup')} />
      </div>
    </PageFrame>
  );
}
