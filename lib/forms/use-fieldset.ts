import { useCallback, useMemo, useState } from 'react';
import { isLazySuite, suiteArrival, suiteNow, useLazy, type SuiteSource } from './lazy-suite.ts';

/** The part of a vest suite a form needs (the shared suites of domain/rules). */
export interface FormSuite {
  run(data: never): { getErrors(): Record<string, string[] | undefined> };
}

export type FieldErrors = Record<string, string[]>;

/** Props for a RAC field bound to one value: name, value, onChange, onBlur, and its error. */
export interface BoundField<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  isInvalid: boolean;
  errorMessage: string | undefined;
}

/**
 * A group of fields with its own rules (a vest suite): an address inside the checkout, the same
 * address in the address book. It shows a field's errors once the field was left, or all of them
 * once `check()` ran; the server's field errors land on the same fields until the field changes.
 */
export interface Fieldset<T extends Record<string, unknown>> {
  values: T;
  /** Errors to show now. */
  errors: FieldErrors;
  /** The suite's errors whether shown or not (empty when the rules pass). */
  ruleErrors: FieldErrors;
  setValue<K extends keyof T & string>(field: K, value: T[K]): void;
  /** Marks a field as visited: its errors show from now on. */
  touch(field: keyof T & string): void;
  field<K extends keyof T & string>(field: K): BoundField<T[K]>;
  /** Shows every error; answers whether the rules pass (false while a lazy suite has not arrived: see `arrival`). */
  check(): boolean;
  /** Null when the rules can run now; else the promise of the lazy suite's arrival. */
  arrival(): Promise<unknown> | null;
  setServerErrors(errors: FieldErrors): void;
  /** New values (another address to edit); nothing shows as visited. */
  reset(values: T): void;
}

/**
 * What a form that embeds a fieldset from another feature needs of it (composition, ADR 085): check
 * it before the submit, read what the API takes, and put the server's field errors on its fields.
 */
export interface ComposedFieldset<Input> {
  check(): boolean;
  /** Null when its rules can run now; else the promise of its suite's arrival (lib/forms/lazy-suite.ts). */
  arrival(): Promise<unknown> | null;
  input(): Input;
  setServerErrors(errors: FieldErrors): void;
}

export function useFieldset<T extends Record<string, unknown>>(source: SuiteSource, initial: T): Fieldset<T> {
  const [values, setValues] = useState<T>(initial);
  // A lazy suite (ADR 140): fetched when the fieldset mounts; the render after its arrival runs it.
  const arrived = useLazy(isLazySuite(source) ? source : null);
  const suite = isLazySuite(source) ? arrived : source;
  const [visible, setVisible] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const ruleErrors = useMemo(() => (suite ? clean(suite.run(values as never).getErrors()) : {}), [suite, values]);
  const errors = useMemo(() => {
    const shown: FieldErrors = {};
    for (const [field, messages] of Object.entries(ruleErrors)) if (showAll || visible.has(field)) shown[field] = messages;
    for (const [field, messages] of Object.entries(serverErrors)) shown[field] ??= messages;
    return shown;
  }, [ruleErrors, serverErrors, showAll, visible]);

  const touch = useCallback((field: string) => setVisible((v) => (v.has(field) ? v : new Set(v).add(field))), []);

  const setValue = useCallback(<K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _dropped, ...rest } = e;
      return rest;
    });
  }, []);

  const reset = useCallback((next: T) => {
    setValues(next);
    setVisible(new Set());
    setShowAll(false);
    setServerErrors({});
  }, []);

  return {
    values,
    errors,
    ruleErrors,
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
    check: () => {
      setShowAll(true);
      // A lazy suite may have arrived since this render: run what is there now.
      const now = suiteNow(source);
      if (!now) return false;
      return Object.keys(now === suite ? ruleErrors : clean(now.run(values as never).getErrors())).length === 0;
    },
    arrival: () => suiteArrival(source),
    setServerErrors,
    reset,
  };
}

function clean(errors: Record<string, string[] | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) if (messages && messages.length > 0) out[field] = messages;
  return out;
}
