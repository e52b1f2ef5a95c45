import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { expect, test, vi } from 'vitest';
import { Calendar } from '#ui/calendar';

// A month of cells with React Aria's focus handling: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const NOTES: Record<string, string> = { '2026-11-25': 'Express ships', '2026-11-27': 'Standard ships' };

function Noted({ onPick }: { onPick?: (d: string) => void }) {
  const [value, setValue] = useState<CalendarDate>(parseDate('2026-11-27'));
  return (
    <Calendar
      label="Ship dates"
      value={value}
      onChange={(d) => {
        setValue(d);
        onPick?.(d.toString());
      }}
      minValue={parseDate('2026-11-23')}
      maxValue={parseDate('2026-11-30')}
      isDateUnavailable={(d) => !NOTES[d.toString()]}
      dateNote={(d) => NOTES[d.toString()]}
    />
  );
}

test('a date is named by the date and described by its note; the chosen one is selected', async () => {
  render(<Noted />);
  expect(screen.getByRole('application', { name: /Ship dates/ })).toBeInTheDocument();
  const standard = screen.getByRole('button', { name: /November 27, 2026/ });
  expect(standard).toHaveAccessibleName(/selected/);
  expect(standard).toHaveAccessibleDescription('Standard ships');
  expect(screen.getByRole('button', { name: /November 25, 2026/ })).toHaveAccessibleDescription('Express ships');
  expect(screen.getByRole('button', { name: /November 26, 2026/ })).not.toHaveAccessibleDescription();
});

test('by keyboard: arrows move, Enter takes a noted date, a date without a note cannot be taken', async () => {
  const picked: string[] = [];
  render(<Noted onPick={(d) => picked.push(d)} />);
  const user = userEvent.setup();
  await user.tab();
  await user.tab();
  await user.tab();
  expect(document.activeElement).toHaveAccessibleName(/November 27, 2026/);
  await user.keyboard('{ArrowLeft}{Enter}');
  expect(document.activeElement).toHaveAccessibleName(/November 26, 2026/);
  expect(picked).toEqual([]);
  await user.keyboard('{ArrowLeft}{Enter}');
  expect(picked).toEqual(['2026-11-25']);
  expect(screen.getByRole('button', { name: /November 25, 2026/ })).toHaveAccessibleName(/selected/);
});
