import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { DEFAULT_PAGE_SIZE } from '#domain/rules/paging-rules';

/** The page sizes a list offers (the Pagination control's choices). */
export const PAGE_SIZES = [10, 20, 50] as const;

function wholeAtLeastOne(raw: string | null): number | null {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/**
 * One query parameter of the page's address as state: the list's page, a tab, a filter. Changing it
 * adds a history entry (Back returns to the previous page of the list); the default is left out of
 * the address. `resets` names parameters that go back to their default when this one changes (a new
 * filter starts at page 1).
 */
export function useUrlParam<T extends string>(name: string, allowed: readonly T[], fallback: T, resets: readonly string[] = []): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const value = paramValue(params, name, allowed, fallback);
  const set = useCallback((next: T) => setParams((prev) => withParam(prev, name, next, fallback, resets)), [setParams, name, fallback, resets]);
  return [value, set];
}

/** The parameter `name` of `params` when it is one of `allowed`, else `fallback`. */
function paramValue<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const raw = params.get(name);
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** `params` with `name` set to `value` (left out when it is the default) and `resets` left out. */
function withParam(params: URLSearchParams, name: string, value: string, fallback: string, resets: readonly string[]): URLSearchParams {
  const copy = new URLSearchParams(params);
  if (value === fallback) copy.delete(name);
  else copy.set(name, value);
  for (const key of resets) copy.delete(key);
  return copy;
}

/**
 * `useUrlParam` for views that are links (ui/tab-links.tsx, ADR 271): the value in the address, and
 * the address of each value (this page's path with the parameter set, `resets` left out).
 */
export function useUrlParamLinks<T extends string>(name: string, allowed: readonly T[], fallback: T, resets: readonly string[] = []): [T, (value: T) => string] {
  const [params] = useSearchParams();
  const [path] = useLocation();
  const value = paramValue(params, name, allowed, fallback);
  const href = (next: T) => {
    const search = withParam(params, name, next, fallback, resets).toString();
    return search ? `${path}?${search}` : path;
  };
  return [value, href];
}

export interface UrlPaging {
  page: number;
  pageSize: number;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
}

/** A list's `page` and `pageSize` kept in the address (spec section 3: page, pageSize), so a reload or a shared link shows the same page. */
export function useUrlPaging(): UrlPaging {
  const [params, setParams] = useSearchParams();
  const page = wholeAtLeastOne(params.get('page')) ?? 1;
  const sized = wholeAtLeastOne(params.get('pageSize'));
  const pageSize = sized !== null && (PAGE_SIZES as readonly number[]).includes(sized) ? sized : DEFAULT_PAGE_SIZE;
  const update = useCallback(
    (key: 'page' | 'pageSize', value: number, fallback: number) =>
      setParams((prev) => {
        const copy = new URLSearchParams(prev);
        if (value === fallback) copy.delete(key);
        else copy.set(key, String(value));
        return copy;
      }),
    [setParams],
  );
  return {
    page,
    pageSize,
    setPage: useCallback((p: number) => update('page', p, 1), [update]),
    setPageSize: useCallback((s: number) => update('pageSize', s, DEFAULT_PAGE_SIZE), [update]),
  };
}
