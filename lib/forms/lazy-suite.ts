import { useEffect, useState } from 'react';
import { afterFirstInput } from '../first-input.ts';
import type { FormSuite } from './use-fieldset.ts';

/**
 * A form's vest suite fetched at the visitor's first input on the page instead of with the page
 * (ADR 140, ADR 189): the suites and vest (about 20 KB gzip) live in domain/rules/*-suites.ts, which
 * no page imports statically. The form draws and takes input at once; its rules run from the moment
 * the suite has arrived (tens of milliseconds after the first press or key, before a first field is
 * left), and a submit made before then waits for it (lib/forms/use-suite-form.ts).
 */
export interface Lazy<T> {
  readonly lazy: true;
  /** The value once fetched, else null. */
  readonly loaded: T | null;
  /** Fetches once; a failed fetch is tried again on the next call. */
  load(): Promise<T>;
}

export type LazySuite = Lazy<FormSuite>;
export type SuiteSource = FormSuite | LazySuite;

/** `lazySuite(async () => (await import('#domain/rules/account-suites')).loginSuite)`. */
export function lazySuite<T = FormSuite>(fetch: () => Promise<T>): Lazy<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    lazy: true,
    get loaded() {
      return loaded;
    },
    load() {
      pending ??= fetch().then(
        (value) => (loaded = value),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** A lazy suite run with more arguments (`(values) => suite.run(values, geo)`), as a form's suite. */
export function adaptSuite<T>(base: Lazy<T>, adapt: (suite: T) => FormSuite): LazySuite {
  let adapted: FormSuite | null = null;
  const now = () => (base.loaded ? (adapted ??= adapt(base.loaded)) : null);
  return {
    lazy: true,
    get loaded() {
      return now();
    },
    load: () => base.load().then(() => now() as FormSuite),
  };
}

/**
 * The value of a lazy suite, fetched at the visitor's first input on the page (at once when there
 * has been one): null until it has arrived, then the render after its arrival has it. A failed fetch
 * leaves it null (the submit that waits for it says so).
 */
export function useLazy<T>(lazy: Lazy<T> | null): T | null {
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!lazy || lazy.loaded) return;
    let mounted = true;
    const cancel = afterFirstInput(() => {
      lazy.load().then(
        () => mounted && setArrived((n) => n + 1),
        () => undefined,
      );
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [lazy]);
  return lazy?.loaded ?? null;
}

export function isLazySuite(source: SuiteSource): source is LazySuite {
  return 'lazy' in source && source.lazy === true;
}

/** The suite to run now: a plain suite, or a lazy one once it has arrived. */
export function suiteNow(source: SuiteSource): FormSuite | null {
  return isLazySuite(source) ? source.loaded : source;
}

/** Null when the suite can run now; else the promise of its arrival. */
export function suiteArrival(source: SuiteSource): Promise<unknown> | null {
  return isLazySuite(source) && !source.loaded ? source.load() : null;
}
