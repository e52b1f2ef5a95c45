import { useT } from '#lib/i18n/i18n';
import { Link } from '#ui/link';
import { PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

/**
 * The account pages still to be built by the account issues (13, 14). Delete this file, its page id
 * and the `planned.*` messages once the last of them has its own page.
 */
export function AccountPlannedPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      <div className="rounded-card border border-neutral-200 bg-neutral-0 p-gutter">
        <p>{t('planned.body')}</p>
        <p className="mt-2">{t.rich('planned.meanwhile', { link: (chunks) => <Link href="/quote">{chunks}</Link> })}</p>
      </div>
    </AccountFrame>
  );
}
