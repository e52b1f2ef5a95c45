import type { Meta, StoryObj } from '@storybook/react-vite';
import { parseDate, type CalendarDate, type DateValue } from '@internationalized/date';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Calendar, CalendarPlace } from '#ui/calendar';
import { classNameArg } from './arg-types.ts';

const NOTES: Record<string, string> = {
  '2026-11-25': 'Express ships this day (2 working days)',
  '2026-11-27': 'Standard ships this day (4 working days)',
  '2026-12-01': 'Economy ships this day (6 working days)',
};
const note = (d: DateValue) => NOTES[d.toString()];

const meta = {
  title: 'UI/Calendar',
  component: Calendar<CalendarDate>,
  args: {
    label: 'Ship date of each lead time',
    defaultValue: parseDate('2026-11-27'),
    minValue: parseDate('2026-11-25'),
    maxValue: parseDate('2026-12-01'),
    isDateUnavailable: (d: DateValue) => !note(d),
    dateNote: note,
    onChange: fn(),
  },
  argTypes: {
    label: { control: 'text', description: 'The calendar’s name (its month is its heading).', table: { category: 'Content' } },
    dateNote: { control: false, description: 'What a date stands for: said after the date, marked by a dot.', table: { category: 'Content' } },
    isDateUnavailable: { control: false, table: { category: 'Value' } },
    isReadOnly: { control: 'boolean', table: { category: 'State' } },
    isDisabled: { control: 'boolean', table: { category: 'State' } },
    errorMessage: { control: 'text', table: { category: 'Validation' } },
    onChange: { control: false, table: { category: 'Events' } },
    ...classNameArg,
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Calendar<CalendarDate>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three noted days, one chosen; by keyboard, the arrows move and Enter takes a noted day. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The month is drawn in a render of its own (ADR 265).
    const chosen = await canvas.findByRole('button', { name: /November 27, 2026 selected/ });
    await expect(chosen).toHaveAccessibleDescription('Standard ships this day (4 working days)');
    chosen.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: /November 25, 2026 selected/ })).toHaveFocus());
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {};

/** A day with no note cannot be taken; Page Down shows the next month's noted day. */
export const NextMonth: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    (await canvas.findByRole('button', { name: /November 27, 2026 selected/ })).focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('button', { name: /December 1, 2026/ })).toHaveFocus());
    await expect(canvas.getByText('December 2026')).toBeVisible();
  },
};

/** Said when the chosen day cannot be had (e.g. it has passed). */
export const Validation: Story = {
  args: { isInvalid: true, errorMessage: 'That day has passed: choose another.' },
  play: async ({ canvasElement }) => {
    // Once the month is drawn (ADR 265); its place holds the same words, unseen, before.
    await within(canvasElement).findByRole('application');
    await expect(within(canvasElement).getByText('That day has passed: choose another.')).toBeVisible();
  },
};

export const ReadOnly: Story = { args: { isReadOnly: true } };

/** Forced colours: the chosen day in Highlight, the noted days outlined. */
export const ForcedColours: Story = { globals: { forcedColors: 'active' } };

/**
 * While the month is drawn its place is held by `CalendarPlace` (ADR 265), the same box: months of
 * four, five and six weeks (February, November and August 2026), each beside its place, and one with
 * its error message. What follows a calendar does not move when the month arrives.
 */
export const Place: Story = {
  render: (args) => (
    <div className="flex flex-col gap-6">
      {[
        { month: '2026-02-10', error: undefined },
        { month: '2026-11-27', error: undefined },
        { month: '2026-08-12', error: undefined },
        { month: '2026-11-27', error: 'That day has passed: choose another.' },
      ].map(({ month, error }) => (
        <div key={month + (error ?? '')} className="flex items-start gap-6" data-month={month}>
          <Calendar {...args} defaultValue={parseDate(month)} minValue={undefined} maxValue={undefined} isDateUnavailable={undefined} isInvalid={!!error} errorMessage={error} />
          <CalendarPlace month={parseDate(month)} errorMessage={error} />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="application"]')).toHaveLength(4));
    for (const row of canvasElement.querySelectorAll<HTMLElement>('[data-month]')) {
      const calendar = row.querySelector('[role="application"]')!;
      const place = row.querySelector('[data-calendar-place]')!;
      await expect(place.getBoundingClientRect().height, row.dataset.month).toBe(calendar.getBoundingClientRect().height);
    }
  },
};
