import { CalendarDate, getDayOfWeek, parseDate } from '@internationalized/date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorkingDays, DEFAULT_WORKING_CALENDAR, isWorkingDay, nextWorkingDay, productionStart, type WorkingCalendar } from '#domain/lead-time/working-days';

const utc: WorkingCalendar = { timeZone: 'UTC', cutOffHour: 15, weekendDays: [0, 6], holidays: [] };

describe('working days', () => {
  it('knows the weekend (2026-11-21 is a Saturday)', () => {
    const saturday = parseDate('2026-11-21');
    expect(getDayOfWeek(saturday, 'en-US')).toBe(6);
    expect(isWorkingDay(saturday, utc)).toBe(false);
    expect(isWorkingDay(parseDate('2026-11-22'), utc)).toBe(false);
    expect(isWorkingDay(parseDate('2026-11-23'), utc)).toBe(true);
  });

  it('skips weekends and holidays when adding days', () => {
    const friday = parseDate('2026-11-27');
    expect(addWorkingDays(friday, 1, utc).toString()).toBe('2026-11-30');
    expect(addWorkingDays(friday, 5, utc).toString()).toBe('2026-12-04');
    expect(addWorkingDays(friday, 0, utc).toString()).toBe('2026-11-27');
    const withHoliday = { ...utc, holidays: ['2026-11-30'] };
    expect(addWorkingDays(friday, 1, withHoliday).toString()).toBe('2026-12-01');
  });

  it('starts production the same day before the cut-off, the next working day after', () => {
    expect(productionStart('2026-11-23T14:59:59Z', utc)).toMatchObject({ afterCutOff: false });
    expect(productionStart('2026-11-23T14:59:59Z', utc).day.toString()).toBe('2026-11-23');
    expect(productionStart('2026-11-23T15:00:00Z', utc).day.toString()).toBe('2026-11-24');
    expect(productionStart('2026-11-27T16:00:00Z', utc).day.toString()).toBe('2026-11-30');
    // A weekend order starts on Monday whatever the hour.
    expect(productionStart('2026-11-21T09:00:00Z', utc)).toMatchObject({ afterCutOff: false });
    expect(productionStart('2026-11-21T09:00:00Z', utc).day.toString()).toBe('2026-11-23');
  });

  it('reads the cut-off in the factory time zone', () => {
    // 08:00 UTC is 16:00 in Shanghai: after the 15:00 cut-off there.
    const start = productionStart(new Date('2026-11-23T08:00:00Z'), DEFAULT_WORKING_CALENDAR);
    expect(start.afterCutOff).toBe(true);
    expect(start.day.toString()).toBe('2026-11-24');
    expect(start.orderedAt.toString()).toBe('2026-11-23T16:00:00+08:00[Asia/Shanghai]');
  });

  it('refuses an invalid order time and a calendar without working days', () => {
    expect(() => productionStart('not a date', utc)).toThrow(RangeError);
    expect(() => nextWorkingDay(new CalendarDate(2026, 1, 1), { ...utc, weekendDays: [0, 1, 2, 3, 4, 5, 6] })).toThrow();
  });

  it('never lands on a weekend or holiday, and never moves backwards', () => {
    const holidays = ['2026-12-25', '2027-01-01', '2027-02-17'];
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), fc.nat({ max: 60 }), (date, days) => {
        const calendar = { ...utc, holidays };
        const start = productionStart(date, calendar);
        const ship = addWorkingDays(start.day, days, calendar);
        expect(isWorkingDay(ship, calendar)).toBe(true);
        expect(ship.compare(start.day)).toBeGreaterThanOrEqual(days === 0 ? 0 : 1);
        expect(ship.compare(start.day)).toBeGreaterThanOrEqual(days);
      }),
      { numRuns: 500 },
    );
  });
});
