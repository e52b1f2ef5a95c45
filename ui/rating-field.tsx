import { Radio, RadioGroup, type RadioGroupProps, type ValidationResult } from 'react-aria-components';
import { Description, FieldError, Label } from './field.tsx';
import { focusRingLook } from './focus-ring.ts';
import { composeTailwindRenderProps, tv } from './tv.ts';

export interface RatingFieldProps extends Omit<RadioGroupProps, 'children' | 'value' | 'defaultValue' | 'onChange' | 'orientation'> {
  label: string;
  /** 0 (or null) for no rating yet. */
  value: number | null;
  onChange: (value: number) => void;
  /** How many stars (5). */
  max?: number;
  /** Each star's accessible name, e.g. `(n) => \`${n} of 5 stars\``. */
  starLabel: (value: number) => string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
}

const starStyles = tv({
  extend: focusRingLook,
  base: 'size-7 rounded transition-colors group-focus-visible/star:outline-2 forced-color-adjust-none',
  variants: {
    isFilled: {
      true: 'fill-warning-600 stroke-warning-700 forced-colors:fill-[Highlight] forced-colors:stroke-[Highlight]',
      false: 'fill-transparent stroke-neutral-500 group-hover/star:stroke-warning-700 forced-colors:stroke-[ButtonText]',
    },
    isInvalid: { true: 'stroke-danger-600 forced-colors:stroke-[CanvasText]' },
    isDisabled: { true: 'stroke-neutral-400 group-hover/star:stroke-neutral-400 forced-colors:stroke-[GrayText]' },
  },
  compoundVariants: [
    { isFilled: true, isInvalid: true, class: 'stroke-warning-700' },
    { isFilled: true, isDisabled: true, class: 'fill-neutral-300 forced-colors:fill-[GrayText]' },
  ],
});

/**
 * A rating from 1 to `max` as a row of stars: a radio group, so arrow keys move the rating, Tab
 * leaves it, and a screen reader hears "3 of 5 stars, selected". The stars up to the value are
 * filled; the value is also in each star's name, never in the colour alone.
 */
export function RatingField({ label, value, onChange, max = 5, starLabel, description, errorMessage, ...props }: RatingFieldProps) {
  const current = value ?? 0;
  return (
    <RadioGroup
      {...props}
      orientation="horizontal"
      value={current > 0 ? String(current) : null}
      onChange={(next) => onChange(Number(next))}
      className={composeTailwindRenderProps(props.className, 'group flex flex-col gap-1')}
    >
      {({ isInvalid, isDisabled }) => (
        <>
          <Label>{label}</Label>
          <div className="flex gap-1">
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <Radio key={n} value={String(n)} aria-label={starLabel(n)} className="group/star cursor-default rounded outline-0">
                <svg aria-hidden viewBox="0 0 24 24" strokeWidth="1.5" strokeLinejoin="round" className={starStyles({ isFilled: n <= current, isInvalid, isDisabled })}>
                  <path d="M12 2.75l2.85 5.78 6.4.93-4.63 4.5 1.1 6.37L12 17.33l-5.72 3 1.1-6.37-4.63-4.5 6.4-.93z" />
                </svg>
              </Radio>
            ))}
          </div>
          {description && <Description>{description}</Description>}
          <FieldError>{errorMessage}</FieldError>
        </>
      )}
    </RadioGroup>
  );
}
