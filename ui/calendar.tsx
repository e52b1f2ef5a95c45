import { useId, useLayoutEffect, useRef } from 'react';
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
  type CalendarProps as RACCalendarProps,
  type DateValue,
} from 'react-aria-components';
import type { CalendarDate } from '@internationalized/date';
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
 */
export function Calendar<T extends DateValue>({ label, dateNote, errorMessage, ...props }: CalendarProps<T>) {
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
