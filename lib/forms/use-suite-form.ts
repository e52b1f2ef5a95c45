import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FetchError } from 'ofetch';
import { announce, focusTargetOf, invalidFields } from '../a11y/announce.ts';
import { t } from '../i18n/i18n.tsx';
import { errorMessage } from '../api/error-message.ts';
import type { SuiteSource } from './lazy-suite.ts';
import { useFieldset, type BoundField, type ComposedFieldset, type FieldErrors } from './use-fieldset.ts';

export type { FormSuite } from './use-fieldset.ts';
export { adaptSuite, lazySuite, type LazySuite, type SuiteSource } from './lazy-suite.ts';

export interface SuiteForm<T extends Record<string, unknown>> {
  values: T;
  /** Errors to show now: of fields the user has left or changed after an error, all after a submit, and the server's. */
  errors: FieldErrors;
  /** A message for the whole form (the server said no without naming one of its fields). */
  formError: string | null;
  isSubmitting: boolean;
  setValue<K extends keyof T & string>(field: K, value: T[K]): void;
  /** Marks a field as visited: its errors show from now on. */
  touch(field: keyof T & string): void;
  /**
   * Props for a RAC field bound to `field`: name, value, onChange, onBlur, and its error as
   * `isInvalid` + `errorMessage`. (Errors go to each field rather than through RAC Form's
   * `validationErrors`, which RAC treats as server errors and hides once the field is edited and
   * left, even when our rules still fail.)
   */
  field<K extends keyof T & string>(field: K): BoundField<T[K]> & { name: K };
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  setFormError(message: string | null): void;
  /** New values (after a save, or another record to edit); nothing shows as visited. */
  reset(values: T): void;
}

export interface SuiteFormOptions {
  /** Fieldsets of other features inside this form (ADR 085): each is checked too before `submit` runs. */
  parts?: () => readonly (ComposedFieldset<unknown> | null | undefined)[];
}

/**
 * Form state validated by a shared vest suite (the same rules the server runs) as the user types and
 * on submit; the server's 422 field errors land on the same fields. `submit` runs only when the suite
 * (and every part) passes, and never twice at once (a double click submits once).
 */
export function useSuiteForm<T extends Record<string, unknown>>(
  suite: SuiteSource,
  initial: T,
  submit: (values: T) => Promise<void>,
  options: SuiteFormOptions = {},
): SuiteForm<T> {
  const fields = useFieldset(suite, initial);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  // The form refused on submit, waiting for the render that shows its errors (then see below).
  const refusedForm = useRef<HTMLFormElement | null>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    const form = refusedForm.current;
    refusedForm.current = null;
    if (form) revealErrors(form);
  }, [refusals]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (inFlight.current) return;
    // A lazy suite not there yet (a submit within the first moments, or after its fetch failed):
    // the submit goes on once it has arrived (a second press meanwhile is ignored), or says the page
    // must be reloaded. The button does not turn busy for a wait of a few milliseconds.
    const arrivals = [fields.arrival(), ...(options.parts?.() ?? []).map((part) => part?.arrival() ?? null)].filter((a) => a !== null);
    if (arrivals.length) {
      inFlight.current = true;
      Promise.all(arrivals).then(
        () => {
          inFlight.current = false;
          validateAndSubmit(form);
        },
        (error: unknown) => {
          inFlight.current = false;
          setFormError(errorMessage(error));
        },
      );
      return;
    }
    validateAndSubmit(form);
  };

  const validateAndSubmit = (form: HTMLFormElement) => {
    const own = fields.check();
    // Every part shows its errors, even when an earlier one already failed.
    const parts = (options.parts?.() ?? []).map((part) => part?.check() ?? true);
    if (!own || parts.includes(false)) {
      // Once the errors show: focus the first field in error and say how many there are.
      refusedForm.current = form;
      setRefusals((n) => n + 1);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setFormError(null);
    submit(fields.values)
      .catch((error: unknown) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) fields.setServerErrors(fieldErrors);
        const named = fieldErrors && Object.keys(fieldErrors).some((f) => f in fields.values);
        if (!named) setFormError(errorMessage(error));
      })
      .finally(() => {
        inFlight.current = false;
        setSubmitting(false);
      });
  };

  return {
    values: fields.values,
    errors: fields.errors,
    formError,
    isSubmitting,
    setValue: (field, value) => {
      fields.setValue(field, value);
      setFormError(null);
    },
    touch: fields.touch,
    field: (name) => {
      const bound = fields.field(name);
      return {
        ...bound,
        name,
        onChange: (value) => {
          bound.onChange(value);
          setFormError(null);
        },
      };
    },
    onSubmit,
    setFormError,
    reset: (values) => {
      fields.reset(values);
      setFormError(null);
    },
  };
}

/**
 * After a refused submit (WCAG 3.3.1): focus moves to the first field in error (a radio group's
 * checked or first radio: the group itself cannot take focus), and the number of fields in error is
 * announced politely, after the focused field's own name and error.
 */
export function revealErrors(form: HTMLFormElement): void {
  const fields = invalidFields(form);
  if (!fields.length) return;
  const first = fields.map(focusTargetOf).find((el) => el !== null);
  first?.focus();
  announce(t('common.form.errorCount', { count: fields.length }));
}

/** The `errors` of a 422 answer, by field. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof FetchError)) return null;
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return Object.keys(out).length ? out : null;
}
