import type { ReactNode } from 'react';

export interface AppShellProps {
  /** The header's content (logo, account menu). */
  header: ReactNode;
  /** Primary navigation links; put inside a `nav` named by `navigationLabel`. */
  navigation?: ReactNode;
  navigationLabel?: string;
  footer?: ReactNode;
  children: ReactNode;
  skipLinkLabel?: string;
  /** Id of the main landmark (the skip link's target). */
  mainId?: string;
}

/**
 * The page frame: a skip link (first Tab stop, visible on focus), header and navigation landmarks,
 * the main landmark (focusable, so the skip link moves focus there), and the footer.
 */
export function AppShell({ header, navigation, navigationLabel = 'Main', footer, children, skipLinkLabel = 'Skip to main content', mainId = 'main' }: AppShellProps) {
  return (
    <div className="flex min-h-full flex-col bg-neutral-50">
      <a
        href={`#${mainId}`}
        className="sr-only z-50 rounded-control bg-neutral-0 px-4 py-2 text-body font-medium text-brand-700 outline-2 outline-offset-2 outline-focus focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline"
      >
        {skipLinkLabel}
      </a>
      <header className="border-b border-neutral-200 bg-neutral-0">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-gutter py-3">
          {header}
          {navigation && (
            <nav aria-label={navigationLabel} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-body">
              {navigation}
            </nav>
          )}
        </div>
      </header>
      <main id={mainId} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-gutter py-8 outline-0">
        {children}
      </main>
      {footer && (
        <footer className="border-t border-neutral-200 bg-neutral-0">
          <div className="mx-auto max-w-6xl px-gutter py-4 text-caption text-neutral-600">{footer}</div>
        </footer>
      )}
    </div>
  );
}
