import { useSearchParams } from 'wouter';
import { AccountDeletionPanel } from '#features/auth/components/log-out-panel';
import { useT } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';

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
