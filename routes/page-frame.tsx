import type { ReactNode } from 'react';
import { isSignedIn, useSession } from '#machines/session-context';
import { Link } from '#ui/link';

/** The frame every page sits in: a skip link, the header with navigation, the main landmark and the footer. */
export function PageFrame({ children, width = 'wide' }: { children: ReactNode; width?: 'wide' | 'narrow' }) {
  const signedIn = useSession(isSignedIn);
  const user = useSession((s) => s.context.user);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-control focus:bg-neutral-0 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-neutral-200 bg-neutral-0">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-gutter py-3">
          <Link href="/quote" variant="quiet" className="text-title text-brand-700">
            Manufacture
          </Link>
          <nav aria-label="Main">
            <ul className="flex flex-wrap items-center gap-4">
              <li>
                <Link href="/quote" variant="quiet">
                  Instant quote
                </Link>
              </li>
              {signedIn ? (
                <>
                  <li>
                    <Link href="/user/home" variant="quiet">
                      {user?.username || user?.firstName ? `My account (${user.username || user.firstName})` : 'My account'}
                    </Link>
                  </li>
                  <li>
                    <Link href="/clearToken" variant="quiet">
                      Log out
                    </Link>
                  </li>
                </>
              ) : (
                <>
                  <li>
                    <Link href="/login" variant="quiet">
                      Log in
                    </Link>
                  </li>
                  <li>
                    <Link href="/signup" variant="quiet">
                      Sign up
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
          <p>Parts ship on EXW (Incoterms 2020) terms: you choose the carrier and pay shipping and import duties.</p>
          <p className="flex gap-4">
            <Link href="/terms-of-use" variant="secondary">
              Terms of use
            </Link>
            <Link href="/terms-of-use?tab=privacy-policy" variant="secondary">
              Privacy policy
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
