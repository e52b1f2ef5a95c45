import { useRef, type ReactNode } from 'react';
import {
  Button,
  ComboBox as RACComboBox,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  type ComboBoxProps as RACComboBoxProps,
  type ListBoxItemProps,
  type ValidationResult,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv } from './tv.ts';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';

export interface ComboBoxProps<T extends object> extends Omit<RACComboBoxProps<T>, 'children'> {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /**
   * What the field holds, for the browser's autofill and assistive technology (WCAG 1.3.5):
   * `country-name`, `tel-country-code`, with a section (`shipping country-name`). React Aria turns
   * autocomplete off on a combo box; this turns it back on.
   */
  autoComplete?: string;
  /** Called with the native event's `inputType` before each text change (`insertText` when typed, none when autofilled). */
  onInputType?: (inputType: string) => void;
  children: ReactNode | ((item: T) => ReactNode);
}

/**
 * A text field with a filtered list: for long lists (countries, states, phone codes) where typing
 * a few letters is faster than scrolling. Pass `defaultItems` to let the field filter the list as
 * the user types (react-aria's "contains" filter); pass `items` to filter yourself.
 */
export function ComboBox<T extends object>({ label, description, errorMessage, placeholder, autoComplete, onInputType, children, ...props }: ComboBoxProps<T>) {
  return (
    <RACComboBox {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-1')}>
      <Label>{label}</Label>
      <Group className={fieldGroupStyles}>
        <Input
          className={inputStyles}
          placeholder={placeholder}
          {...(autoComplete ? { autoComplete } : {})}
          // React runs onInput before onChange: the kind of change is known when the text arrives.
          onInput={onInputType ? (event) => onInputType((event.nativeEvent as InputEvent).inputType ?? '') : undefined}
        />
        <Button className="flex items-center self-stretch px-2 text-neutral-600 outline-0 pressed:bg-neutral-100">
          <ChevronDown />
        </Button>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className="w-(--trigger-width) overflow-auto rounded-control border border-neutral-200 bg-neutral-0 shadow-overlay entering:animate-in exiting:animate-out forced-colors:bg-[Canvas]">
        <ListBox className="max-h-72 p-1 outline-0">
          {children}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}

const itemStyles = tv({
  base: 'flex cursor-default items-center gap-2 rounded px-3 py-1.5 text-body outline-0 forced-color-adjust-none focus:bg-brand-600 focus:text-neutral-0 forced-colors:focus:bg-[Highlight] forced-colors:focus:text-[HighlightText]',
  variants: {
    isSelected: { true: 'font-semibold' },
    isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' },
  },
});

export function ComboBoxItem(props: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined);
  return <ListBoxItem {...props} textValue={textValue} className={itemStyles} />;
}

function ChevronDown() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}

export interface ItemComboBoxProps<T extends { id: string }> extends Omit<ComboBoxProps<T>, 'children' | 'onInputType'> {
  /** The text an item reads as, in the list and in the field once chosen. */
  textOf: (item: T) => string;
  /**
   * The item a whole text names, when it was not typed key by key (the browser's autofill, a paste):
   * it is chosen, as if picked from the list. By default the item whose `textOf` it is (any case).
   */
  itemNamed?: (text: string, items: readonly T[]) => T | undefined;
}

/** Typed key by key (or deleted): the list filters, nothing is chosen for the visitor. */
const TYPING = /^(insertText|insertCompositionText|insertLineBreak|delete)/;

/** A combo box over items with an `id`, each read as `textOf(item)` (the form `ui/lazy-combo-box` loads). */
export function ItemComboBox<T extends { id: string }>({ textOf, itemNamed, ...props }: ItemComboBoxProps<T>) {
  // The chosen item's words from the first render: React Aria finds them only once its collection
  // is built (a render later, much later on a busy machine), and the field would blink empty.
  const list = props.items ?? props.defaultItems ?? [];
  const selected = props.selectedKey == null ? undefined : [...list].find((item) => item.id === props.selectedKey);
  const initial = selected && props.inputValue === undefined && props.defaultInputValue === undefined ? { defaultInputValue: textOf(selected) } : {};
  // Autofill writes the whole value at once (no key typed): the item it names is chosen, or React
  // Aria would put the field back to what was chosen before when it loses the focus (WCAG 1.3.5).
  const inputType = useRef('');
  const onInputChange = (text: string) => {
    props.onInputChange?.(text);
    if (TYPING.test(inputType.current)) return;
    const items = [...list];
    const wanted = text.trim().toLowerCase();
    const named = itemNamed ? itemNamed(text, items) : items.find((item) => textOf(item).toLowerCase() === wanted);
    if (named && named.id !== props.selectedKey) props.onSelectionChange?.(named.id);
  };
  return (
    <ComboBox<T> {...props} {...initial} onInputChange={onInputChange} onInputType={(type) => (inputType.current = type)}>
      {(item) => <ComboBoxItem id={item.id}>{textOf(item)}</ComboBoxItem>}
    </ComboBox>
  );
}
