import { LogOutPanel } from '#features/auth/components/log-out-panel';
import { useT } from '#lib/i18n/i18n';
import { PageFrame, PageTitle } from '../page-frame.tsx';

export function LogOutPage() {
  const t = useT();
  return (
    <PageFrame width="narrow">
      <PageTitle title={t('route.logOut.title')} />
      <LogOutPanel />
    </PageFrame>
  );
}
