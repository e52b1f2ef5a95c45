import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component whose code is a chunk of its own, with a way to fetch it ahead of its first render. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /**
   * Fetches the chunk now. Resolves when it is there or could not be fetched: a failed fetch is
   * tried again at the render, whose error boundary reports it (so nothing is left unhandled).
   */
  preload: () => Promise<void>;
};

/**
 * A component loaded from its own chunk (ADR 142). Until the chunk is there, a mount suspends, as
 * `React.lazy`. Once it is there (fetched by `preload` or by an earlier mount), a new mount draws
 * the component at once: React does not show the nearest Suspense fallback, and so does not hold
 * the content back behind its reveal throttle (up to 300 ms after the last fallback shown anywhere
 * on the page). Each mount keeps the way it began: one mounted lazily is not remounted when the
 * chunk arrives.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchComponent = async (): Promise<ComponentType<P>> => (loaded = await whenOnline(load));
  const Lazy = lazy(async () => ({ default: await fetchComponent() }));
  function Loaded(props: P) {
    const [ready] = useState(() => loaded);
    return createElement((ready ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(Loaded, {
    preload: () =>
      fetchComponent().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/**
 * Fetches a chunk; one that could not be fetched because the browser is offline (a phone between
 * two networks) is fetched again once it is back online, as often as that happens, instead of
 * failing: the Suspense fallback stays meanwhile, and the page, with the files dropped on it, is
 * kept. Without that, a customer offline at the first drop lost the quote page to "Unknown error"
 * (the configurator's chunk is fetched at the first input). A chunk that fails while the browser is
 * online fails as before (the error boundary offers a reload). Chromium fetches a module again after
 * a failed dynamic import; a browser that remembers the failure fails again, as before.
 */
export async function whenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (typeof navigator === 'undefined' || navigator.onLine !== false) throw error;
      await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
    }
  }
}
