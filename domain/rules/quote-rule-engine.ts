/**
 * One rule table, two runners. Each rule's `check` is written with vest's `enforce` and throws
 * when broken. The vest suite (`suiteFromRules`) gives the UI and the server field-by-field,
 * stateful validation (`suite.only('colour').run(data)`); `runRules` evaluates the same table in
 * a few microseconds for the quote engine, which runs on every keystroke.
 *
 * Why not call the vest suite inside the quote engine: a suite run costs ~0.3 ms, and vest 6.3's
 * `runStatic` grows slower with every call on the same suite (50 calls: 5 ms each; 400: 150 ms).
 * See docs/decisions/013-quote-rules.md.
 */
import { create, group, test, warn } from 'vest';

export interface Rule<C> {
  /** The field the message belongs to ('colour', 'painting', 'file.2', ...). */
  readonly field: string;
  /** Stable and unique within one run: vest matches tests across runs by it. */
  readonly key: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
  /** Section of the form ('finishes', ...): a vest group, so a form can validate one section. */
  readonly group?: string;
  /** Throws (vest `enforce` does) when the rule is broken. */
  readonly check: (context: C) => void;
}

export interface ValidationResult {
  readonly valid: boolean;
  /** Messages by field, errors block ordering. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  readonly warnings: Readonly<Record<string, readonly string[]>>;
}

/**
 * Runs the rules in order. Like vest's default (eager) mode, a field stops being checked at its
 * first error, so each field shows the message that matters first.
 */
export function runRules<C>(rules: readonly Rule<C>[], context: C): ValidationResult {
  const errors: Record<string, string[]> = {};
  const warnings: Record<string, string[]> = {};
  for (const rule of rules) {
    if (errors[rule.field] || passes(rule, context)) continue;
    const bucket = rule.severity === 'error' ? errors : warnings;
    (bucket[rule.field] ??= []).push(rule.message);
  }
  return { valid: Object.keys(errors).length === 0, errors, warnings };
}

function passes<C>(rule: Rule<C>, context: C): boolean {
  try {
    rule.check(context);
    return true;
  } catch {
    return false;
  }
}

/**
 * A vest suite over a rule table. `toContext` turns the suite's data into the rules' context;
 * `rulesFor` lists the rules that apply to it (they depend on the data: one per insert, ...).
 */
export function suiteFromRules<D, C>(toContext: (data: D) => C, rulesFor: (context: C) => readonly Rule<C>[]) {
  return create((data: D) => {
    const context = toContext(data);
    const rules = rulesFor(context);
    for (let i = 0; i < rules.length; ) {
      // Consecutive rules of one section run inside one vest group.
      const name = rules[i]!.group;
      let end = i + 1;
      while (end < rules.length && rules[end]!.group === name) end++;
      const run = rules.slice(i, end);
      if (name) group(name, () => run.forEach((rule) => vestTest(rule, context)));
      else run.forEach((rule) => vestTest(rule, context));
      i = end;
    }
  });
}

function vestTest<C>(rule: Rule<C>, context: C): void {
  test(
    rule.field,
    rule.message,
    () => {
      if (rule.severity === 'warning') warn();
      rule.check(context);
    },
    rule.key,
  );
}

/** A vest suite's result as the same plain, serialisable shape `runRules` returns. */
export function toValidationResult(result: {
  isValid(): boolean;
  getErrors(): Record<string, string[]>;
  getWarnings(): Record<string, string[]>;
}): ValidationResult {
  return { valid: result.isValid(), errors: result.getErrors(), warnings: result.getWarnings() };
}
