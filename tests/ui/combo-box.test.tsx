import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ItemComboBox } from '#ui/combo-box';

const countries = [
  { id: 'FR', name: 'France' },
  { id: 'GB', name: 'United Kingdom' },
  { id: 'US', name: 'United States' },
];

function renderCountry(onSelectionChange = vi.fn()) {
  render(<ItemComboBox label="Country" defaultItems={countries} textOf={(c) => c.name} onSelectionChange={onSelectionChange} autoComplete="shipping country-name" />);
  return { field: screen.getByRole('combobox', { name: 'Country' }), onSelectionChange };
}

test('says what it holds for autofill: React Aria’s autocomplete="off" is replaced', () => {
  const { field } = renderCountry();
  expect(field).toHaveAttribute('autocomplete', 'shipping country-name');
});

test('a whole value written at once (autofill, no key typed) chooses the item it names', () => {
  const { field, onSelectionChange } = renderCountry();
  fireEvent.change(field, { target: { value: 'united kingdom' } });
  expect(onSelectionChange).toHaveBeenCalledWith('GB');
});

test('typed key by key, a full name is only a filter: the visitor picks', async () => {
  const { field, onSelectionChange } = renderCountry();
  await userEvent.type(field, 'France');
  expect(onSelectionChange).not.toHaveBeenCalled();
  expect(screen.getByRole('option', { name: 'France' })).toBeInTheDocument();
});
