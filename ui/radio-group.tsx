import type { ReactNode } from 'react';
import {
  Radio as RACRadio,
  RadioGroup as RACRadioGroup,
  type RadioGroupProps as RACRadioGroupProps,
  type RadioProps as RACRadioProps,
  type ValidationResult,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv } from './tv.ts';
import { focusRingLook } from './focus-ring.ts';
import { Description, FieldError, Label } from './field.tsx';

export interface RadioGroupProps extends Omit<RACRadioGroupProps, 'children'> {
  label: string;
  children?: ReactNode;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/** One choice among a few (process, payment method). Arrow keys move the choice; Tab leaves the group. */
export function RadioGroup({ label, description, errorMessage, children, ...props }: RadioGroupProps) {
  return (
    <RACRadioGroup {...props} className={composeTailwindRenderProps(props.className, 'group flex flex-col gap-2')}>
      <Label>{label}</Label>
      <div className="flex gap-2 group-orientation-vertical:flex-col group-orientation-horizontal:flex-wrap group-orientation-horizontal:gap-x-4">{children}</div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACRadioGroup>
  );
}

/** The circle: hover darkens its ring, a press darkens it more (the label's `data-hovered`/`data-pressed`). */
const circleStyles = tv({
  extend: focusRingLook,
  base: 'mt-0.5 size-5 shrink-0 rounded-full border-2 bg-neutral-0 transition-all forced-color-adjust-none group-focus-visible/radio:outline-2',
  variants: {
    isSelected: {
      false: 'border-neutral-500 group-hover/radio:border-neutral-700 group-pressed/radio:border-neutral-900 forced-colors:border-[ButtonBorder] forced-colors:group-hover/radio:border-[ButtonBorder] forced-colors:group-pressed/radio:border-[ButtonBorder]',
      true: 'border-[6px] border-brand-600 group-hover/radio:border-brand-700 group-pressed/radio:border-brand-800 forced-colors:border-[Highlight] forced-colors:group-hover/radio:border-[Highlight] forced-colors:group-pressed/radio:border-[Highlight]',
    },
    isInvalid: { true: 'border-danger-600 group-hover/radio:border-danger-700 group-pressed/radio:border-danger-700 forced-colors:border-[CanvasText]' },
    isDisabled: { true: 'border-neutral-300 bg-neutral-100 forced-colors:border-[GrayText]' },
  },
});

const radioStyles = tv({
  base: 'group/radio flex items-start gap-2 text-body text-neutral-900',
  variants: { isDisabled: { true: 'text-neutral-500 forced-colors:text-[GrayText]' } },
});

export interface RadioProps extends Omit<RACRadioProps, 'children'> {
  children?: ReactNode;
  description?: ReactNode;
}

export function Radio({ children, description, ...props }: RadioProps) {
  return (
    <RACRadio
      {...props}
      className={composeTailwindRenderProps(props.className, (rp) => radioStyles(rp))}
    >
      {(rp) => (
        <>
          <span className={circleStyles(rp)} />
          <span className="flex flex-col">
            {children}
            {description && <span className="text-caption text-neutral-600">{description}</span>}
          </span>
        </>
      )}
    </RACRadio>
  );
}
