import { useId, useState } from 'react';
import { ColorSwatch, ListBox, ListBoxItem, Text, type Key, type Selection } from 'react-aria-components';
import { focusRing } from './focus-ring.ts';
import { CheckIcon } from './icons.tsx';
import { tv } from './tv.ts';

export interface SwatchColor {
  id: string;
  /** The colour's name as the user reads and hears it ("Signal red"). */
  name: string;
  /** A CSS colour for the swatch (`#c1272d`): a finish colour, so a raw value here is content, not a token. */
  value: string;
}

/**
 * The selection rule: accept a change unless it would select more than `max`.
 * Returns the kept selection and whether the change was refused.
 */
export function applyMaximum(previous: ReadonlySet<Key>, next: Selection, allIds: readonly Key[], max: number): { selected: Set<Key>; refused: boolean } {
  const wanted = next === 'all' ? new Set(allIds) : new Set(next);
  if (wanted.size > max && wanted.size > previous.size) return { selected: new Set(previous), refused: true };
  return { selected: wanted, refused: false };
}

export interface ColorSwatchPickerProps {
  label: string;
  colors: readonly SwatchColor[];
  /** Most colours the user may choose (painting: 5). */
  maxSelected: number;
  value?: readonly string[];
  defaultValue?: readonly string[];
  onChange?: (ids: string[]) => void;
  isDisabled?: boolean;
  /** Visible strings with `{count}` and `{max}`; English defaults. */
  countLabel?: string;
  maxReachedMessage?: string;
}

const swatchItemStyles = tv({
  extend: focusRing,
  base: 'relative flex size-10 items-center justify-center rounded-control border-2 border-transparent p-0.5 forced-color-adjust-none hover:border-neutral-400',
  variants: {
    isSelected: { true: 'border-neutral-900 hover:border-neutral-900 forced-colors:border-[Highlight] forced-colors:hover:border-[Highlight]' },
    isDisabled: { true: 'opacity-50' },
  },
});

/**
 * A multi-select colour picker (finish colours) with a maximum. RAC's ColorSwatchPicker picks one
 * colour only, so this is a multi-select ListBox of swatches (see docs/decisions/031). At the maximum
 * a further choice is refused, and a polite live message says why and how to continue.
 */
export function ColorSwatchPicker({
  label,
  colors,
  maxSelected,
  value,
  defaultValue = [],
  onChange,
  isDisabled,
  countLabel = '{count} of {max} chosen',
  maxReachedMessage = 'You can choose up to {max} colours. Remove one to choose another.',
}: ColorSwatchPickerProps) {
  const [internal, setInternal] = useState<Set<Key>>(() => new Set(defaultValue));
  const [refused, setRefused] = useState(false);
  const countId = useId();
  const selected = value ? new Set<Key>(value) : internal;
  const fill = (t: string) => t.replace('{count}', String(selected.size)).replace('{max}', String(maxSelected));
  return (
    <div className="flex flex-col gap-2">
      <span aria-hidden className="text-caption font-medium text-neutral-700">{label}</span>
      <ListBox
        aria-label={label}
        aria-describedby={countId}
        layout="grid"
        orientation="horizontal"
        selectionMode="multiple"
        disabledKeys={isDisabled ? colors.map((c) => c.id) : undefined}
        selectedKeys={selected}
        onSelectionChange={(keys) => {
          const result = applyMaximum(selected, keys, colors.map((c) => c.id), maxSelected);
          setRefused(result.refused);
          if (result.refused) return;
          if (!value) setInternal(result.selected);
          onChange?.([...result.selected].map(String));
        }}
        className="flex max-w-md flex-wrap gap-1 outline-0"
      >
        {colors.map((color) => (
          <ListBoxItem key={color.id} id={color.id} textValue={color.name} className={swatchItemStyles}>
            {({ isSelected }) => (
              <>
                <ColorSwatch color={color.value} colorName={color.name} className="size-full rounded-[0.3rem] shadow-[inset_0_0_0_1px_rgba(0,0,0,0.15)]" />
                {isSelected && (
                  <span className="absolute -right-1.5 -top-1.5 flex size-4 items-center justify-center rounded-full bg-neutral-900 text-neutral-0 forced-colors:bg-[Highlight] forced-colors:text-[HighlightText]">
                    <CheckIcon className="size-3" />
                  </span>
                )}
              </>
            )}
          </ListBoxItem>
        ))}
      </ListBox>
      <Text id={countId} className="text-caption text-neutral-600">{fill(countLabel)}</Text>
      <p role="status" className="min-h-[1.125rem] text-caption text-danger-700">
        {refused ? fill(maxReachedMessage) : ''}
      </p>
    </div>
  );
}
