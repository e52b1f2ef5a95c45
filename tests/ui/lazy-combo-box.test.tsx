import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { LazyComboBox } from '#ui/lazy-combo-box';

const COUNTRIES = [
  { id: 'FR', name: 'France' },
  { id: 'GB', name: 'United Kingdom' },
];

test('a lazy combo box is drawn at once as its field, and becomes the combo box with the same value at the first input on the page (ADR 140, ADR 189)', async () => {
  document.documentElement.removeAttribute('data-first-input');
  const { container } = render(
    <>
      <input aria-label="Name" />
      <LazyComboBox label="Country" defaultItems={COUNTRIES} selectedKey="GB" textOf={(item) => item.name} />
    </>,
  );
  const standIn = screen.getByRole('combobox', { name: 'Country' });
  expect(standIn).toBeEnabled();
  expect(standIn).toHaveValue('United Kingdom');
  // Nothing fetched while no one has touched the page (the combo box's list button is not there).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(container.querySelector('button')).toBeNull();
  await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
  await waitFor(() => expect(container.querySelector('button')).not.toBeNull());
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
});

test('a combo box reached by Tab as the first input takes the focus when its code arrives, and a search then lists its options', async () => {
  document.documentElement.removeAttribute('data-first-input');
  const { container } = render(<LazyComboBox label="Country" defaultItems={COUNTRIES} textOf={(item) => item.name} />);
  await userEvent.tab();
  await waitFor(() => expect(container.querySelector('button')).not.toBeNull());
  const combo = screen.getByRole('combobox', { name: 'Country' });
  await waitFor(() => expect(combo).toHaveFocus());
  await userEvent.keyboard('Fra');
  expect(await screen.findByRole('option', { name: 'France' })).toBeInTheDocument();
});

test('text typed while the combo box is still being fetched is kept: the combo box arrives with it and lists what it matches', async () => {
  vi.resetModules();
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  vi.doMock('#ui/combo-box', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  const { LazyComboBox: Fresh } = await import('#ui/lazy-combo-box');
  document.documentElement.removeAttribute('data-first-input');
  const { container } = render(<Fresh label="Country" defaultItems={COUNTRIES} textOf={(item) => item.name} />);
  await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'Fra');
  expect(container.querySelector('button')).toBeNull();
  release();
  await waitFor(() => expect(container.querySelector('button')).not.toBeNull());
  expect(await screen.findByRole('option', { name: 'France' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: 'United Kingdom' })).toBeNull();
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Fra');
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveFocus();
  vi.doUnmock('#ui/combo-box');
});
