import type { ReactNode } from 'react';
import {
  Button,
  ListBox,
  Popover,
  Select as RACSelect,
  SelectValue,
  type ListBoxItemProps,
  type SelectProps as RACSelectProps,
  type ValidationResult,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv } from './tv.ts';
import { focusRing } from './focus-ring.ts';
import { Description, FieldError, Label } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { DropdownItem, dropdownPopoverStyles } from './list-box-item.tsx';

export interface SelectProps<T extends object> extends Omit<RACSelectProps<T>, 'children'> {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  items?: Iterable<T>;
  children: ReactNode | ((item: T) => ReactNode);
}

const triggerStyles = tv({
  extend: focusRing,
  base: 'flex min-w-40 cursor-default items-center gap-2 rounded-control border bg-neutral-0 px-3 py-2 text-start text-body text-neutral-900 forced-colors:bg-[Field]',
  variants: {
    isInvalid: { true: 'border-danger-600 forced-colors:border-[CanvasText] forced-colors:border-dashed', false: 'border-neutral-400 forced-colors:border-[ButtonBorder]' },
    isDisabled: { true: 'border-neutral-300 bg-neutral-100 text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

/** A choice from a short list (up to ~15 options; use ComboBox for long ones). Type-ahead works on the closed button too. */
export function Select<T extends object>({ label, description, errorMessage, items, children, ...props }: SelectProps<T>) {
  return (
    <RACSelect {...props} className={composeTailwindRenderProps(props.className, 'group flex flex-col gap-1')}>
      {({ isInvalid }) => (
        <>
          <Label>{label}</Label>
          <Button className={(rp) => triggerStyles({ ...rp, isInvalid })}>
            <SelectValue className="flex-1 truncate placeholder-shown:text-neutral-600">
              {/* The option's text only: its check mark and layout belong in the list, not in the button. */}
              {({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}
            </SelectValue>
            <ChevronDownIcon className="size-4 text-neutral-600 forced-colors:text-[ButtonText]" />
          </Button>
          {description && <Description>{description}</Description>}
          <FieldError>{errorMessage}</FieldError>
          <Popover className={dropdownPopoverStyles}>
            <ListBox items={items} className="max-h-72 outline-0">
              {children}
            </ListBox>
          </Popover>
        </>
      )}
    </RACSelect>
  );
}

export function SelectItem(props: ListBoxItemProps) {
  return <DropdownItem {...props} />;
}
