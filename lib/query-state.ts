import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/** What a screen draws for server state: waiting, the answer, or why not (ADR 208). */
export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * A query as a screen draws it: loading until its first answer and while a failed one is tried
 * again (the Try again button shows the loading state, as it always did), then its data or its
 * error. A refetch of an answer already drawn keeps it on screen until the new one arrives.
 */
export function asyncState<T>(query: UseQueryResult<T>): AsyncState<T> {
  if (query.status === 'success') return { status: 'success', data: query.data };
  if (query.status === 'error' && !query.isFetching) return { status: 'error', error: query.error };
  return { status: 'loading' };
}

/**
 * `asyncState` for a list the screen draws whole (a table's rows): its answer is drawn in a render
 * of its own that React slices and may interrupt (`useDeferredValue`), not in the task that received
 * it. The cache of server state tells React of an answer through `useSyncExternalStore`, whose
 * renders are never sliced: a table's rows drawn in that task held the main thread for 148–230 ms
 * at a phone's CPU (ADR 268). The screen shows its loading row until that render is done;
 * loading and failing are drawn at once.
 */
export function useDeferredAsyncState<T>(query: UseQueryResult<T>): AsyncState<T> {
  const failed = query.status === 'error' && !query.isFetching;
  // One object per answer, so the deferred value changes only when what is drawn does.
  const state = useMemo(() => asyncState(query), [query.status, query.data, query.error, failed]); // eslint-disable-line react-hooks/exhaustive-deps
  const deferred = useDeferredValue(state);
  // Only an answer that ends a wait (the loading row, a failure) waits for that render. A list asked
  // again (another page, a filter) says so at once, and an answer that replaces another is drawn as
  // before: old rows are never shown again once the screen said it was loading.
  return state.status === 'success' && deferred.status !== 'success' ? deferred : state;
}
