/**
 * Working days in the factory's time zone: weekends and configured holidays are skipped, and an
 * order received at or after the daily cut-off hour counts from the next working day.
 * Why these rules and defaults: docs/decisions/011-working-days-and-cut-off.md.
 */
import { CalendarDate, fromAbsolute, getDayOfWeek, type ZonedDateTime } from '@internationalized/date';

export interface WorkingCalendar {
  /** IANA time zone of the factory, where days start and end. */
  readonly timeZone: string;
  /** Local hour (0–24) from which an order counts from the next working day. */
  readonly cutOffHour: number;
  /** Days off every week, 0 Sunday to 6 Saturday. */
  readonly weekendDays: readonly number[];
  /** Days off, ISO `YYYY-MM-DD`. */
  readonly holidays: readonly string[];
}

export const DEFAULT_WORKING_CALENDAR: WorkingCalendar = {
  timeZone: 'Asia/Shanghai',
  cutOffHour: 15,
  weekendDays: [0, 6],
  holidays: [],
};

/** More than enough for any lead time; guards against a calendar with no working day at all. */
const MAX_DAYS_SCANNED = 3700;

export function isWorkingDay(day: CalendarDate, calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR): boolean {
  // 'en-US' weeks start on Sunday, so getDayOfWeek returns 0 for Sunday ... 6 for Saturday.
  return !calendar.weekendDays.includes(getDayOfWeek(day, 'en-US')) && !calendar.holidays.includes(day.toString());
}

/** The first working day strictly after `day`. */
export function nextWorkingDay(day: CalendarDate, calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR): CalendarDate {
  let next = day.add({ days: 1 });
  for (let i = 0; !isWorkingDay(next, calendar); i++) {
    if (i > MAX_DAYS_SCANNED) throw new Error('The working calendar has no working day');
    next = next.add({ days: 1 });
  }
  return next;
}

/** `day` plus `days` working days (`days` ≥ 0); 0 gives `day` itself. */
export function addWorkingDays(day: CalendarDate, days: number, calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR): CalendarDate {
  let current = day;
  for (let i = 0; i < days; i++) current = nextWorkingDay(current, calendar);
  return current;
}

export interface ProductionStart {
  /** The working day production starts: the order day, or the next working day. */
  readonly day: CalendarDate;
  /** The order time in the factory's time zone. */
  readonly orderedAt: ZonedDateTime;
  /** True when the order came at or after the cut-off hour of a working day. */
  readonly afterCutOff: boolean;
}

/** When an order placed at `orderedAt` (an instant) starts production. */
export function productionStart(orderedAt: Date | string | number, calendar: WorkingCalendar = DEFAULT_WORKING_CALENDAR): ProductionStart {
  const zoned = fromAbsolute(toEpochMs(orderedAt), calendar.timeZone);
  const day = new CalendarDate(zoned.year, zoned.month, zoned.day);
  const hours = zoned.hour + zoned.minute / 60 + zoned.second / 3600;
  const working = isWorkingDay(day, calendar);
  const afterCutOff = working && hours >= calendar.cutOffHour;
  return { day: working && !afterCutOff ? day : nextWorkingDay(day, calendar), orderedAt: zoned, afterCutOff };
}

function toEpochMs(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid order time: ${String(value)}`);
  return ms;
}
