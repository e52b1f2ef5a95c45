import { useState } from 'react';
import {
  Group,
  Input,
  TextField as RACTextField,
  ToggleButton,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv } from './tv.ts';
import { focusRing } from './focus-ring.ts';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

export interface PasswordFieldProps extends Omit<RACTextFieldProps, 'type'> {
  label: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Accessible name of the show/hide toggle (a toggle button: its pressed state says whether the password shows). */
  showLabel?: string;
}

const toggleStyles = tv({
  extend: focusRing,
  base: 'mr-1 flex size-8 items-center justify-center rounded text-neutral-600 hover:bg-neutral-100 pressed:bg-neutral-200 forced-colors:text-[ButtonText]',
  variants: { isSelected: { true: 'text-brand-700' } },
});

/**
 * A password input with a "Show password" toggle. The toggle is a toggle button (aria-pressed),
 * so a screen reader hears "Show password, toggle button, pressed" once the text is visible.
 */
export function PasswordField({ label, description, errorMessage, placeholder, showLabel = 'Show password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <RACTextField
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      className={composeTailwindRenderProps(props.className, 'flex flex-col gap-1')}
    >
      <Label>{label}</Label>
      <Group className={fieldGroupStyles}>
        <Input placeholder={placeholder} className={inputStyles} />
        <ToggleButton aria-label={showLabel} isSelected={visible} onChange={setVisible} isDisabled={props.isDisabled} className={toggleStyles}>
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </ToggleButton>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </RACTextField>
  );
}
