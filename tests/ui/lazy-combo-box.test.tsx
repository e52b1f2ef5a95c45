import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { LazyComboBox } from '#ui/lazy-combo-box';

const COUNTRIES = [
  { id: 'FR', name: 'France' },
  { id: 'GB', name: 'United Kingdom' },
];

test('a lazy combo box is drawn at once as its field, read-only, and becomes the combo box with the same value at the first input on the page (ADR 140, ADR 189)', async () => {
  document.documentElement.removeAttribute('data-first-input');
  const { container } = render(
    <>
      <input aria-label="Name" />
      <LazyComboBox label="Country" defaultItems={COUNTRIES} selectedKey="GB" textOf={(item) => item.name} />
    </>,
  );
  const standIn = screen.getByRole('combobox', { name: 'Country' });
  expect(standIn).toBeEnabled();
  expect(standIn).toHaveAttribute('readonly');
  expect(standIn).toHaveValue('United Kingdom');
  // Nothing fetched while no one has touched the page (the combo box's list button is not there).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(container.querySelector('button')).toBeNull();
  await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).not.toHaveAttribute('readonly'));
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
});

test('a combo box reached by Tab as the first input takes the focus when its code arrives, and a search then lists its options', async () => {
  document.documentElement.removeAttribute('data-first-input');
  render(<LazyComboBox label="Country" defaultItems={COUNTRIES} textOf={(item) => item.name} />);
  await userEvent.tab();
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).not.toHaveAttribute('readonly'));
  const combo = screen.getByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(combo).toHaveFocus());
  await userEvent.keyboard('Fra');
  expect(await screen.findByRole('option', { name: 'France' })).toBeInTheDocument();
});
