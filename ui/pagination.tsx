import { useId } from 'react';
import { Button } from './button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { LazySelect } from './lazy-select.tsx';

/** Number of pages for `total` items, never less than 1 (an empty list is "Page 1 of 1"). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) throw new RangeError('pageSize must be positive');
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** A page number kept within 1..pageCount (a page beyond the end after a filter shrinks the list). */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** The 1-based item range a page shows: page 2 of size 10 over 64 items is 11-20; empty lists give 0-0. */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  if (total <= 0) return { first: 0, last: 0 };
  const p = clampPage(page, total, pageSize);
  return { first: (p - 1) * pageSize + 1, last: Math.min(p * pageSize, total) };
}

/** The page on which the item first shown stays visible when the page size changes. */
export function pageAfterResize(page: number, oldSize: number, newSize: number, total: number): number {
  const firstIndex = (page - 1) * oldSize;
  return clampPage(Math.floor(firstIndex / newSize) + 1, total, newSize);
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: number[];
  /** Visible strings, with English defaults; `{page}`, `{pageCount}`, `{first}`, `{last}`, `{total}` are filled in. */
  labels?: Partial<{ nav: string; previous: string; next: string; pageOf: string; showing: string; pageSize: string }>;
}

const fill = (template: string, values: Record<string, number>) => template.replace(/\{(\w+)\}/g, (w, k: string) => (k in values ? String(values[k]) : w));

/**
 * Page controls for the spec's paginated lists (page, pageSize): "Page 2 of 7", previous/next and a
 * page size choice. The page text is a live region, so a screen reader hears the new page.
 */
export function Pagination({ page, pageSize, total, onPageChange, onPageSizeChange, pageSizes = [10, 20, 50], labels = {} }: PaginationProps) {
  const id = useId();
  const pages = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  const { first, last } = pageRange(current, pageSize, total);
  const l = {
    nav: 'Pagination',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: 'Page {page} of {pageCount}',
    showing: '{first}–{last} of {total}',
    pageSize: 'Rows per page',
    ...labels,
  };
  return (
    <nav aria-label={l.nav} className="flex flex-wrap items-center justify-between gap-4 text-body text-neutral-700">
      <p className="tabular-nums">{fill(l.showing, { first, last, total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        {onPageSizeChange && (
          <LazySelect
            label={l.pageSize}
            className="mr-4 flex-row items-center gap-2"
            items={pageSizes.map((size) => ({ id: String(size) }))}
            textOf={(item) => item.id}
            selectedKey={String(pageSize)}
            onSelectionChange={(key) => {
              const next = Number(key);
              onPageSizeChange(next);
              onPageChange(pageAfterResize(current, pageSize, next, total));
            }}
          />
        )}
        <Button variant="secondary" aria-label={l.previous} isDisabled={current <= 1} onPress={() => onPageChange(current - 1)} className="px-2">
          <ChevronLeftIcon />
        </Button>
        <p id={id} aria-live="polite" className="text-center tabular-nums sm:min-w-28">
          {fill(l.pageOf, { page: current, pageCount: pages })}
        </p>
        <Button variant="secondary" aria-label={l.next} isDisabled={current >= pages} onPress={() => onPageChange(current + 1)} className="px-2">
          <ChevronRightIcon />
        </Button>
      </div>
    </nav>
  );
}
