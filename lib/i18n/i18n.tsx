import { Fragment, createContext, useContext, useMemo, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlMessageFormat } from 'intl-messageformat';
import { loadedMessage, type CompiledMessage } from './catalogue.ts';
import type { MessageKey, Messages } from './messages-en.ts';

export type { MessageKey, Messages } from './messages-en.ts';

/** The one locale of the product (spec section 1: English, fixed). */
export const LOCALE = 'en-US';

/** Values for a message's ICU arguments: `{name}`, `{count, plural, …}`, `{kind, select, …}`. */
export type MessageParams = Record<string, string | number>;

/** Rich values: the same, plus a function per tag (`<link>…</link>`) that wraps the tag's content. */
export type RichParams = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

const formats = new Map<string, IntlMessageFormat>();

/** One parse per message and locale (ICU MessageFormat, by FormatJS's intl-messageformat; ADR 065). */
function compile(source: string, locale: string): IntlMessageFormat {
  const id = `${locale}\u0000${source}`;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, locale);
    formats.set(id, format);
  }
  return format;
}

/** A message the build compiled (ADR 133): its syntax tree, made a formatter once per key and locale. */
function compileTree(key: string, tree: Exclude<CompiledMessage, string>, locale: string): IntlMessageFormat {
  const id = `${locale}\u0000\u0000${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(tree, locale);
    formats.set(id, format);
  }
  return format;
}

/** A compiled message written back as a template (`Page {page} of {pageCount}`) for `t.raw` and for the fallback text. */
function templateOf(message: CompiledMessage): string {
  if (typeof message === 'string') return message;
  return message.map((part) => (part.type === 0 ? part.value : `{${'value' in part ? part.value : ''}}`)).join('');
}

/**
 * What a key formats with: the final text (a compiled message with nothing to fill in) or a formatter,
 * with the text to show when formatting fails. `messages`: a given catalogue (tests, previews); without
 * it, the app's loaded messages (lib/i18n/catalogue.ts).
 */
function resolve(key: MessageKey, messages: Messages | undefined, locale: string): { text: string } | { format: IntlMessageFormat; fallback: string } {
  if (messages) return { format: compile(messages[key], locale), fallback: messages[key] };
  const loaded = loadedMessage(key);
  if (!loaded) {
    // A module used a key without bringing its message: scripts/vite-catalogue.ts did not see the key
    // as a string literal in that module (ADR 133).
    console.error(`Message "${key}" is not loaded: write its key as a string literal in the module that uses it`);
    return { text: key };
  }
  if ('source' in loaded) return { format: compile(loaded.source, locale), fallback: loaded.source };
  if (typeof loaded.compiled === 'string') return { text: loaded.compiled };
  return { format: compileTree(key, loaded.compiled, locale), fallback: templateOf(loaded.compiled) };
}

/**
 * Formats one message: plurals and selects by the locale's rules. A missing value is a bug in the
 * caller; rather than a blank screen the reader then sees the message's source, and the console says why.
 */
export function formatMessage(source: string, params?: MessageParams, locale: string = LOCALE): string {
  try {
    return String(compile(source, locale).format(params));
  } catch (error) {
    console.error(error);
    return source;
  }
}

function formatKey(key: MessageKey, params: MessageParams | undefined, messages: Messages | undefined, locale: string): string {
  const message = resolve(key, messages, locale);
  if ('text' in message) return message.text;
  try {
    return String(message.format.format(params));
  } catch (error) {
    console.error(error);
    return message.fallback;
  }
}

function formatRich(key: MessageKey, params: RichParams | undefined, messages: Messages | undefined, locale: string): ReactNode {
  const message = resolve(key, messages, locale);
  if ('text' in message) return message.text;
  try {
    const out = message.format.format<ReactNode>(params as never);
    // Tags give an array of parts; give each a key so React can tell them apart.
    return Array.isArray(out) ? out.map((part, i) => <Fragment key={i}>{part}</Fragment>) : out;
  } catch (error) {
    console.error(error);
    return message.fallback;
  }
}

function rawOf(key: MessageKey, messages: Messages | undefined): string {
  if (messages) return messages[key];
  const loaded = loadedMessage(key);
  if (!loaded) return key;
  return 'source' in loaded ? loaded.source : templateOf(loaded.compiled);
}

/** Translates with the active (English) catalogue; usable outside React (toasts, error mapping, machines' inputs). */
export function t(key: MessageKey, params?: MessageParams): string {
  return formatKey(key, params, undefined, LOCALE);
}

/** Text only: what a pure function that words something needs (both `t` and `useT()` fit). */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * What `useT()` returns: `t(key, params)` for text; `t.rich(key, { link: (chunks) => <Link>{chunks}</Link> })`
 * for a sentence with markup inside; `t.raw(key)` for a template that a `ui/` component fills itself.
 */
export interface Translator {
  (key: MessageKey, params?: MessageParams): string;
  rich(key: MessageKey, params?: RichParams): ReactNode;
  raw(key: MessageKey): string;
}

interface Catalogue {
  /** A whole catalogue given by a test or a preview; undefined: the app's English messages as loaded. */
  messages: Messages | undefined;
  locale: string;
}

const CatalogueContext = createContext<Catalogue>({ messages: undefined, locale: LOCALE });

/** A translator over a whole catalogue (tests, previews), or, without one, over the app's loaded English messages. */
export function createTranslator(messages?: Messages, locale: string = LOCALE): Translator {
  const translate = ((key, params) => formatKey(key, params, messages, locale)) as Translator;
  translate.rich = (key, params) => formatRich(key, params, messages, locale);
  translate.raw = (key) => rawOf(key, messages);
  return translate;
}

const englishTranslator = createTranslator(undefined, LOCALE);

/**
 * The app's i18n root: RAC's I18nProvider (dates, numbers, component strings) at en-US, and the
 * message catalogue. `messages` exists for tests and previews (Storybook's French toolbar); the
 * product passes nothing. `messagesLocale` sets the plural rules of that catalogue (default en-US).
 */
export function I18nRoot({ children, messages, messagesLocale = LOCALE }: { children: ReactNode; messages?: Messages; messagesLocale?: string }) {
  const value = useMemo(() => ({ messages, locale: messagesLocale }), [messages, messagesLocale]);
  return (
    <I18nProvider locale={LOCALE}>
      <CatalogueContext.Provider value={value}>{children}</CatalogueContext.Provider>
    </I18nProvider>
  );
}

/** `const t = useT(); t('pagination.pageOf', { page: 2, pageCount: 7 })`. */
export function useT(): Translator {
  const { messages, locale } = useContext(CatalogueContext);
  return useMemo(() => (messages === undefined && locale === LOCALE ? englishTranslator : createTranslator(messages, locale)), [messages, locale]);
}
