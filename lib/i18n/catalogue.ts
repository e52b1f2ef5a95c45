import type { IntlMessageFormat } from 'intl-messageformat';

/**
 * A message as the production build ships it (ADR 133): the final text when the message has no
 * argument, tag, plural or select, else the ICU syntax tree FormatJS's parser gives, so the browser
 * never parses ICU at run time.
 */
export type CompiledMessage = string | Exclude<ConstructorParameters<typeof IntlMessageFormat>[0], string>;

/**
 * The English messages loaded so far: the app's catalogue is not one object in the entry. Each
 * module that uses a key brings the message with it (`scripts/vite-catalogue.ts` adds the import
 * when it builds the module), so a page's chunk carries its own words and the entry only the frame's.
 * The catalogue's source stays `lib/i18n/en/<area>.ts`, one place for each string.
 */
const sources = new Map<string, string>();
const compiled = new Map<string, CompiledMessage>();

/** Messages as ICU source (development, tests, Storybook): parsed when first formatted. */
export function addMessages(messages: Readonly<Record<string, string>>): void {
  for (const [key, source] of Object.entries(messages)) sources.set(key, source);
}

/** Messages compiled at build time (the production build). */
export function addCompiledMessages(messages: Readonly<Record<string, CompiledMessage>>): void {
  for (const [key, message] of Object.entries(messages)) compiled.set(key, message);
}

/** A loaded message, compiled or source; undefined when no loaded module has brought it (a bug: see ADR 133). */
export function loadedMessage(key: string): { compiled: CompiledMessage } | { source: string } | undefined {
  const message = compiled.get(key);
  if (message !== undefined) return { compiled: message };
  const source = sources.get(key);
  return source === undefined ? undefined : { source };
}
