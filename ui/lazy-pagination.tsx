import { lazy, Suspense, useEffect } from 'react';
import type { PaginationProps } from './pagination.tsx';

const loadPagination = () => import('./pagination.tsx');
const Loaded = lazy(async () => ({ default: (await loadPagination()).Pagination }));

/**
 * `ui/pagination`, fetched beside the list's data (ADR 140). A list shows its page controls only once
 * a page of data is there, and the controls carry a select (its list box and popover: about 40 KB
 * gzip) that nothing else on most list pages needs. So the list starts fetching them when it mounts
 * (`usePaginationPreload`), while its first page loads, and they are not in the route's first load.
 * Until they arrive, nothing is drawn in their place.
 */
export function LazyPagination(props: PaginationProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}

/** Starts fetching the page controls when the list mounts, while its first page of data loads. */
export function usePaginationPreload(): void {
  useEffect(() => {
    // Fetched ahead; a fetch that fails is tried again at the render, whose error boundary reports it.
    loadPagination().catch(() => undefined);
  }, []);
}
