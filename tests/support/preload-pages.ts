/** The first transform of some forty pages takes longer than a hook's default 10 s under load. */
export const PRELOAD_PAGES_TIMEOUT_MS = 180_000;

/**
 * The route pages are lazily loaded chunks (routes/app.tsx, ADR 128), as are the sign-in dialog the
 * quote page opens on a 401 and the quote's workspace (fetched at the first sign, ADR 260). A test
 * that renders `AppRoutes` calls `beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS)`, so each test
 * waits for its page's content and not for the first transform of those modules (which a loaded
 * machine can stretch past a query's timeout).
 */
export async function preloadPages(): Promise<void> {
  const modules = import.meta.glob(['../../routes/pages/*.tsx', '../../routes/session-sign-in-dialog.tsx', '../../features/quote/components/quote-workspace-view.tsx']);
  await Promise.all(Object.values(modules).map((load) => load()));
}
