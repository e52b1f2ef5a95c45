import type { ReactNode } from 'react';
import { Link } from '#ui/link';
import { ACCOUNT_ROUTES_NAV } from '../account-nav.ts';
import { PageFrame, PageTitle } from '../page-frame.tsx';

/**
 * The frame of a page whose screen comes with a later issue: its title, what it is for, and where
 * to go meanwhile. A real page (title, landmarks, navigation), not a blank.
 */
export function PlannedPage({ title, summary }: { title: string; summary?: string }) {
  return (
    <PageFrame>
      <PageTitle title={title}>{summary}</PageTitle>
      <PlannedNotice />
    </PageFrame>
  );
}

/** The account area: the account navigation beside the page. */
export function AccountPlannedPage({ title, summary }: { title: string; summary?: string }) {
  return (
    <AccountFrame title={title}>
      <PageTitle title={title}>{summary}</PageTitle>
      <PlannedNotice />
    </AccountFrame>
  );
}

/** The frame of every account page: the account navigation beside the page's content. */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageFrame>
      <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Account">
          <ul className="flex flex-col gap-1">
            {ACCOUNT_ROUTES_NAV.map((item) => (
              <li key={item.href}>
                <Link href={item.href} variant="quiet" aria-current={item.title === title ? 'page' : undefined} className="block rounded px-2 py-1 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold">
                  {item.title}
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
  return (
    <div className="rounded-card border border-neutral-200 bg-neutral-0 p-gutter">
      <p>This page is being built and opens soon.</p>
      <p className="mt-2">
        Meanwhile you can <Link href="/quote">get an instant quote</Link>.
      </p>
    </div>
  );
}
