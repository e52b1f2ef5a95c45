import { useLocale } from 'react-aria-components';
import { twMerge } from './tv.ts';

/**
 * Formats an integer amount in minor units (cents) as the locale's currency text.
 * The divisor follows the currency (2 decimals for USD, 0 for JPY); negative amounts get the
 * locale's minus sign, zero shows as "$0.00". Pure: usable outside React.
 */
export function formatMoney(cents: number, currency = 'USD', locale = 'en-US'): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Money amounts are integer minor units, got ${cents}`);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const value = cents / 10 ** digits;
  // Avoid "-$0.00" for negative zero.
  return format.format(Object.is(value, -0) ? 0 : value);
}

export interface MoneyProps {
  /** Integer minor units (cents). */
  cents: number;
  /** ISO 4217 code; the product charges cards in USD. */
  currency?: string;
  className?: string;
}

/** An amount of money in the current locale (RAC's I18nProvider), in tabular figures. */
export function Money({ cents, currency = 'USD', className }: MoneyProps) {
  const { locale } = useLocale();
  return <span className={twMerge('tabular-nums', cents < 0 && 'text-danger-700', className)}>{formatMoney(cents, currency, locale)}</span>;
}
