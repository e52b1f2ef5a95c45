import type { ReactNode } from 'react';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Link } from '#ui/link';
import { ACCOUNT_ROUTES_NAV } from '../account-nav.ts';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';

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

/** The frame of every account page: the account navigation beside the page's content. */
export function AccountFrame({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT();
  return (
    <PageFrame>
      <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t('account.nav')}>
          <ul className="flex flex-col gap-1">
            {ACCOUNT_ROUTES_NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} variant="quiet" aria-current={item.title === title ? 'page' : undefined} className="block rounded px-2 py-1 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold">
                  {t(item.title)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>{children}</div>
      </div>
    </PageFrame>
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
