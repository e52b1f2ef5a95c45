import { useParams, useSearchParams } from 'wouter';
import { QuickLoginCallback } from '#features/auth/components/quick-login-callback';
import { useT } from '#lib/i18n/i18n';
import { notify } from '../notify.tsx';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';

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
        iss={params.get('iss')}
        error={params.get('error')}
        errorDescription={params.get('error_description')}
        onMessage={notify.success}
      />
    </PageFrame>
  );
}
