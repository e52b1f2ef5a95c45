import { lazy, Suspense, type ReactElement } from 'react';
import { Group, Input, TextField as RACTextField } from 'react-aria-components';
import type { ItemComboBoxProps } from './combo-box.tsx';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { twMerge } from './tv.ts';

const loadComboBox = () => import('./combo-box.tsx');
const Loaded = lazy(async () => ({ default: (await loadComboBox()).ItemComboBox })) as <T extends { id: string }>(props: ItemComboBoxProps<T>) => ReactElement;

/**
 * `ui/combo-box`'s `ItemComboBox`, fetched when the field first draws (ADR 140). The combo box
 * brings React Aria's collections, list box, popover and filter (about 40 KB gzip) that a form page
 * needs nowhere else: its lists (countries, states, phone codes) come from the server, so the chunk
 * loads beside them. Until it arrives the field is drawn as it looks while its list loads: its
 * label, its value and its placeholder, disabled.
 */
export function LazyComboBox<T extends { id: string }>(props: ItemComboBoxProps<T>) {
  return (
    <Suspense fallback={<ComboBoxPlaceholder {...props} />}>
      <Loaded<T> {...props} />
    </Suspense>
  );
}

function ComboBoxPlaceholder<T extends { id: string }>({ label, description, placeholder, className, selectedKey, defaultItems, items, textOf }: ItemComboBoxProps<T>) {
  const list = [...(items ?? defaultItems ?? [])];
  const selected = selectedKey == null ? undefined : list.find((item) => item.id === selectedKey);
  return (
    <RACTextField isDisabled value={selected ? textOf(selected) : ''} className={twMerge('flex flex-col gap-1', typeof className === 'string' ? className : undefined)}>
      <Label>{label}</Label>
      <Group isDisabled className={fieldGroupStyles}>
        <Input className={inputStyles} placeholder={placeholder} />
        <span className="flex items-center self-stretch px-2 text-neutral-600">
          <ChevronDownIcon />
        </span>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError />
    </RACTextField>
  );
}
