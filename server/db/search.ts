import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** `%`, `_` and the escape character itself, escaped for a LIKE pattern with `escape '\'`. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * `column` contains `text`, ignoring case, the same on SQLite and PostgreSQL (`lower(…) like …
 * escape '\'`): what the customer typed is matched literally, so `%` or `_` in a PO number finds
 * itself and nothing more.
 */
export function containsIgnoringCase(column: Expression<string | null>, text: string): RawBuilder<SqlBool> {
  const pattern = `%${likeEscape(text.trim().toLowerCase())}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}
