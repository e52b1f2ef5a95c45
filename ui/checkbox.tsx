import { useId, type ReactNode } from 'react';
import { Checkbox as RACCheckbox, composeRenderProps, type CheckboxProps as RACCheckboxProps } from 'react-aria-components';
import { tv } from './tv.ts';
import { focusRingLook } from './focus-ring.ts';
import { CheckIcon, MinusIcon } from './icons.tsx';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'children'> {
  children?: ReactNode;
  /** Extra text under the label (e.g. the terms the box accepts). */
  description?: ReactNode;
}

const checkboxStyles = tv({
  base: 'group/checkbox flex items-start gap-2 text-body text-neutral-900 forced-colors:text-[CanvasText]',
  variants: { isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' } },
});

/** The box: hover darkens it, a press darkens it more (the label's `data-hovered`/`data-pressed`). */
export const boxStyles = tv({
  extend: focusRingLook,
  base: 'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors forced-color-adjust-none group-focus-visible/checkbox:outline-2',
  variants: {
    isSelected: {
      false: 'border-neutral-500 bg-neutral-0 group-hover/checkbox:border-neutral-700 group-pressed/checkbox:border-neutral-900 forced-colors:border-[ButtonBorder] forced-colors:bg-[Canvas] forced-colors:group-hover/checkbox:border-[ButtonBorder] forced-colors:group-pressed/checkbox:border-[ButtonBorder]',
      true: 'border-brand-600 bg-brand-600 text-neutral-0 group-hover/checkbox:border-brand-700 group-hover/checkbox:bg-brand-700 group-pressed/checkbox:border-brand-800 group-pressed/checkbox:bg-brand-800 forced-colors:border-[Highlight] forced-colors:bg-[Highlight] forced-colors:text-[HighlightText] forced-colors:group-hover/checkbox:border-[Highlight] forced-colors:group-hover/checkbox:bg-[Highlight] forced-colors:group-pressed/checkbox:border-[Highlight] forced-colors:group-pressed/checkbox:bg-[Highlight]',
    },
    isInvalid: { true: 'border-danger-600 group-hover/checkbox:border-danger-700 group-pressed/checkbox:border-danger-700 forced-colors:border-[CanvasText]' },
    isDisabled: { true: 'border-neutral-300 bg-neutral-100 text-neutral-500 forced-colors:border-[GrayText] forced-colors:bg-[Canvas] forced-colors:text-[GrayText]' },
  },
  compoundVariants: [{ isInvalid: true, isSelected: true, class: 'bg-danger-600 group-hover/checkbox:bg-danger-700 group-pressed/checkbox:bg-danger-700' }],
});

/** A checkbox with its label; `isIndeterminate` for "some selected". */
export function Checkbox({ children, description, ...props }: CheckboxProps) {
  // The label wraps the description too: without these, the box's name would be the label and the
  // description run together. The name is the label's words; the description describes the box.
  const id = useId();
  const named = description && !props['aria-label'] && !props['aria-labelledby'] ? { 'aria-labelledby': `${id}-label`, 'aria-describedby': [`${id}-description`, props['aria-describedby']].filter(Boolean).join(' ') } : {};
  return (
    <RACCheckbox {...props} {...named} className={composeRenderProps(props.className, (className, rp) => checkboxStyles({ ...rp, className }))}>
      {({ isSelected, isIndeterminate, ...rp }) => (
        <>
          <span className={boxStyles({ isSelected: isSelected || isIndeterminate, ...rp })}>
            {isIndeterminate ? <MinusIcon className="size-3.5" /> : isSelected ? <CheckIcon className="size-3.5" /> : null}
          </span>
          <span className="flex flex-col">
            <span id={`${id}-label`}>{children}</span>
            {description && (
              <span id={`${id}-description`} className="text-caption text-neutral-600">
                {description}
              </span>
            )}
          </span>
        </>
      )}
    </RACCheckbox>
  );
}
