import type { ReactNode } from 'react';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { Link } from '#ui/link';
import { ACCOUNT_ROUTES_NAV } from '../account-nav.ts';
import { PageFrame } from '../page-frame.tsx';

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
