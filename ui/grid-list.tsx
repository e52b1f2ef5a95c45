import {
  GridList as RACGridList,
  GridListItem as RACGridListItem,
  composeRenderProps,
  type GridListItemProps,
  type GridListProps,
} from 'react-aria-components';
import { Checkbox } from './checkbox.tsx';
import { focusRing } from './focus-ring.ts';
import { composeTailwindRenderProps, tv } from './tv.ts';

/**
 * A list whose rows hold actions (uploaded files with Remove, projects with a menu).
 * Arrow keys move between rows, Tab or Right reaches a row's buttons.
 */
export function GridList<T extends object>({ children, ...props }: GridListProps<T>) {
  return (
    <RACGridList
      {...props}
      className={composeTailwindRenderProps(props.className, 'flex w-full max-w-xl flex-col overflow-auto rounded-card border border-neutral-200 bg-neutral-0 outline-0')}
      renderEmptyState={props.renderEmptyState ?? (() => <p className="p-6 text-center text-body text-neutral-600">No files yet</p>)}
    >
      {children}
    </RACGridList>
  );
}

const itemStyles = tv({
  extend: focusRing,
  base: 'relative flex cursor-default items-center gap-3 border-b border-neutral-100 px-4 py-2.5 text-body text-neutral-900 -outline-offset-2 last:border-b-0 hover:bg-neutral-50',
  variants: {
    isSelected: { true: 'bg-brand-50 hover:bg-brand-50' },
    isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

export function GridListItem({ children, ...props }: GridListItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <RACGridListItem textValue={textValue} {...props} className={itemStyles}>
      {composeRenderProps(children, (children, { selectionMode, selectionBehavior }) => (
        <>
          {selectionMode !== 'none' && selectionBehavior === 'toggle' && <Checkbox slot="selection" />}
          {children}
        </>
      ))}
    </RACGridListItem>
  );
}
