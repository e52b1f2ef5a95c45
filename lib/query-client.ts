import { QueryClient } from '@tanstack/react-query';

/**
 * The browser's cache of server state (issue 37 item 4, ADR 208). One per app (routes/server-state.tsx,
 * ADR 259), one per story (.storybook/preview.tsx) and per test (tests/support/query-client.tsx), so no
 * answer leaks from one to the next.
 *
 * - `retry: false`: a failure is shown at once, with its Try again button (`lib/api/retry.ts`
 *   already repeats a GET once when the connection dropped or the balancer answered 502/503).
 * - `staleTime: 0`: a screen that mounts asks again (as before), drawing the answer it had meanwhile;
 *   what a mutation changes is invalidated by its keys (`lib/query-keys.ts`), so it is fresh on
 *   every screen that shows it.
 * - `refetchOnWindowFocus: false`: no request the visitor did not cause by opening or changing a
 *   screen (the screens asked once per mount before, and tests count on it).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
