import { useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * The staff console's own loader (features/ops/ only, until it moves to TanStack Query like the rest
 * of the browser: ADR 208). Runs `load` once per key and keeps the latest result; a stale answer never overwrites a newer one.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T> & { key: string }>({ status: 'loading', key });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'success', data, key }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error, key }),
    );
    return () => controller.abort();
    // `load` is expected to change with `key` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { status: 'loading' };
}
