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
import { composeTailwindRenderProps } from './tv.ts';
import { Description, FieldError, Label, selectTriggerStyles as triggerStyles } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { DropdownItem, dropdownPopoverStyles } from './list-box-item.tsx';

export interface SelectProps<T extends object> extends Omit<RACSelectProps<T>, 'children'> {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  items?: Iterable<T>;
  children: ReactNode | ((item: T) => ReactNode);
}

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

export interface ItemSelectProps<T extends { id: string }> extends Omit<SelectProps<T>, 'children' | 'items'> {
  items: readonly T[];
  /** The text an item reads as, in the list and on the button once chosen. */
  textOf: (item: T) => string;
}

/** A select over items with an `id`, each read as `textOf(item)` (the form `ui/lazy-select` loads). */
export function ItemSelect<T extends { id: string }>({ items, textOf, ...props }: ItemSelectProps<T>) {
  return (
    <Select<T> {...props} items={items}>
      {(item) => <SelectItem id={item.id}>{textOf(item)}</SelectItem>}
    </Select>
  );
}
