import { ListBoxItem as RACListBoxItem, composeRenderProps, type ListBoxItemProps } from 'react-aria-components';
import { tv } from './tv.ts';
import { CheckIcon } from './icons.tsx';

/** The option of every dropdown list (Select, ComboBox, Menu share the look). */
export const dropdownItemStyles = tv({
  base: 'flex cursor-default items-center gap-2 rounded px-3 py-1.5 text-body text-neutral-900 outline-0 forced-color-adjust-none focus:bg-brand-600 focus:text-neutral-0 forced-colors:focus:bg-[Highlight] forced-colors:focus:text-[HighlightText]',
  variants: {
    isSelected: { true: 'font-semibold' },
    isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

export const dropdownPopoverStyles =
  'min-w-(--trigger-width) overflow-auto rounded-control border border-neutral-200 bg-neutral-0 p-1 shadow-overlay outline-0 forced-colors:bg-[Canvas]';

export function DropdownItem(props: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined);
  return (
    <RACListBoxItem {...props} textValue={textValue} className={dropdownItemStyles}>
      {composeRenderProps(props.children, (children, { isSelected }) => (
        <>
          <span className="flex-1">{children}</span>
          <span className="flex size-4 items-center">{isSelected && <CheckIcon />}</span>
        </>
      ))}
    </RACListBoxItem>
  );
}
