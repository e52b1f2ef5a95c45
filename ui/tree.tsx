import type { ReactNode } from 'react';
import {
  Button,
  Tree as RACTree,
  TreeItem as RACTreeItem,
  TreeItemContent,
  composeRenderProps,
  type TreeItemProps as RACTreeItemProps,
  type TreeProps,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';
import { ChevronRightIcon } from './icons.tsx';
import { composeTailwindRenderProps, tv } from './tv.ts';

/**
 * A tree (a bill of materials, folders): rows that hold rows. Arrow keys move up and down, Right and
 * Left open and close a row with children, Enter performs a row's action.
 */
export function Tree<T extends object>(props: TreeProps<T>) {
  return (
    <RACTree
      {...props}
      className={composeTailwindRenderProps(props.className, 'flex w-full flex-col overflow-auto rounded-card border border-neutral-200 bg-neutral-0 py-1 outline-0')}
    />
  );
}

const itemStyles = tv({
  extend: focusRing,
  base: 'relative flex cursor-default items-center border-b border-neutral-100 px-3 py-2 text-body text-neutral-900 -outline-offset-2 last:border-b-0 hover:bg-neutral-50',
  variants: {
    isSelected: { true: 'bg-brand-50 hover:bg-brand-50' },
    isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

export interface TreeItemProps extends Omit<RACTreeItemProps, 'children'> {
  /** What the row shows. */
  title: ReactNode;
  /** Its child rows (TreeItem elements). */
  children?: ReactNode;
}

/** One row of a tree; with children, a chevron button opens and closes it (React Aria names it). */
export function TreeItem({ title, children, ...props }: TreeItemProps) {
  return (
    <RACTreeItem {...props} className={composeRenderProps(props.className, (className, rp) => itemStyles({ ...rp, className }))}>
      <TreeItemContent>
        {({ hasChildItems, isExpanded, level }) => (
          <div className="flex min-w-0 flex-1 items-center gap-2" style={{ paddingInlineStart: `${(level - 1) * 1.25}rem` }}>
            {hasChildItems ? (
              <Button slot="chevron" className="flex size-6 shrink-0 items-center justify-center rounded text-neutral-700 outline-0 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-focus">
                <ChevronRightIcon className={`size-4 transition-transform motion-reduce:transition-none ${isExpanded ? 'rotate-90' : ''}`} />
              </Button>
            ) : (
              <span aria-hidden className="size-6 shrink-0" />
            )}
            <div className="min-w-0 flex-1">{title}</div>
          </div>
        )}
      </TreeItemContent>
      {children}
    </RACTreeItem>
  );
}
