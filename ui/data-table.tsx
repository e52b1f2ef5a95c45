import { Fragment, type ReactNode } from 'react';
import { tv, twMerge } from './tv.ts';

/** Where a column's content sits: `end` for amounts and quantities, so digits line up (with tabular figures). */
export type ColumnAlign = 'start' | 'end';

/**
 * A list to read (orders, transactions, coupons): an HTML table, no script of its own (ADR 269).
 * A screen reader's table commands move through its cells and read each cell's column; the
 * keyboard reaches what its cells hold (a link, a button) with Tab, and the box it scrolls in when
 * it is wider than the screen (WCAG 1.4.10, 2.1.1): a group named as the table, not a landmark (a
 * region would repeat the name of the section around a list named by its heading). Rows chosen
 * with boxes hold a `ui/checkbox.tsx` in a cell of their own (the quote's parts table, ADR 274).
 */
export function DataTable({ children, className, ...label }: { children: ReactNode; className?: string } & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable box must be focusable (WCAG 2.1.1)
    <div {...label} role="group" tabIndex={0} className="max-w-full overflow-x-auto rounded-card border border-neutral-200 bg-neutral-0 outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
      <table {...label} className={twMerge('w-full border-separate border-spacing-0 text-body', className)}>
        {children}
      </table>
    </div>
  );
}

/** The header row: its columns as `DataColumn`s. */
export function DataTableHeader({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-neutral-50">
      <tr>{children}</tr>
    </thead>
  );
}

const columnStyles = tv({
  base: 'border-b border-neutral-200 px-4 py-2 text-start text-caption font-semibold text-neutral-700',
  variants: { align: { start: '', end: 'text-end' } },
});

/** A column's heading; `end` for numbers (money, quantities), with its cells' `align` the same. */
export function DataColumn({ children, align = 'start' }: { children: ReactNode; align?: ColumnAlign }) {
  return (
    <th scope="col" className={columnStyles({ align })}>
      {children}
    </th>
  );
}

export interface DataTableBodyProps<T extends { id: string }> {
  items: readonly T[];
  /** A row for one item: a `DataRow`. */
  children: (item: T) => ReactNode;
  /** How many columns the header has: the loading and empty rows span them. */
  columnCount: number;
  /** A loading row (a progress bar) instead of the empty state while the first page loads. */
  isLoading?: boolean;
  loadingLabel?: string;
  /** What an empty table says; an EmptyState fits here. */
  emptyState?: ReactNode;
}

export function DataTableBody<T extends { id: string }>({ items, children, columnCount, isLoading = false, loadingLabel = 'Loading…', emptyState = 'No results' }: DataTableBodyProps<T>) {
  if (items.length > 0) {
    return (
      <tbody>
        {items.map((item) => (
          <Fragment key={item.id}>{children(item)}</Fragment>
        ))}
      </tbody>
    );
  }
  return (
    <tbody>
      <tr>
        <td colSpan={columnCount}>
          {isLoading ? (
            <div role="progressbar" aria-label={loadingLabel} className="flex items-center justify-center gap-2 p-6 text-neutral-600">
              <span aria-hidden className="size-4 rounded-full border-2 border-brand-600 border-r-transparent motion-safe:animate-spin" />
              {loadingLabel}
            </div>
          ) : (
            <div className="p-6 text-center text-neutral-600">{emptyState}</div>
          )}
        </td>
      </tr>
    </tbody>
  );
}

export function DataRow({ children }: { children: ReactNode }) {
  return <tr className="text-neutral-900 hover:bg-neutral-50">{children}</tr>;
}

const cellStyles = tv({
  base: 'border-b border-neutral-100 px-4 py-2.5 text-start font-normal',
  variants: { align: { start: '', end: 'text-end tabular-nums' } },
});

export interface DataCellProps {
  children?: ReactNode;
  /** `end` for numbers, matching its column's `align`: right-aligned, in tabular figures. */
  align?: ColumnAlign;
  /** The cell that names its row (an order's number): read before each of the row's other cells. */
  isRowHeader?: boolean;
  className?: string;
}

export function DataCell({ children, align = 'start', isRowHeader = false, className }: DataCellProps) {
  const classes = cellStyles({ align, className });
  return isRowHeader ? (
    <th scope="row" className={classes}>
      {children}
    </th>
  ) : (
    <td className={classes}>{children}</td>
  );
}
