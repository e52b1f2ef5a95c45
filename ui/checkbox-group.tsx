import type { ReactNode } from 'react';
import {
  CheckboxGroup as RACCheckboxGroup,
  type CheckboxGroupProps as RACCheckboxGroupProps,
  type ValidationResult,
} from 'react-aria-components';
import { Description, FieldError, Label } from './field.tsx';
import { composeTailwindRenderProps } from './tv.ts';

export interface CheckboxGroupProps extends Omit<RACCheckboxGroupProps, 'children'> {
  label: string;
  children?: ReactNode;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** The error message's element id, for another control the message is also about (`aria-describedby`). */
  errorId?: string;
}

/** A labelled group of checkboxes sharing one value array (e.g. value-added services). */
export function CheckboxGroup({ label, description, errorMessage, errorId, children, ...props }: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-2')}>
      <Label>{label}</Label>
      <div className="flex flex-col gap-2">{children}</div>
      {description && <Description>{description}</Description>}
      <FieldError id={errorId}>{errorMessage}</FieldError>
    </RACCheckboxGroup>
  );
}
