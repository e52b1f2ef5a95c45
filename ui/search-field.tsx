import {
  Button,
  Group,
  Input,
  SearchField as RACSearchField,
  type SearchFieldProps as RACSearchFieldProps,
} from 'react-aria-components';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';
import { CloseIcon, SearchIcon } from './icons.tsx';
import { composeTailwindRenderProps, twMerge } from './tv.ts';

export interface SearchFieldProps extends RACSearchFieldProps {
  label: string;
  description?: string;
  placeholder?: string;
  /** Name of the clear button. */
  clearLabel?: string;
}

/** A search input: Enter submits (`onSubmit`), Escape or the clear button empties it (`onClear`). */
export function SearchField({ label, description, placeholder, clearLabel = 'Clear search', ...props }: SearchFieldProps) {
  return (
    <RACSearchField {...props} className={composeTailwindRenderProps(props.className, 'group flex flex-col gap-1')}>
      <Label>{label}</Label>
      <Group className={fieldGroupStyles}>
        <SearchIcon className="ml-3 size-4 shrink-0 text-neutral-600" />
        <Input placeholder={placeholder} className={twMerge(inputStyles, '[&::-webkit-search-cancel-button]:hidden')} />
        <Button aria-label={clearLabel} className="mr-1 flex size-8 items-center justify-center rounded text-neutral-600 outline-0 hover:bg-neutral-100 pressed:bg-neutral-200 group-empty:invisible">
          <CloseIcon />
        </Button>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError />
    </RACSearchField>
  );
}
