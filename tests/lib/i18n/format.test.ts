import { afterAll, describe, expect, it } from 'vitest';
import { createFormatter } from '#lib/i18n/format';

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** Node reads TZ again when it changes: each formatter made after the change sees the new zone. */
function inZone<T>(zone: string, run: () => T): T {
  process.env.TZ = zone;
  return run();
}

const ZONES = ['America/Los_Angeles', 'Asia/Tokyo', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];

describe('a calendar day', () => {
  it.each(ZONES)('is the same day in %s', (zone) => {
    inZone(zone, () => {
      const format = createFormatter('en-US');
      expect(format.date('2026-11-27')).toBe('Nov 27, 2026');
      expect(format.date('2026-11-27', 'weekday')).toBe('Fri, Nov 27, 2026');
      expect(format.date('2026-01-01', 'long')).toBe('January 1, 2026');
      // The browser's own Date parse of the same text would move it a day back west of UTC.
      expect(format.date('2026-03-01')).toBe('Mar 1, 2026');
    });
  });

  it('takes a full timestamp’s calendar part as the day', () => {
    expect(createFormatter('en-US').date('2026-11-27T00:00:00.000Z')).toBe('Nov 27, 2026');
  });

  it('follows the locale’s order and words', () => {
    expect(createFormatter('fr-FR').date('2026-11-27')).toBe('27 nov. 2026');
    expect(createFormatter('en-GB').date('2026-11-27')).toBe('27 Nov 2026');
  });

  it('refuses what is not a day', () => {
    expect(() => createFormatter('en-US').date('27/11/2026')).toThrow();
  });
});

describe('an instant', () => {
  it('is shown in the reader’s time zone', () => {
    const iso = '2026-11-27T23:30:00.000Z';
    expect(inZone('America/Los_Angeles', () => createFormatter('en-US').dateTime(iso, 'date'))).toBe('Nov 27, 2026');
    expect(inZone('Asia/Tokyo', () => createFormatter('en-US').dateTime(iso, 'date'))).toBe('Nov 28, 2026');
    expect(inZone('Asia/Tokyo', () => createFormatter('en-US').dateTime(iso))).toBe('Nov 28, 2026, 08:30 AM');
  });
});

describe('money and numbers', () => {
  it('formats integer cents by the currency’s digits', () => {
    const format = createFormatter('en-US');
    expect(format.money(12_345)).toBe('$123.45');
    expect(format.money(0)).toBe('$0.00');
    expect(format.money(-0)).toBe('$0.00');
    expect(format.money(-320)).toBe('-$3.20');
    expect(format.money(123_456_789)).toBe('$1,234,567.89');
    expect(format.money(1_000, 'JPY')).toBe('¥1,000');
    expect(() => format.money(1.5)).toThrow(RangeError);
  });

  it('follows the locale', () => {
    const fr = createFormatter('fr-FR');
    expect(fr.money(12_345)).toBe('123,45\u00a0$US');
    expect(fr.number(1234.5, { minimumFractionDigits: 2 })).toBe('1\u202f234,50');
  });

  it('groups numbers and joins lists', () => {
    const format = createFormatter('en-US');
    expect(format.number(1_000_000)).toBe('1,000,000');
    expect(format.number(0.5, { style: 'percent' })).toBe('50%');
    expect(format.list(['USD', 'HKD', 'EUR'])).toBe('USD, HKD, and EUR');
    expect(format.list(['card', 'transfer'], 'or')).toBe('card or transfer');
  });
});
