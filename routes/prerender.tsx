import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PRERENDERED_PAGES } from '#domain/rules/prerendered-pages';
import { createTranslator } from '#lib/i18n/i18n';
import { COOKIE_ACCEPTED_VALUE, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { App, ROUTER_BASE, preloadPage } from './app.tsx';
import { pageTexts } from './page-meta.ts';
import { PrerenderContext } from './prerender-context.ts';
import { ROUTES } from './route-table.ts';

export interface RenderedPage {
  file: string;
  /** The markup of `#root`'s children. */
  html: string;
  title: string;
  description: string;
}

/** A session that is still loading: the prerendered screen is the same for every visitor. */
const loadingSession = new Promise<never>(() => {});

/**
 * The build's server-side entry (ADR 141): the quote page's first screen as HTML, for each page of
 * `PRERENDERED_PAGES`, rendered by the app's own components as the browser's first render draws
 * it: the page's chunk is fetched first (no "Loading page…"), the workspace is not (the drop zone,
 * as the workspace's Suspense fallback), the session is loading (the account links hold their place)
 * and the cookie banner is there unless the page is the consented one.
 */
export async function renderPrerenderedPages(): Promise<RenderedPage[]> {
  await preloadPage('quote');
  const route = ROUTES.find((r) => r.page === 'quote');
  const translate = createTranslator();
  const { title, description } = pageTexts(route, translate);
  const pages: RenderedPage[] = [];
  for (const page of PRERENDERED_PAGES) {
    if (page.consented) storage.set(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
    else storage.remove(STORAGE_KEYS.cookieAccepted);
    const html = renderToString(
      <StrictMode>
        <PrerenderContext.Provider value={true}>
          <App session={loadingSession} ssrPath={`${ROUTER_BASE}/${page.url}`} />
        </PrerenderContext.Provider>
      </StrictMode>,
    );
    // preload() does not reject (a browser fetches again at the render): a build that could not load
    // the page must not ship its "Loading page…" as the first screen.
    if (html.includes(translate('app.pageLoading'))) throw new Error(`prerender: ${page.file} rendered its loading state, not the page`);
    pages.push({ file: page.file, html, title, description });
  }
  storage.remove(STORAGE_KEYS.cookieAccepted);
  return pages;
}
