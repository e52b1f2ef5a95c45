import type { ReactNode } from 'react';
import { CookieBanner } from '#features/consent/components/cookie-banner';
import { STORAGE_KEYS, storage } from '#lib/storage/storage';
import { isSignedIn, useSessionOr } from '#machines/session-context';
import { useT } from '#lib/i18n/i18n';
import { Link } from '#ui/link';
import { usePrerendering } from './prerender-context.ts';

/** The frame every page sits in: a skip link, the header with navigation, the main landmark and the footer. */
export function PageFrame({ children, width = 'wide' }: { children: ReactNode; width?: 'wide' | 'narrow' }) {
  // While the session loads: signed in when a token is stored, as the session will start (ADR 139).
  const signedIn = useSessionOr(isSignedIn, storage.get(STORAGE_KEYS.token) !== null);
  const user = useSessionOr((s) => s.context.user, null);
  const t = useT();
  const accountName = user?.username || user?.firstName;
  // Prerendered for every visitor (ADR 141): the account links hold their place, unseen, until the app knows who is here.
  const prerendering = usePrerendering();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-neutral-0 focus:px-4 focus:py-2"
      >
        {t('app.skipToContent')}
      </a>
      <CookieBanner onAccepted={() => document.getElementById('main')?.focus()} />
      <header className="border-b border-neutral-200 bg-neutral-0">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-gutter py-3">
          <Link href="/quote" variant="quiet" className="text-title text-brand-700">
            {t('app.name')}
          </Link>
          <nav aria-label={t('app.nav.main')}>
            <ul role="list" className="flex flex-wrap items-center gap-4">
              <li>
                <Link href="/quote" variant="quiet">
                  {t('app.nav.quote')}
                </Link>
              </li>
              {prerendering ? (
                <li aria-hidden="true" className="invisible flex gap-4">
                  <span>{t('app.nav.logIn')}</span>
                  <span>{t('app.nav.signUp')}</span>
                </li>
              ) : signedIn ? (
                <>
                  <li>
                    <Link href="/user/home" variant="quiet">
                      {accountName ? t('app.nav.accountOf', { name: accountName }) : t('app.nav.account')}
                    </Link>
                  </li>
                  <li>
                    <Link href="/clearToken" variant="quiet">
                      {t('app.nav.logOut')}
                    </Link>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link href="/login" variant="quiet">
                      {t('app.nav.logIn')}
                    </Link>
                  </li>
                  <li>
                    <Link href="/signup" variant="quiet">
                      {t('app.nav.signUp')}
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`mx-auto w-full flex-1 px-gutter py-8 outline-0 ${width === 'narrow' ? 'max-w-lg' : 'max-w-6xl'}`}>
        {children}
      </main>
      <footer className="border-t border-neutral-200 bg-neutral-0 py-6 text-caption text-neutral-600">
        <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-4 px-gutter">
          <p>{t('app.footer.exw')}</p>
          <p className="flex flex-wrap gap-4">
            <Link href="/contact-us" variant="secondary">
              {t('app.footer.contact')}
            </Link>
            <Link href="/terms-of-use" variant="secondary">
              {t('app.footer.terms')}
            </Link>
            <Link href="/terms-of-use?tab=privacy-policy" variant="secondary">
              {t('app.footer.privacy')}
            </Link>
          </p>
        </div>
      </footer>
    </div>
  );
}

/** A page's heading block. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-headline">{title}</h1>
      {children && <div className="mt-2 text-neutral-600">{children}</div>}
    </div>
  );
}
