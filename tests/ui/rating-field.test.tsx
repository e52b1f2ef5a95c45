import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { RatingField } from '#ui/rating-field';

function Harness({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <RatingField label="Service" value={value} onChange={setValue} starLabel={(n) => `${n} of 5 stars`} />;
}

test('a rating is a radio group of stars: clicked, moved with the arrow keys, each star named', async () => {
  const user = userEvent.setup();
  render(<Harness />);
  const group = screen.getByRole('radiogroup', { name: 'Service' });
  expect(group).toBeInTheDocument();
  expect(screen.getAllByRole('radio')).toHaveLength(5);
  expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
  await user.click(screen.getByRole('radio', { name: '3 of 5 stars' }));
  expect(screen.getByRole('radio', { name: '3 of 5 stars' })).toBeChecked();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
  expect(screen.getByRole('radio', { name: '4 of 5 stars' })).toHaveFocus();
  await user.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(screen.getByRole('radio', { name: '2 of 5 stars' })).toBeChecked();
});

test('an invalid rating says why, and the stars up to the value are filled', () => {
  render(<RatingField label="Overall" value={2} onChange={() => {}} starLabel={(n) => `${n}`} isInvalid errorMessage="Please give a rating from 1 to 5." />);
  expect(screen.getByRole('radiogroup', { name: 'Overall' })).toHaveAccessibleDescription('Please give a rating from 1 to 5.');
  const filled = [...document.querySelectorAll('svg')].map((svg) => svg.getAttribute('class')?.includes('fill-warning-600'));
  expect(filled).toEqual([true, true, false, false, false]);
});
