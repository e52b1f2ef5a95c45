import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components';
import { twMerge } from './tv.ts';

/** Field errors by field name, as RAC's `validationErrors` takes them. */
export type FieldErrors = Record<string, string | string[]>;

/**
 * Anything shaped like a vest suite result. Structural on purpose: ui must not import vest,
 * and any validator that can list its errors by field fits.
 */
export interface ErrorsByField {
  getErrors(): Record<string, string[] | undefined>;
}

/** A vest result's errors in the shape `Form`'s `validationErrors` takes; fields without errors are left out. */
export function vestErrors(result: ErrorsByField): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(result.getErrors())) {
    if (messages && messages.length > 0) out[field] = messages;
  }
  return out;
}

export interface FormProps extends RACFormProps {
  /** Errors per field name, usually `vestErrors(suite.get())`; each field with a matching `name` shows them. */
  validationErrors?: FieldErrors;
}

/**
 * A form whose fields show errors from a validation suite. `validationBehavior="aria"` is the
 * default here: fields are marked invalid and announce their errors, but a submit is never
 * blocked by the browser, so the suite (the same rules the server runs) stays the judge.
 */
export function Form({ validationBehavior = 'aria', ...props }: FormProps) {
  return <RACForm {...props} validationBehavior={validationBehavior} className={twMerge('flex flex-col gap-4', props.className)} />;
}
