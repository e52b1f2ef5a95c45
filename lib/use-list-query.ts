import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '#domain/rules/paging-rules';
import { useT } from './i18n/i18n.tsx';

export interface ListQuery<K extends string> {
  page: number;
  pageSize: number;
  /** The list's own parameters (a search, a filter), '' when absent. */
  values: Readonly<Record<K, string>>;
  /**
   * Changes some parameters; `null` or '' removes one. A change of anything but the page goes back
   * to page 1. Each change is a history entry (Back returns to the previous page of the list),
   * unless `replace`.
   */
  set(changes: Partial<Record<K | 'page' | 'pageSize', string | number | null>>, options?: { replace?: boolean }): void;
  /** Props for `ui/pagination`: a new page size and the page it lands on become one change of the address. */
  pagination: { page: number; pageSize: number; onPageChange(page: number): void; onPageSizeChange(pageSize: number): void };
}

function whole(text: string | null, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/**
 * A paged list's state kept in the address (`?page=2&pageSize=20&q=bracket`), so a reload, a shared
 * link or Back shows the same page. Out-of-range numbers read as the defaults.
 */
export function useListQuery<K extends string>(keys: readonly K[]): ListQuery<K> {
  const [params, setParams] = useSearchParams();
  const page = whole(params.get('page'), 1, MAX_PAGE);
  const pageSize = whole(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const joined = keys.join('\u0000');
  const values = useMemo(
    () => Object.fromEntries(joined.split('\u0000').map((k) => [k, params.get(k) ?? ''])) as Record<K, string>,
    [params, joined],
  );
  const set = useCallback<ListQuery<K>['set']>(
    (changes, options) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize');
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  // Pagination reports a new size, then the page it lands on, in one event: send them together.
  const pendingSize = useRef<number | null>(null);
  const pagination = useMemo(
    () => ({
      page,
      pageSize,
      onPageSizeChange: (size: number) => {
        pendingSize.current = size;
      },
      onPageChange: (next: number) => {
        const size = pendingSize.current;
        pendingSize.current = null;
        // Only the paging keys: TypeScript cannot see that they fit a record over the generic K.
        set((size ? { page: next, pageSize: size } : { page: next }) as Partial<Record<K | 'page' | 'pageSize', number>>);
      },
    }),
    [page, pageSize, set],
  );
  return { page, pageSize, values, set, pagination };
}

/** The catalogue's words for `ui/pagination` (its templates are filled by the component). */
export function usePaginationLabels() {
  const t = useT();
  return useMemo(
    () => ({
      nav: t('pagination.label'),
      previous: t('pagination.previous'),
      next: t('pagination.next'),
      pageOf: t.raw('pagination.pageOf'),
      showing: t.raw('pagination.showing'),
      pageSize: t('pagination.pageSize'),
    }),
    [t],
  );
}
