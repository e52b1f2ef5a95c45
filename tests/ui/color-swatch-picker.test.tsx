import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColorSwatchPicker, applyMaximum } from '#ui/color-swatch-picker';

const ids = ['a', 'b', 'c', 'd'];

describe('applyMaximum', () => {
  it('accepts a change within the maximum', () => {
    expect(applyMaximum(new Set(['a']), new Set(['a', 'b']), ids, 2)).toEqual({ selected: new Set(['a', 'b']), refused: false });
  });
  it('refuses a change beyond the maximum and keeps the previous selection', () => {
    expect(applyMaximum(new Set(['a', 'b']), new Set(['a', 'b', 'c']), ids, 2)).toEqual({ selected: new Set(['a', 'b']), refused: true });
  });
  it('refuses "select all" beyond the maximum', () => {
    expect(applyMaximum(new Set(), 'all', ids, 2).refused).toBe(true);
    expect(applyMaximum(new Set(), 'all', ids, 4)).toEqual({ selected: new Set(ids), refused: false });
  });
  it('always lets the user remove colours, even when over the maximum', () => {
    expect(applyMaximum(new Set(['a', 'b', 'c']), new Set(['a', 'b']), ids, 1)).toEqual({ selected: new Set(['a', 'b']), refused: false });
  });
});

const colors = [
  { id: 'black', name: 'Jet black', value: '#1b1b1b' },
  { id: 'white', name: 'Pure white', value: '#f6f6f4' },
  { id: 'red', name: 'Signal red', value: '#a02128' },
];

describe('<ColorSwatchPicker>', () => {
  it('refuses a choice past the maximum and announces why', async () => {
    const onChange = vi.fn();
    render(<ColorSwatchPicker label="Painting colours" colors={colors} maxSelected={2} onChange={onChange} />);
    await userEvent.click(screen.getByRole('option', { name: 'Jet black' }));
    await userEvent.click(screen.getByRole('option', { name: 'Pure white' }));
    expect(onChange).toHaveBeenLastCalledWith(['black', 'white']);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.click(screen.getByRole('option', { name: 'Signal red' }));
    expect(screen.getByRole('option', { name: 'Signal red' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('You can choose up to 2 colours. Remove one to choose another.');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('listbox', { name: 'Painting colours' })).toHaveAccessibleDescription('2 of 2 chosen');
  });
});
