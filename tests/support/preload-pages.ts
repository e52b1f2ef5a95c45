/** The first transform of some forty pages takes longer than a hook's default 10 s under load. */
export const PRELOAD_PAGES_TIMEOUT_MS = 180_000;

/**
 * The route pages are lazily loaded chunks (routes/app.tsx, ADR 128). A test that renders
 * `AppRoutes` calls `beforeAll(preloadPages, PRELOAD_PAGES_TIMEOUT_MS)`, so each test waits for its
 * page's content and not for the first transform of a page module (which a loaded machine can
 * stretch past a query's timeout).
 */
export async function preloadPages(): Promise<void> {
  await Promise.all(Object.values(import.meta.glob('../../routes/pages/*.tsx')).map((load) => load()));
}
