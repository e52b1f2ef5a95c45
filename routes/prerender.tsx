import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import { PRERENDERED_PAGES, type PrerenderedPage } from '#domain/rules/prerendered-pages';
import { createTranslator } from '#lib/i18n/i18n';
import { COOKIE_ACCEPTED_VALUE, STORAGE_KEYS, storage } from '#lib/storage/storage';
import { sessionMachine } from '#machines/session-machine';
import { App, ROUTER_BASE, preloadPage } from './app.tsx';
import { pageTexts } from './page-meta.ts';
import { PrerenderContext } from './prerender-context.ts';
import { ROUTES, guardReadsSession, type RouteDef } from './route-table.ts';

/**
 * A page of `PRERENDERED_PAGES` rendered: its file, its page (named on `#root`, `data-prerendered`,
 * so the app waits for that page's chunk) and whether its HTML names the early-files script.
 */
export interface RenderedPage extends Pick<PrerenderedPage, 'file' | 'page' | 'takesFiles'> {
  /** The markup of `#root`'s children. */
  html: string;
  title: string;
  description: string;
}

/** A session that is still loading: the prerendered screen is the same for every visitor. */
const loadingSession = new Promise<never>(() => {});

/**
 * For a page whose guard reads the session (log in: its guard and its form, which in the browser the
 * app's first render waits for, routes/main.tsx): a visitor with no token, never started, so nothing
 * is asked of the server. The header still holds the account links' place, unseen
 * (PrerenderContext), as on the quote page.
 */
const signedOutSession = () => createActor(sessionMachine, { input: { token: null, tokenTtlMs: null, tempToken: null } });

/**
 * For a page only a signed-in visitor sees (the checkout, ADR 243; the account pages, ADR 267): a
 * session holding a token whose account is still loading, never started, so nothing is asked of the
 * server. In the browser the app's first render waits for the session: a visitor with a token sees
 * that same frame, one without goes to the log-in page.
 */
const signedInSession = () => createActor(sessionMachine, { input: { token: 'prerendered', tokenTtlMs: 60_000, tempToken: null } });

function sessionFor(route: RouteDef) {
  if (route.access === 'login') return signedInSession();
  return guardReadsSession(route) ? signedOutSession() : loadingSession;
}

/**
 * The build's server-side entry (ADR 141, 235, 243, 244, 267): the first screens of the quote, log-in,
 * sign-up, checkout and account pages as HTML, for each page of `PRERENDERED_PAGES`, rendered by the app's own
 * components as the browser's first render draws them: the page's chunk is fetched first (no
 * "Loading page…"), the quote page's workspace is not (the drop zone, as the workspace's Suspense
 * fallback), the session is loading (log in: a visitor with no token; the checkout: one with a
 * token whose account is loading; sign up reads none; the account links hold their place either way) and the cookie
 * banner is there unless the page is the consented one.
 */
export async function renderPrerenderedPages(): Promise<RenderedPage[]> {
  const translate = createTranslator();
  const pages: RenderedPage[] = [];
  for (const page of PRERENDERED_PAGES) {
    await preloadPage(page.page);
    const route = ROUTES.find((r) => r.page === page.page);
    if (!route) throw new Error(`prerender: no route draws the page "${page.page}"`);
    const { title, description } = pageTexts(route, translate);
    if (page.consented) storage.set(STORAGE_KEYS.cookieAccepted, COOKIE_ACCEPTED_VALUE);
    else storage.remove(STORAGE_KEYS.cookieAccepted);
    const html = renderToString(
      <StrictMode>
        <PrerenderContext.Provider value={true}>
          <App session={sessionFor(route)} ssrPath={`${ROUTER_BASE}/${page.url}`} />
        </PrerenderContext.Provider>
      </StrictMode>,
    );
    // preload() does not reject (a browser fetches again at the render): a build that could not load
    // the page must not ship its "Loading page…" as the first screen.
    if (html.includes(translate('app.pageLoading'))) throw new Error(`prerender: ${page.file} rendered its loading state, not the page`);
    pages.push({ file: page.file, page: page.page, takesFiles: page.takesFiles, html, title, description });
  }
  storage.remove(STORAGE_KEYS.cookieAccepted);
  return pages;
}
