/**
 * The building blocks of the API's shapes (ADR 060). Every request and response body of the API
 * is one zod schema in `domain/api/*.ts`: its TypeScript type is `z.infer` of it, the server
 * checks requests with it before a handler runs, and the OpenAPI documents are generated from it.
 *
 * The browser imports only types from `domain/api` (a lint rule says so), so zod stays out of the
 * app's bundle; `bases.ts` is the one module of this folder without a schema.
 *
 * A shape says what a field is (text, a whole number, one of a list) and bounds what the server
 * stores (every string has a maximum length, every list a maximum count). The rules a person
 * reads ("Email is required.", "Passwords must match.") stay in the vest suites of `domain/rules`,
 * which run after the shape check: a field those suites require is declared `required(...)`, so a
 * missing one reaches the rule and gets the rule's message rather than a worse one from here.
 */
import { z } from 'zod';
import { MAX } from '../rules/field-limits.ts';
import { withoutInvisible } from '../rules/invisible-characters.ts';

/** Named shapes (OpenAPI components) and field descriptions: the API's own registry. */
export const apiSchemas = z.registry<{ id?: string; description?: string; format?: string }>();

/** Registers `schema` as the OpenAPI component `id`; the document refers to it by `$ref`. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  apiSchemas.add(schema, description ? { id, description } : { id });
  return schema;
}

/** A field's description in the OpenAPI document. */
export function described<T extends z.ZodType>(schema: T, description: string): T {
  apiSchemas.add(schema, { description });
  return schema;
}

/** A file part of a `multipart/form-data` body (documented; the route streams it itself). */
export const binaryFile = () => {
  const schema = z.string();
  apiSchemas.add(schema, { format: 'binary' });
  return schema;
};

/** Storage bounds (domain/rules/field-limits.ts: the forms' checks read the same numbers). */
export { MAX };

/**
 * Text, without bidirectional controls and invisible characters (issue 32 item 11), trimmed, at
 * most `max` characters. `overwrite` keeps it a string shape, so the documents still say `maxLength`.
 */
export const text = (max: number) => z.string().overwrite(withoutInvisible).trim().max(max);

/** An id, a token or a code: at most 64 characters, never trimmed. */
export const id = () => z.string().max(MAX.id);

/** A row id in a path: 404 rather than 422 when it cannot name a row. */
export const rowId = () => z.guid();

/**
 * A field the vest suite of `domain/rules` requires: absent is the same as empty, so that the
 * rule, not the shape, says what is missing. The TypeScript type keeps it required.
 */
export const required = (schema: z.ZodString) => schema.default('');

/** Optional text the server stores as null when empty. */
export const optionalText = (max: number) => text(max).nullish();

/** An ISO-8601 instant as the server writes it (`2026-11-21T09:30:00.000Z`). */
export const instant = () => z.iso.datetime({ offset: true });

/** A calendar day, `YYYY-MM-DD`. */
export const day = () => z.iso.date();

/** Whole US cents. */
export const cents = () => z.int();

/** A page of a paginated list (spec section 3): the page asked for and the total count. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.int().min(0), page: z.int().min(1), pageSize: z.int().min(1) });
}

/** The `{ list, total }` of a list that is not paged (a user's addresses, a project's files). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.int().min(0) });
}

/** `T` with every `readonly` removed, all the way down (arrays and tuples keep their shape). */
export type Mutable<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

/**
 * True when a schema's type and a domain type describe the same values (readonly aside). The
 * engine's own types (PartMetrics, Finding, QuoteResult, PartConfiguration) stay the authority;
 * `Assert<SameShape<z.infer<typeof schema>, DomainType>>` fails the type check when the schema
 * that describes them for the API drifts.
 */
export type SameShape<A, B> = [Mutable<A>] extends [Mutable<B>] ? ([Mutable<B>] extends [Mutable<A>] ? true : false) : false;
export type Assert<T extends true> = T;

/** A schema whose values are the domain type `T` (after `SameShape` proved they match). */
export function asDomain<T>(schema: z.ZodType): z.ZodType<T> {
  return schema as unknown as z.ZodType<T>;
}

