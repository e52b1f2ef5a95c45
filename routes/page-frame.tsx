import type { ReactNode } from 'react';

/** The frame every page sits in: a skip link, the header, the main landmark and the footer. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded-control focus:bg-neutral-0 focus:px-4 focus:py-2">
        Skip to content
      </a>
      <header className="border-b border-neutral-200 bg-neutral-0">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-gutter py-3">
          <span className="text-title text-brand-700">Manufacture</span>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-gutter py-8">
        {children}
      </main>
      <footer className="border-t border-neutral-200 bg-neutral-0 py-6 text-center text-caption text-neutral-600">
        Shipping on EXW (Incoterms 2020) terms.
      </footer>
    </div>
  );
}
