import type { ReactNode } from 'react';
import {
  Cell as RACCell,
  Collection,
  Column as RACColumn,
  ProgressBar,
  Row as RACRow,
  Table as RACTable,
  TableBody as RACTableBody,
  TableHeader as RACTableHeader,
  composeRenderProps,
  type CellProps,
  type ColumnProps,
  type RowProps,
  type TableBodyProps as RACTableBodyProps,
  type TableHeaderProps,
  type TableProps,
  useTableOptions,
} from 'react-aria-components';
import { Checkbox } from './checkbox.tsx';
import { focusRing } from './focus-ring.ts';
import { SortIcon } from './icons.tsx';
import { composeTailwindRenderProps, tv } from './tv.ts';

/** A data table (orders, transactions). Arrow keys move between cells; sortable columns sort on Enter. */
export function Table(props: TableProps) {
  return (
    <div className="max-w-full overflow-auto rounded-card border border-neutral-200 bg-neutral-0">
      <RACTable {...props} className={composeTailwindRenderProps(props.className, 'w-full border-separate border-spacing-0 text-body')} />
    </div>
  );
}

/**
 * The header row; a table whose rows are chosen with checkboxes (`selectionMode` with the `toggle`
 * behaviour) gets a first column with the "select all" box (React Aria names it).
 */
export function TableHeader<T extends object>({ columns, children, ...props }: TableHeaderProps<T>) {
  const { selectionBehavior, selectionMode } = useTableOptions();
  return (
    <RACTableHeader {...props} className={composeTailwindRenderProps(props.className, 'bg-neutral-50')}>
      {selectionBehavior === 'toggle' && (
        <RACColumn className="w-10 border-b border-neutral-200 px-4 py-2 text-start">{selectionMode === 'multiple' && <Checkbox slot="selection" />}</RACColumn>
      )}
      <Collection items={columns}>{children}</Collection>
    </RACTableHeader>
  );
}

const columnStyles = tv({
  extend: focusRing,
  base: 'border-b border-neutral-200 px-4 py-2 text-start text-caption font-semibold text-neutral-700 -outline-offset-2 cursor-default',
  variants: {
    allowsSorting: { true: 'hover:bg-neutral-100' },
    align: { start: '', end: 'text-end' },
  },
});

/** Where a column's content sits: `end` for amounts and quantities, so digits line up (with tabular figures). */
export type ColumnAlign = 'start' | 'end';

export interface TableColumnProps extends ColumnProps {
  children: ReactNode;
  /** `end` for numbers (money, quantities): right-aligned in left-to-right text. Give its cells the same `align`. */
  align?: ColumnAlign;
}

export function Column({ children, align = 'start', ...props }: TableColumnProps) {
  return (
    <RACColumn {...props} className={composeRenderProps(props.className, (className, rp) => columnStyles({ ...rp, align, className }))}>
      {({ allowsSorting, sortDirection }) => (
        <span className={align === 'end' ? 'flex items-center justify-end gap-1' : 'flex items-center gap-1'}>
          {children}
          {allowsSorting && (
            <span className={sortDirection ? 'text-neutral-900' : 'text-neutral-500'}>
              <SortIcon direction={sortDirection} className="size-3.5" />
            </span>
          )}
        </span>
      )}
    </RACColumn>
  );
}

export interface TableBodyProps<T extends object> extends Omit<RACTableBodyProps<T>, 'renderEmptyState'> {
  /** Shows a loading row (with a progress bar) instead of the empty state while the first page loads. */
  isLoading?: boolean;
  loadingLabel?: string;
  /** What an empty table says; an EmptyState fits here. */
  emptyState?: ReactNode;
}

export function TableBody<T extends object>({ isLoading, loadingLabel = 'Loading…', emptyState = 'No results', ...props }: TableBodyProps<T>) {
  return (
    <RACTableBody
      {...props}
      renderEmptyState={() =>
        isLoading ? (
          <ProgressBar aria-label={loadingLabel} isIndeterminate className="flex items-center justify-center gap-2 p-6 text-neutral-600">
            <span aria-hidden className="size-4 rounded-full border-2 border-brand-600 border-r-transparent motion-safe:animate-spin" />
            {loadingLabel}
          </ProgressBar>
        ) : (
          <div className="p-6 text-center text-neutral-600">{emptyState}</div>
        )
      }
    />
  );
}

const rowStyles = tv({
  extend: focusRing,
  base: 'text-neutral-900 -outline-offset-2 hover:bg-neutral-50',
  variants: { isSelected: { true: 'bg-brand-50' } },
});

/** A row; in a table whose rows are chosen with checkboxes, its first cell holds its box. */
export function Row<T extends object>({ columns, children, ...props }: RowProps<T>) {
  const { selectionBehavior } = useTableOptions();
  return (
    <RACRow {...props} className={composeRenderProps(props.className, (className, rp) => rowStyles({ ...rp, className }))}>
      {selectionBehavior === 'toggle' && (
        <RACCell className="border-b border-neutral-100 px-4 py-2.5 align-top">
          <Checkbox slot="selection" />
        </RACCell>
      )}
      <Collection items={columns}>{children}</Collection>
    </RACRow>
  );
}

const cellStyles = tv({
  extend: focusRing,
  base: 'border-b border-neutral-100 px-4 py-2.5 -outline-offset-2',
  variants: { align: { start: '', end: 'text-end tabular-nums' } },
});

export interface TableCellProps extends CellProps {
  /** `end` for numbers, matching its column's `align`: right-aligned, in tabular figures. */
  align?: ColumnAlign;
}

export function Cell({ align = 'start', ...props }: TableCellProps) {
  return <RACCell {...props} className={composeRenderProps(props.className, (className, rp) => cellStyles({ ...rp, align, className }))} />;
}
