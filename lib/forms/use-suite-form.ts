import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { FetchError } from 'ofetch';
import { errorMessage } from '../api/error-message.ts';

/** The part of a vest suite a form needs (the shared suites of domain/rules). */
export interface FormSuite {
  run(data: never): { getErrors(): Record<string, string[] | undefined> };
}

type Errors = Record<string, string[]>;

export interface SuiteForm<T extends Record<string, unknown>> {
  values: T;
  /** Errors to show now: of fields the user has left or changed after an error, all after a submit, and the server's. */
  errors: Errors;
  /** A message for the whole form (the server said no without naming a field). */
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
  field<K extends keyof T & string>(
    field: K,
  ): { name: K; value: T[K]; onChange: (value: T[K]) => void; onBlur: () => void; isInvalid: boolean; errorMessage: string | undefined };
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  setFormError(message: string | null): void;
}

/**
 * Form state validated by a shared vest suite (the same rules the server runs) as the user types and
 * on submit; the server's 422 field errors land on the same fields. `submit` runs only when the suite
 * passes, and never twice at once (a double click submits once).
 */
export function useSuiteForm<T extends Record<string, unknown>>(
  suite: FormSuite,
  initial: T,
  submit: (values: T) => Promise<void>,
): SuiteForm<T> {
  const [values, setValues] = useState<T>(initial);
  const [visible, setVisible] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const suiteErrors = useMemo(() => clean(suite.run(values as never).getErrors()), [suite, values]);
  const errors = useMemo(() => {
    const shown: Errors = {};
    for (const [field, messages] of Object.entries(suiteErrors)) if (submitted || visible.has(field)) shown[field] = messages;
    for (const [field, messages] of Object.entries(serverErrors)) shown[field] ??= messages;
    return shown;
  }, [suiteErrors, serverErrors, submitted, visible]);

  const touch = useCallback((field: string) => setVisible((v) => (v.has(field) ? v : new Set(v).add(field))), []);

  const setValue = useCallback(<K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _dropped, ...rest } = e;
      return rest;
    });
    setFormError(null);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    if (inFlight.current) return;
    if (Object.keys(suiteErrors).length > 0) {
      // Move focus to the first field in error, so a keyboard or screen-reader user hears it.
      queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setFormError(null);
    submit(values)
      .catch((error: unknown) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) setServerErrors(fieldErrors);
        const named = fieldErrors && Object.keys(fieldErrors).some((f) => f in values);
        if (!named) setFormError(errorMessage(error));
      })
      .finally(() => {
        inFlight.current = false;
        setSubmitting(false);
      });
  };

  return {
    values,
    errors,
    formError,
    isSubmitting,
    setValue,
    touch,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (value) => {
        setValue(name, value);
        // A field already showing an error re-checks as the user types.
        if (errors[name]) touch(name);
      },
      onBlur: () => touch(name),
      isInvalid: !!errors[name],
      errorMessage: errors[name]?.join(' '),
    }),
    onSubmit,
    setFormError,
  };
}

function clean(errors: Record<string, string[] | undefined>): Errors {
  const out: Errors = {};
  for (const [field, messages] of Object.entries(errors)) if (messages && messages.length > 0) out[field] = messages;
  return out;
}

/** The `errors` of a 422 answer, by field. */
export function serverFieldErrors(error: unknown): Errors | null {
  if (!(error instanceof FetchError)) return null;
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const out: Errors = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return Object.keys(out).length ? out : null;
}
