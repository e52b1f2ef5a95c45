import {
  Menu as RACMenu,
  MenuItem as RACMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  composeRenderProps,
  type MenuItemProps,
  type MenuProps as RACMenuProps,
} from 'react-aria-components';
import { dropdownItemStyles, dropdownPopoverStyles } from './list-box-item.tsx';
import { CheckIcon } from './icons.tsx';
import { tv } from './tv.ts';

export interface MenuProps<T> extends RACMenuProps<T> {
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
}

/** A list of actions (put a Button before it inside `MenuTrigger`). Arrow keys move, Enter runs, type-ahead jumps. */
export function Menu<T extends object>({ placement = 'bottom start', ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement} className={dropdownPopoverStyles}>
      <RACMenu {...props} className="max-h-72 min-w-40 overflow-auto outline-0" />
    </Popover>
  );
}

const menuItemStyles = tv({
  extend: dropdownItemStyles,
  variants: {
    variant: { default: '', destructive: 'text-danger-700 focus:bg-danger-600 focus:text-neutral-0' },
  },
});

export function MenuItem({ variant = 'default', ...props }: MenuItemProps & { variant?: 'default' | 'destructive' }) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined);
  return (
    <RACMenuItem {...props} textValue={textValue} className={(rp) => menuItemStyles({ ...rp, variant })}>
      {composeRenderProps(props.children, (children, { selectionMode, isSelected }) => (
        <>
          {selectionMode !== 'none' && <span className="flex size-4 items-center">{isSelected && <CheckIcon />}</span>}
          <span className="flex-1">{children}</span>
        </>
      ))}
    </RACMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="mx-3 my-1 border-b border-neutral-200" />;
}

export { MenuTrigger };
