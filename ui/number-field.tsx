import {
  Button,
  Group,
  Input,
  NumberField as RACNumberField,
  type NumberFieldProps as RACNumberFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv, twMerge } from './tv.ts';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';
import { MinusIcon, PlusIcon } from './icons.tsx';

export interface NumberFieldProps extends RACNumberFieldProps {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** A short unit shown after the number (`mm`, `pcs`, `Shore A`). */
  unit?: string;
  /** The unit as a screen reader should say it, added to the field's name (`millimetres`). Defaults to `unit`. */
  unitLabel?: string;
  /** Names of the stepper buttons. */
  decrementLabel?: string;
  incrementLabel?: string;
  /** The error message's element id, for another control the message is also about (`aria-describedby`). */
  errorId?: string;
}

const stepperStyles = tv({
  base: 'flex self-stretch items-center justify-center px-2 text-neutral-700 outline-0 hover:bg-neutral-100 pressed:bg-neutral-200 forced-colors:text-[ButtonText]',
  variants: { isDisabled: { true: 'text-neutral-400 forced-colors:text-[GrayText]' } },
});

/**
 * A number input with steppers and an optional unit suffix. `minValue`, `maxValue` and `step` are
 * enforced by the field (arrow keys, Page Up/Down, Home/End) and clamp on blur, unless
 * `commitBehavior="validate"`: then a typed number stays as typed and the field's error says why it
 * is out of range; `formatOptions` formats the number (e.g. `{ maximumFractionDigits: 2 }`).
 */
export function NumberField({ label, description, errorMessage, errorId, placeholder, unit, unitLabel, decrementLabel = 'Decrease', incrementLabel = 'Increase', ...props }: NumberFieldProps) {
  return (
    <RACNumberField {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-1')}>
      <Label>
        {label}
        {unit && <span className="sr-only"> ({unitLabel ?? unit})</span>}
      </Label>
      <Group className={fieldGroupStyles}>
        <Button slot="decrement" aria-label={decrementLabel} className={stepperStyles}>
          <MinusIcon />
        </Button>
        <Input placeholder={placeholder} className={twMerge(inputStyles, 'w-16 text-right tabular-nums')} />
        {unit && (
          <span aria-hidden className="pr-3 text-body text-neutral-600">
            {unit}
          </span>
        )}
        <Button slot="increment" aria-label={incrementLabel} className={stepperStyles}>
          <PlusIcon />
        </Button>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError id={errorId}>{errorMessage}</FieldError>
    </RACNumberField>
  );
}
