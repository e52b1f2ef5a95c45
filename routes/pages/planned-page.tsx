import { useT } from '#lib/i18n/i18n';
import { Link } from '#ui/link';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';
import { AccountFrame } from './account-frame.tsx';

// The account frame moved to account-frame.tsx (issue 13); kept here for pages still importing it from this file.
export { AccountFrame };

/**
 * The frame of a page whose screen comes with a later issue: its title, what it is for, and where
 * to go meanwhile. A real page (title, landmarks, navigation), not a blank.
 */
export function PlannedPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <PageFrame>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      <PlannedNotice />
    </PageFrame>
  );
}

/** The account area: the account navigation beside the page. */
export function AccountPlannedPage({ route }: { route: RouteDef }) {
  const t = useT();
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      <PlannedNotice />
    </AccountFrame>
  );
}

function PlannedNotice() {
  const t = useT();
  return (
    <div className="rounded-card border border-neutral-200 bg-neutral-0 p-gutter">
      <p>{t('planned.body')}</p>
      <p className="mt-2">{t.rich('planned.meanwhile', { link: (chunks) => <Link href="/quote">{chunks}</Link> })}</p>
    </div>
  );
}
