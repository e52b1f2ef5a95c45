/** A small JSON Schema (2020-12, as OpenAPI 3.1 uses it) builder for route definitions (ADR 024). */
export type JsonSchema = { [key: string]: unknown };

export const s = {
  string: (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra }),
  integer: (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra }),
  number: (extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...extra }),
  boolean: (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra }),
  nullable: (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] }),
  array: (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra }),
  enum: (values: readonly (string | number)[]): JsonSchema => ({ enum: [...values] }),
  /** Properties ending in `?` are optional: `{ 'company?': s.string() }`. */
  object: (props: Record<string, JsonSchema>, extra: JsonSchema = {}): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, value] of Object.entries(props)) {
      const optional = key.endsWith('?');
      const name = optional ? key.slice(0, -1) : key;
      properties[name] = value;
      if (!optional) required.push(name);
    }
    return { type: 'object', properties, ...(required.length ? { required } : {}), ...extra };
  },
  page: (item: JsonSchema): JsonSchema =>
    s.object({ list: s.array(item), total: s.integer(), page: s.integer(), pageSize: s.integer() }),
  ref: (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` }),
};
