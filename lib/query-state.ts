import type { UseQueryResult } from '@tanstack/react-query';

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
