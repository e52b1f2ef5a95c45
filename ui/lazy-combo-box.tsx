import type { ReactElement } from 'react';
import { Group, Input, TextField as RACTextField } from 'react-aria-components';
import { lazyAfterFirstInput } from './after-first-input.tsx';
import type { ItemComboBoxProps } from './combo-box.tsx';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { twMerge } from './tv.ts';

const Loaded = lazyAfterFirstInput<ItemComboBoxProps<{ id: string }>>(async () => (await import('./combo-box.tsx')).ItemComboBox as never);

/**
 * `ui/combo-box`'s `ItemComboBox`, fetched at the visitor's first input on the page (ADR 140, ADR
 * 189). The combo box brings React Aria's collections, list box, popover and filter (about 40 KB
 * gzip) that a form page needs nowhere else, and no one types in it before a first press or key.
 * Until it arrives the field is drawn as it looks while its list loads: its label, its value or
 * placeholder and its description, a field that takes the focus and a press (the first input that
 * fetches it) and text, disabled only when the combo box is; as it arrives the combo box takes the
 * focus the field had, and the text typed meanwhile as if typed there (its list opens, filtered):
 * on a busy phone the fetch can outlast a whole word.
 */
export function LazyComboBox<T extends { id: string }>(props: ItemComboBoxProps<T>): ReactElement {
  return <Loaded props={props as unknown as ItemComboBoxProps<{ id: string }>} standIn={<ComboBoxStandIn {...props} />} />;
}

function ComboBoxStandIn<T extends { id: string }>({ label, description, placeholder, className, selectedKey, defaultItems, items, textOf, isDisabled }: ItemComboBoxProps<T>) {
  const list = [...(items ?? defaultItems ?? [])];
  const selected = selectedKey == null ? undefined : list.find((item) => item.id === selectedKey);
  const text = selected ? textOf(selected) : '';
  // A new choice from outside (an address picked) draws the field again.
  return (
    <RACTextField key={text} isDisabled={!!isDisabled} defaultValue={text} className={twMerge('flex flex-col gap-1', typeof className === 'string' ? className : undefined)}>
      <Label>{label}</Label>
      <Group isDisabled={!!isDisabled} className={fieldGroupStyles}>
        <Input role="combobox" aria-expanded={false} aria-autocomplete="list" className={inputStyles} placeholder={placeholder} />
        <span className="flex items-center self-stretch px-2 text-neutral-600">
          <ChevronDownIcon />
        </span>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError />
    </RACTextField>
  );
}
