import {
  Input,
  TextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { composeTailwindRenderProps, tv, twMerge } from './tv.ts';
import { Description, FieldError, Label, fieldGroupStyles, inputStyles } from './field.tsx';

export interface TextFieldProps extends RACTextFieldProps {
  label: string;
  description?: string;
  /** Shown when the field is invalid; defaults to the browser's or the form's message. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** A multi-line text area (comments, order notes). */
  isMultiline?: boolean;
  rows?: number;
  /** The error message's element id, for another control the message is also about (`aria-describedby`). */
  errorId?: string;
}

export const fieldStyles = 'flex flex-col gap-1';

const inputFrame = tv({
  extend: fieldGroupStyles,
  base: 'block',
});

/** A labelled text input with a description and a field error. */
export function TextField({ label, description, errorMessage, errorId, placeholder, isMultiline, rows = 3, ...props }: TextFieldProps) {
  return (
    <RACTextField {...props} className={composeTailwindRenderProps(props.className, fieldStyles)}>
      <Label>{label}</Label>
      {isMultiline ? (
        <TextArea rows={rows} placeholder={placeholder} className={(rp) => twMerge(inputStyles, inputFrame(rp), 'w-full resize-y')} />
      ) : (
        <Input placeholder={placeholder} className={(rp) => twMerge(inputStyles, inputFrame(rp), 'w-full')} />
      )}
      {description && <Description>{description}</Description>}
      <FieldError id={errorId}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
