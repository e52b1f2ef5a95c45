import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { LazyComboBox } from '#ui/lazy-combo-box';

const COUNTRIES = [
  { id: 'FR', name: 'France' },
  { id: 'GB', name: 'United Kingdom' },
];

test('a lazy combo box is drawn at once as its field, disabled, then becomes the combo box with the same value (ADR 140)', async () => {
  render(<LazyComboBox label="Country" defaultItems={COUNTRIES} selectedKey="GB" textOf={(item) => item.name} />);
  const standIn = screen.getByRole('textbox', { name: 'Country' });
  expect(standIn).toBeDisabled();
  expect(standIn).toHaveValue('United Kingdom');
  const combo = await screen.findByRole('combobox', { name: 'Country' });
  expect(combo).toBeEnabled();
  expect(combo).toHaveValue('United Kingdom');
});
