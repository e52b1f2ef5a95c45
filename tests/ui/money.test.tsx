import { render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { Money, formatMoney } from '#ui/money';

describe('formatMoney', () => {
  it('formats integer cents as USD by default', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
  });
  it('handles zero and negative zero without a minus sign', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
  });
  it('handles negative amounts with the locale minus', () => {
    expect(formatMoney(-500)).toBe('-$5.00');
  });
  it('follows the currency minor unit (JPY has none)', () => {
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(250000, 'EUR')).toBe('€2,500.00');
    expect(formatMoney(780000, 'HKD')).toBe('HK$7,800.00');
  });
  it('uses the locale format', () => {
    expect(formatMoney(123456, 'EUR', 'fr-FR').replace(/\s/g, ' ')).toBe('1 234,56 €');
  });
  it('refuses fractional cents rather than rounding silently', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });
});

describe('<Money>', () => {
  it('uses the RAC locale and marks negatives', () => {
    render(
      <I18nProvider locale="en-US">
        <Money cents={-1999} />
      </I18nProvider>,
    );
    expect(screen.getByText('-$19.99')).toHaveClass('text-danger-700');
  });
});
