import { useMemo } from 'react';
import { useLocale } from 'react-aria-components';
import { LOCALE } from './i18n.tsx';

/** How much of a calendar day to show: `medium` "Nov 27, 2026", `weekday` "Fri, Nov 27, 2026", `long` "November 27, 2026". */
export type DayStyle = 'medium' | 'weekday' | 'long';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  weekday: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  long: { year: 'numeric', month: 'long', day: 'numeric' },
};

/**
 * The app's formatters for one locale: every date, amount and number on screen goes through
 * these (house style: "numbers, money and dates go through the locale's formatters").
 */
export interface Formatter {
  /** A calendar day (`YYYY-MM-DD`, e.g. a ship date): formatted as that day in every time zone. */
  date(isoDay: string, style?: DayStyle): string;
  /** An instant (ISO-8601 with a time, e.g. `createdAt`): date and time, or the date only, in the reader's time zone. */
  dateTime(iso: string, style?: 'dateTime' | 'date'): string;
  /** Integer minor units (cents) as the currency's text: `money(12345)` is "$123.45" in en-US. */
  money(cents: number, currency?: string): string;
  /** A number by the locale's grouping and decimals. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** "USD, HKD and EUR": a list joined by the locale's rules (`or` for alternatives). */
  list(items: readonly string[], type?: 'and' | 'or'): string;
}

/**
 * A calendar day (`YYYY-MM-DD`, or the day of an ISO date-time) as the instant of its midnight in
 * UTC, formatted in UTC below. Plain Intl, not @internationalized/date: its calendar arithmetic
 * (16 KB) was in every page that shows a date, for one parse (ADR 133).
 */
function utcDay(isoDay: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) throw new RangeError(`Not a calendar day: ${isoDay}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Years 0–99 would be read as 1900–1999 by the constructor's legacy rule; setUTCFullYear does not.
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) throw new RangeError(`Not a calendar day: ${isoDay}`);
  return date;
}

export function createFormatter(locale: string = LOCALE): Formatter {
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions) => {
    const id = JSON.stringify(options);
    let format = numberFormats.get(id);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      numberFormats.set(id, format);
    }
    return format;
  };
  const dayFormats = new Map<DayStyle, Intl.DateTimeFormat>();
  // One formatter per style; Intl.DateTimeFormat reads the reader's time zone when it is made.
  const instantFormats = new Map<'dateTime' | 'date', Intl.DateTimeFormat>();
  return {
    date(isoDay, style = 'medium') {
      let format = dayFormats.get(style);
      if (!format) {
        // The day is read and shown in UTC on purpose: a calendar day has no time zone to shift it.
        format = new Intl.DateTimeFormat(locale, { ...DAY_OPTIONS[style], timeZone: 'UTC' });
        dayFormats.set(style, format);
      }
      return format.format(utcDay(isoDay));
    },
    dateTime(iso, style = 'dateTime') {
      let format = instantFormats.get(style);
      if (!format) {
        format = new Intl.DateTimeFormat(locale, { ...DAY_OPTIONS.medium, ...(style === 'dateTime' ? { hour: '2-digit', minute: '2-digit' } : {}) });
        instantFormats.set(style, format);
      }
      return format.format(new Date(iso));
    },
    money(cents, currency = 'USD') {
      if (!Number.isInteger(cents)) throw new RangeError(`Money amounts are integer minor units, got ${cents}`);
      const format = numberFormat({ style: 'currency', currency });
      const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
      const value = cents / 10 ** digits;
      return format.format(Object.is(value, -0) || value === 0 ? 0 : value);
    },
    number(value, options = {}) {
      return numberFormat(options).format(value);
    },
    list(items, type = 'and') {
      return new Intl.ListFormat(locale, { style: 'long', type: type === 'and' ? 'conjunction' : 'disjunction' }).format(items);
    },
  };
}

const formatters = new Map<string, Formatter>();

/** The formatter of a locale, made once. */
export function formatterFor(locale: string = LOCALE): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = createFormatter(locale);
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** The formatters of the current locale (RAC's I18nProvider: en-US in the product). */
export function useFormat(): Formatter {
  const { locale } = useLocale();
  return useMemo(() => formatterFor(locale), [locale]);
}
