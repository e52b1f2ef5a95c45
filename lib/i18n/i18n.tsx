import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { messagesEn, type MessageKey, type Messages } from './messages-en.ts';

/** The one locale of the product (spec section 1: English, fixed). */
export const LOCALE = 'en-US';

export type MessageParams = Record<string, string | number>;

/** Fills `{name}` placeholders; a placeholder without a value stays as written, so a gap is visible. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Translates with the active (English) catalogue; usable outside React (toasts from machines, error mapping). */
export function t(key: MessageKey, params?: MessageParams): string {
  return interpolate(messagesEn[key], params);
}

const CatalogueContext = createContext<Messages>(messagesEn);

/**
 * The app's i18n root: RAC's I18nProvider (dates, numbers, component strings) at en-US, and the
 * message catalogue. `messages` exists for tests and for a future locale switch; the product passes nothing.
 */
export function I18nRoot({ children, messages = messagesEn }: { children: ReactNode; messages?: Messages }) {
  return (
    <I18nProvider locale={LOCALE}>
      <CatalogueContext.Provider value={messages}>{children}</CatalogueContext.Provider>
    </I18nProvider>
  );
}

/** `const t = useT(); t('pagination.pageOf', { page: 2, pageCount: 7 })`. */
export function useT(): (key: MessageKey, params?: MessageParams) => string {
  const messages = useContext(CatalogueContext);
  return useCallback((key, params) => interpolate(messages[key], params), [messages]);
}
