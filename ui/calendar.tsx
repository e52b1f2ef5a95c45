import { useDeferredValue, useId, useLayoutEffect, useRef } from 'react';
import {
  Button as RACButton,
  Calendar as RACCalendar,
  CalendarCell as RACCalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  Text,
  useLocale,
  type CalendarProps as RACCalendarProps,
  type DateValue,
} from 'react-aria-components';
import { getLocalTimeZone, getWeeksInMonth, today, type CalendarDate } from '@internationalized/date';
import { focusRing } from './focus-ring.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';
import { composeTailwindRenderProps, tv } from './tv.ts';

export interface CalendarProps<T extends DateValue> extends Omit<RACCalendarProps<T>, 'children' | 'visibleDuration'> {
  /** The calendar's name (it has no visible label; its month is its heading). */
  label: string;
  /**
   * What a date stands for, if anything (e.g. which lead time ships that day): said after the date
   * (the cell's description) and marked on the cell by a dot, so it never rests on colour alone.
   */
  dateNote?: (date: CalendarDate) => string | undefined;
  errorMessage?: string;
}

const navButton = tv({
  extend: focusRing,
  base: 'flex size-10 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 pressed:bg-neutral-200 disabled:text-neutral-300 forced-colors:text-[ButtonText] forced-colors:disabled:text-[GrayText]',
});

const cellStyles = tv({
  extend: focusRing,
  base: 'relative flex size-10 cursor-default items-center justify-center rounded-control text-body tabular-nums forced-color-adjust-none outside-month:invisible',
  variants: {
    isSelected: {
      false: 'text-neutral-900 hover:bg-neutral-100 pressed:bg-neutral-200 forced-colors:text-[CanvasText]',
      true: 'bg-brand-600 font-semibold text-neutral-0 forced-colors:bg-[Highlight] forced-colors:text-[HighlightText]',
    },
    isUnavailable: { true: 'text-neutral-600 hover:bg-transparent forced-colors:text-[GrayText]' },
    isDisabled: { true: 'text-neutral-300 forced-colors:text-[GrayText]' },
    isMarked: { true: 'border-2 border-brand-600 forced-colors:border-[Highlight]' },
  },
});

/**
 * A month of days (react-aria-components' Calendar): arrows move by day, Page Up/Down by month,
 * Enter or Space chooses the focused date; each date is announced with its note. One month is
 * shown at a time, so it reads at 320 px (seven cells of 40 px).
 *
 * Its month (up to 42 cells, each with React Aria's hooks) is the largest part of a screen that
 * shows one (the quote's configurator: about a third of its first render at a phone's CPU), so it
 * is drawn in a render of its own that React slices between frames (`useDeferredValue`'s initial
 * value, ADR 265): the first render holds its place with `CalendarPlace`, the same box, empty.
 */
export function Calendar<T extends DateValue>({ label, dateNote, errorMessage, ...props }: CalendarProps<T>) {
  const drawn = useDeferredValue(true, false);
  if (!drawn) return <CalendarPlace month={props.focusedValue ?? props.defaultFocusedValue ?? props.value ?? props.defaultValue ?? null} errorMessage={errorMessage} />;
  return (
    <RACCalendar {...props} aria-label={label} className={composeTailwindRenderProps(props.className, 'w-fit')}>
      <div className="flex items-center gap-1 pb-2">
        <RACButton slot="previous" className={navButton()}>
          <ChevronLeftIcon aria-hidden />
        </RACButton>
        <Heading className="mx-2 flex-1 text-center font-semibold text-neutral-900" />
        <RACButton slot="next" className={navButton()}>
          <ChevronRightIcon aria-hidden />
        </RACButton>
      </div>
      <CalendarGrid className="border-separate border-spacing-0.5">
        <CalendarGridHeader>{(day) => <CalendarHeaderCell className="text-caption font-semibold text-neutral-600">{day}</CalendarHeaderCell>}</CalendarGridHeader>
        <CalendarGridBody>{(date) => <NotedCell date={date} note={dateNote?.(date)} />}</CalendarGridBody>
      </CalendarGrid>
      {errorMessage && (
        <Text slot="errorMessage" className="text-caption text-danger-700">
          {errorMessage}
        </Text>
      )}
    </RACCalendar>
  );
}

/**
 * The place of a calendar showing `month`'s month (today's without one) while it is drawn: the same
 * header, grid and rows as `Calendar`, empty and unseen, so what follows it does not move when the
 * month arrives (its stories compare the two heights).
 */
export function CalendarPlace({ month, errorMessage }: { month: DateValue | null; errorMessage?: string }) {
  const { locale } = useLocale();
  const weeks = getWeeksInMonth(month ?? today(getLocalTimeZone()), locale);
  return (
    <div aria-hidden className="invisible w-fit" data-calendar-place="">
      <div className="flex items-center gap-1 pb-2">
        <div className="size-10" />
        <div className="mx-2 flex-1" />
        <div className="size-10" />
      </div>
      <table className="border-separate border-spacing-0.5">
        <thead>
          <tr>
            {DAYS.map((day) => (
              <th key={day} className="text-caption font-semibold">
                {'\u00a0'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: weeks }, (_, week) => (
            <tr key={week}>
              {DAYS.map((day) => (
                <td key={day}>
                  <div className="size-10" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {errorMessage && <span className="text-caption">{errorMessage}</span>}
    </div>
  );
}

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * A day, with its note as the cell's description. RAC names the cell by its date and takes no
 * description of ours, so the note's id is set on the cell's button once it is drawn (the
 * attribute React does not manage; RAC sets its own only for an invalid date, which this calendar
 * never has).
 */
function NotedCell({ date, note }: { date: CalendarDate; note: string | undefined }) {
  const id = useId();
  const ref = useRef<HTMLTableCellElement>(null);
  useLayoutEffect(() => {
    const button = ref.current?.firstElementChild;
    if (!button) return;
    if (note) button.setAttribute('aria-describedby', id);
    else button.removeAttribute('aria-describedby');
  });
  return (
    <RACCalendarCell ref={ref} date={date} className={(state) => cellStyles({ ...state, isMarked: note !== undefined })} data-noted={note ? 'true' : undefined}>
      {({ formattedDate }) => (
        <>
          {formattedDate}
          {note && (
            <>
              <span aria-hidden className="absolute bottom-1 size-1.5 rounded-full bg-current" />
              <span id={id} hidden>
                {note}
              </span>
            </>
          )}
        </>
      )}
    </RACCalendarCell>
  );
}
