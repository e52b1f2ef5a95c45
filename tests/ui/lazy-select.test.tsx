import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { LazySelect } from '#ui/lazy-select';

const TITLES = [
  { id: 'engineer', name: 'Engineer' },
  { id: 'buyer', name: 'Buyer' },
];

test('a lazy select is drawn at once as it will look, disabled, then becomes the select with the same choice (ADR 140)', async () => {
  const onSelectionChange = vi.fn();
  render(<LazySelect label="Job title" placeholder="Choose" items={TITLES} selectedKey="engineer" onSelectionChange={onSelectionChange} textOf={(item) => item.name} />);
  // While its chunk loads: the label and the chosen option, on a disabled button.
  const standIn = screen.getByRole('button', { name: 'Job title Engineer' });
  expect(standIn).toBeDisabled();
  // Then the select itself, operable, with the same choice.
  await waitFor(() => expect(screen.getByRole('button', { name: /Engineer/ })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: /Engineer/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Buyer' }));
  expect(onSelectionChange).toHaveBeenCalledWith('buyer');
});
