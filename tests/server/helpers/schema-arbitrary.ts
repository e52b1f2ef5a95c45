import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI documents (issue 32 item 1's fuzz
 * test): values that fit a schema, values that almost fit it (one field of the wrong kind, one
 * too long, one missing, one the schema does not name), and any JSON at all. The documents are
 * generated from the routes' zod shapes (server/http/openapi.ts), so this reads the one source.
 */
export type JsonSchema = { [key: string]: unknown };

export interface SchemaContext {
  /** `components.schemas` of the document, for `$ref`. */
  components: Record<string, JsonSchema>;
}

/** Strings a server must survive: control characters, bidi marks, very long, markup, SQL, paths. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '%00', 'NaN', '-1', '1e309', '\ud800'),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value, bounded. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308),
);

function resolve(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  let current = schema;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = { ...(ctx.components[name] ?? {}), ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  return current;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength && s.length >= minLength);
    } catch {
      // A pattern fast-check cannot read: plain text below.
    }
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, 60) });
}

/** Values that fit `schema` (as far as its keywords say; a rule beyond them may still refuse them). */
export function fitting(schema: JsonSchema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  if (depth > 6) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.length > 0) return fc.oneof(...options.map((o) => fitting(o, ctx, depth + 1)));
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fitting({ ...s, type }, ctx, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringFor(s);
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : Math.max(min, 0) + 100_000;
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1e6;
      const max = typeof s.maximum === 'number' ? s.maximum : 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (Array.isArray(s.prefixItems)) return fc.tuple(...(s.prefixItems as JsonSchema[]).map((item) => fitting(item, ctx, depth + 1)));
      const items = (s.items as JsonSchema | undefined) ?? {};
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, 3));
      return fc.array(fitting(items, ctx, depth + 1), { minLength, maxLength });
    }
    case 'object':
    default: {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((s.required ?? []) as string[]);
      const keys = Object.keys(properties);
      if (keys.length === 0) return types[0] === 'object' ? fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }) : anyJson;
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, fitting(properties[key]!, ctx, depth + 1)])),
        { requiredKeys: keys.filter((key) => required.has(key)) },
      );
    }
  }
}

/** Values that almost fit: a fitting object with one field replaced by anything, dropped, or one field added. */
export function almostFitting(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  return fc.tuple(fitting(schema, ctx), fc.nat(), anyJson, fc.constantFrom('replace', 'drop', 'add')).map(([value, pick, other, how]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return other;
    const copy = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys.length > 0 ? keys[pick % keys.length]! : 'field';
    if (how === 'drop') delete copy[key];
    else if (how === 'add') copy[`extra${pick % 3}`] = other;
    else copy[key] = other;
    return copy;
  });
}

/** What a fuzzer sends as a body: mostly near the schema, sometimes anything. */
export function bodyFor(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fitting(schema, ctx) }, { weight: 3, arbitrary: almostFitting(schema, ctx) }, { weight: 1, arbitrary: anyJson });
}
