import { lazy, Suspense, useId, type ReactElement } from 'react';
import { Button } from 'react-aria-components';
import { Description, selectTriggerStyles } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import type { ItemSelectProps } from './select.tsx';
import { twMerge } from './tv.ts';

const loadSelect = () => import('./select.tsx');
const Loaded = lazy(async () => ({ default: (await loadSelect()).ItemSelect })) as <T extends { id: string }>(props: ItemSelectProps<T>) => ReactElement;

/**
 * `ui/select`'s `ItemSelect`, fetched when the field first draws (ADR 140): the select brings React
 * Aria's collections, list box and popover (about 40 KB gzip), which a page whose only select is
 * further down a form need not wait for. Until it arrives (a moment after the page draws) the field
 * is drawn as it will look, disabled: its label, its chosen option or placeholder, its description.
 */
export function LazySelect<T extends { id: string }>(props: ItemSelectProps<T>) {
  return (
    <Suspense fallback={<SelectPlaceholder {...props} />}>
      <Loaded<T> {...props} />
    </Suspense>
  );
}

function SelectPlaceholder<T extends { id: string }>({ label, description, placeholder, className, selectedKey, defaultSelectedKey, items, textOf }: ItemSelectProps<T>) {
  const id = useId();
  const key = selectedKey ?? defaultSelectedKey;
  const selected = key == null ? undefined : items.find((item) => item.id === key);
  return (
    <div className={twMerge('group flex flex-col gap-1', typeof className === 'string' ? className : undefined)}>
      <span id={`${id}-label`} className="text-caption font-medium text-neutral-700">
        {label}
      </span>
      <Button isDisabled aria-labelledby={`${id}-label ${id}-value`} className={selectTriggerStyles({ isDisabled: true })}>
        <span id={`${id}-value`} className="flex-1 truncate">
          {selected ? textOf(selected) : (placeholder ?? '')}
        </span>
        <ChevronDownIcon className="size-4 text-neutral-600 forced-colors:text-[ButtonText]" />
      </Button>
      {description && <Description>{description}</Description>}
    </div>
  );
}
