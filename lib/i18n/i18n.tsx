import { Fragment, createContext, useContext, useMemo, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { IntlMessageFormat } from 'intl-messageformat';
import { messagesEn, type MessageKey, type Messages } from './messages-en.ts';

export type { MessageKey, Messages } from './messages-en.ts';

/** The one locale of the product (spec section 1: English, fixed). */
export const LOCALE = 'en-US';

/** Values for a message's ICU arguments: `{name}`, `{count, plural, …}`, `{kind, select, …}`. */
export type MessageParams = Record<string, string | number>;

/** Rich values: the same, plus a function per tag (`<link>…</link>`) that wraps the tag's content. */
export type RichParams = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

const compiled = new Map<string, IntlMessageFormat>();

/** One parse per message and locale (ICU MessageFormat, by FormatJS's intl-messageformat; ADR 065). */
function compile(source: string, locale: string): IntlMessageFormat {
  const id = `${locale}\u0000${source}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, locale);
    compiled.set(id, format);
  }
  return format;
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

function formatRich(source: string, params: RichParams | undefined, locale: string): ReactNode {
  try {
    const out = compile(source, locale).format<ReactNode>(params as never);
    // Tags give an array of parts; give each a key so React can tell them apart.
    return Array.isArray(out) ? out.map((part, i) => <Fragment key={i}>{part}</Fragment>) : out;
  } catch (error) {
    console.error(error);
    return source;
  }
}

/** Translates with the active (English) catalogue; usable outside React (toasts, error mapping, machines' inputs). */
export function t(key: MessageKey, params?: MessageParams): string {
  return formatMessage(messagesEn[key], params, LOCALE);
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
  messages: Messages;
  locale: string;
}

const CatalogueContext = createContext<Catalogue>({ messages: messagesEn, locale: LOCALE });

export function createTranslator(messages: Messages, locale: string = LOCALE): Translator {
  const translate = ((key, params) => formatMessage(messages[key], params, locale)) as Translator;
  translate.rich = (key, params) => formatRich(messages[key], params, locale);
  translate.raw = (key) => messages[key];
  return translate;
}

const englishTranslator = createTranslator(messagesEn, LOCALE);

/**
 * The app's i18n root: RAC's I18nProvider (dates, numbers, component strings) at en-US, and the
 * message catalogue. `messages` exists for tests and previews (Storybook's French toolbar); the
 * product passes nothing. `messagesLocale` sets the plural rules of that catalogue (default en-US).
 */
export function I18nRoot({ children, messages = messagesEn, messagesLocale = LOCALE }: { children: ReactNode; messages?: Messages; messagesLocale?: string }) {
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
  return useMemo(() => (messages === messagesEn && locale === LOCALE ? englishTranslator : createTranslator(messages, locale)), [messages, locale]);
}
