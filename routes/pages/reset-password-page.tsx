import { useSearchParams } from 'wouter';
import { ResetPasswordForm } from '#features/auth/components/reset-password-form';
import { useT } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';

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
