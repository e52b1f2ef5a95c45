import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { UserInfo } from '#domain/api/account';
import { useT, type MessageKey } from '#lib/i18n/i18n';
import { useSession } from '#machines/session-context';
import { Button } from '#ui/button';
import { ChevronDownIcon } from '#ui/icons';
import { Link } from '#ui/link';
import { ACCOUNT_NAV, ACCOUNT_ROUTES_NAV, currentNavEntry } from '../account-nav.ts';
import { PageFrame, PageTitle } from '../page-frame.tsx';
import type { RouteDef } from '../route-table.ts';

/**
 * The frame of every account page: the account navigation beside the page's content, the page's
 * own title as its heading. The current page is marked (`aria-current="page"`; a page without its
 * own entry marks the entry it belongs under). On a narrow screen the navigation folds behind a
 * button that names the current page, so nothing scrolls sideways at 320 px.
 */
export function AccountFrame({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const current = currentNavEntry(location);
  const currentTitle = ACCOUNT_ROUTES_NAV.find((item) => item.href === current?.href)?.title ?? title;
  return (
    <PageFrame>
      <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label={t('account.nav')} className="min-w-0">
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={listId}
            onPress={() => setOpen((o) => !o)}
            className="flex w-full justify-between md:hidden"
          >
            <span>{t('account.navToggle', { page: t(currentTitle) })}</span>
            <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </Button>
          <div id={listId} className={`${open ? 'flex' : 'hidden'} mt-3 flex-col gap-4 md:mt-0 md:flex`}>
            {ACCOUNT_NAV.map((group) => {
              const groupId = `${listId}-${group.label}`;
              return (
                <div key={group.label} className="flex flex-col gap-1">
                  <p id={groupId} className="px-2 text-caption font-medium uppercase tracking-wide text-neutral-600">
                    {t(group.label)}
                  </p>
                  <ul role="list" aria-labelledby={groupId} className="flex flex-col gap-0.5">
                    {group.items.map((item) => {
                      const here = current?.href === item.href;
                      return (
                        <li key={item.href}>
                          <Link
                            href={item.href}
                            variant="quiet"
                            onPress={() => setOpen(false)}
                            aria-current={here ? (current?.exact ? 'page' : 'true') : undefined}
                            className="block rounded px-2 py-1 aria-[current]:bg-brand-50 aria-[current]:font-semibold forced-colors:aria-[current]:outline forced-colors:aria-[current]:outline-1"
                          >
                            {t(item.title)}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              );
            })}
          </div>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </PageFrame>
  );
}

/**
 * An account page of the route table: the frame, the route's title with what the page is for, then
 * the screen. Given a function, the screen waits for the account record (a status line until then).
 */
export function AccountPage({ route, children }: { route: RouteDef; children: ReactNode | ((user: UserInfo) => ReactNode) }) {
  const t = useT();
  const user = useSession((s) => s.context.user);
  return (
    <AccountFrame title={route.title}>
      <PageTitle title={t(route.title)}>{route.summary && t(route.summary, route.summaryParams)}</PageTitle>
      {typeof children !== 'function' ? children : user ? children(user) : <p role="status">{t('account.loading')}</p>}
    </AccountFrame>
  );
}