// ---------------------------------------------------------------------------------------------
// Messages of the shape check, in plain words (the rules' own messages come from domain/rules).

const FORMAT_WORDS: Record<string, string> = {
  guid: 'an id',
  uuid: 'an id',
  email: 'an email address',
  url: 'a web address',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time',
  regex: 'in the expected format',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** `addressLine1` → `Address line 1`; `items.0.fileId` → `File id`. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string');
  if (typeof last !== 'string' || last === '') return 'The request';
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Issue = z.core.$ZodRawIssue;

/** One issue of a shape check as a sentence a person can read. */
export function plainIssueMessage(issue: Issue): string {
  const label = fieldLabel(issue.path ?? []);
  const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;
  const missing = issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union');
  if (missing) return `${label} is required.`;
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} can be at most ${plural(issue.maximum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} can hold at most ${plural(issue.maximum, 'entry', 'entries')}.`;
      return `${label} can be at most ${issue.maximum}.`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${label} cannot be empty.` : `${label} must be at least ${plural(issue.minimum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} needs at least ${plural(issue.minimum, 'entry', 'entries')}.`;
      return `${label} must be at least ${issue.minimum}.`;
    case 'invalid_value':
      return issue.values.length === 1 ? `${label} must be ${String(issue.values[0])}.` : `${label} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return `${label} must be ${FORMAT_WORDS[issue.format] ?? `a valid ${issue.format}`}.`;
    case 'invalid_union':
      return `${label} is not one of the accepted kinds.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `${label} has fields this call does not take: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
    case 'invalid_element':
      return `${label} has an entry that is not valid.`;
    default:
      return issue.message ?? `${label} is not valid.`;
  }
}

/** The field → messages map of a failed shape check (keys are dotted paths, e.g. `items.0.fileId`). */
export function shapeErrors(error: z.ZodError, prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== '').join('.') || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Fields a request may not carry (issue 32 item 4): the OpenAPI documents say
// `additionalProperties: false` of every object shape, so a field a shape does not name is
// refused with a 422 that names it, not silently dropped. An object declared with a catch-all
// (`.catchall()`, `z.looseObject`) takes any further field, as its document says.

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The dotted paths of the fields of `value` that `schema` does not name, e.g. `items.0.unitPriceCents`. */
export function unknownFields(schema: z.ZodType, value: unknown, path: readonly (string | number)[] = []): string[][] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      const open = def.catchall !== undefined && defOf(def.catchall as z.ZodType).type !== 'never';
      return Object.entries(value).flatMap(([key, field]) => {
        const known = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (known) return unknownFields(known, field, [...path, key]);
        return open ? [] : [[...path, key].map(String)];
      });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return value === undefined || value === null ? [] : unknownFields(def.innerType as z.ZodType, value, path);
    case 'pipe':
      return unknownFields(def.in as z.ZodType, value, path);
    case 'lazy':
      return unknownFields((def.getter as () => z.ZodType)(), value, path);
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => unknownFields(def.element as z.ZodType, item, [...path, i])) : [];
    case 'record':
      return isPlainObject(value) ? Object.entries(value).flatMap(([key, item]) => unknownFields(def.valueType as z.ZodType, item, [...path, key])) : [];
    case 'union': {
      // The option that takes the value decides which fields are known.
      const option = (def.options as z.ZodType[]).find((candidate) => candidate.safeParse(value).success);
      return option ? unknownFields(option, value, path) : [];
    }
    case 'intersection': {
      // A field is unknown only when neither side names it.
      const right = new Set(unknownFields(def.right as z.ZodType, value, path).map((p) => p.join('.')));
      return unknownFields(def.left as z.ZodType, value, path).filter((p) => right.has(p.join('.')));
    }
    default:
      return [];
  }
}

/** The 422's field → messages for the fields a request may not carry (empty when it carries none). */
export function unknownFieldErrors(schema: z.ZodType, value: unknown, prefix?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const fieldPath of unknownFields(schema, value)) {
    const key = [prefix, ...fieldPath].filter((p) => p !== undefined && p !== '').join('.');
    errors[key] = [`"${fieldPath.at(-1)}" is not a field this call takes; remove it.`];
  }
  return errors;
}
