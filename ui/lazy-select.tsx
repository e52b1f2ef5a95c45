import { useId, type ReactElement } from 'react';
import { Button } from 'react-aria-components';
import { lazyAfterFirstInput } from './after-first-input.tsx';
import { Description, selectTriggerStyles } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import type { ItemSelectProps } from './select.tsx';
import { twMerge } from './tv.ts';

// A select pressed (or opened by key) before its code arrived opens as it arrives.
const Loaded = lazyAfterFirstInput<ItemSelectProps<{ id: string }>>(
  async () => (await import('./select.tsx')).ItemSelect as never,
  (props, pressed) => (pressed ? { ...props, defaultOpen: true } : props),
);

/**
 * `ui/select`'s `ItemSelect`, fetched at the visitor's first input on the page (ADR 140, ADR 189):
 * the select brings React Aria's collections, list box and popover (about 40 KB gzip), which no one
 * opens before a first press or key. Until it arrives the field is drawn as it will look: its label,
 * its chosen option or placeholder, its description, on a button that takes the focus and a press
 * (the first input that fetches it), disabled only when the select is. As it arrives the select
 * takes the focus the button had and opens if it was pressed.
 */
export function LazySelect<T extends { id: string }>(props: ItemSelectProps<T>): ReactElement {
  return <Loaded props={props as unknown as ItemSelectProps<{ id: string }>} standIn={<SelectStandIn {...props} />} />;
}

function SelectStandIn<T extends { id: string }>({ label, description, placeholder, className, selectedKey, defaultSelectedKey, items, textOf, isDisabled }: ItemSelectProps<T>) {
  const id = useId();
  const key = selectedKey ?? defaultSelectedKey;
  const selected = key == null ? undefined : items.find((item) => item.id === key);
  return (
    <div className={twMerge('group flex flex-col gap-1', typeof className === 'string' ? className : undefined)}>
      <span id={`${id}-label`} className="text-caption font-medium text-neutral-700">
        {label}
      </span>
      <Button isDisabled={!!isDisabled} aria-haspopup="listbox" aria-expanded={false} aria-labelledby={`${id}-label ${id}-value`} className={selectTriggerStyles({ isDisabled: !!isDisabled })}>
        <span id={`${id}-value`} className="flex-1 truncate">
          {selected ? textOf(selected) : (placeholder ?? '')}
        </span>
        <ChevronDownIcon className="size-4 text-neutral-600 forced-colors:text-[ButtonText]" />
      </Button>
      {description && <Description>{description}</Description>}
    </div>
  );
}
