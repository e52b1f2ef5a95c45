import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { LazySelect } from '#ui/lazy-select';

const TITLES = [
  { id: 'engineer', name: 'Engineer' },
  { id: 'buyer', name: 'Buyer' },
];

// The select's code arrives when the test says (the second test opens the gate).
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
});
vi.mock('#ui/select', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

// Each test is a page on which the visitor has not pressed anything yet. The select's code, once
// fetched, stays: the tests run in this order.
beforeEach(() => document.documentElement.removeAttribute('data-first-input'));

test('until the first input on the page a lazy select is drawn as it will look, its code not fetched; disabled only when the select is (ADR 140, ADR 189)', async () => {
  const { container, unmount } = render(
    <>
      <LazySelect label="Job title" placeholder="Choose" items={TITLES} selectedKey="engineer" textOf={(item) => item.name} />
      <LazySelect label="Industry" items={TITLES} selectedKey="buyer" isDisabled textOf={(item) => item.name} />
    </>,
  );
  // The label and the chosen option, on a button that takes the focus and a press.
  expect(screen.getByRole('button', { name: 'Job title Engineer' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Industry Buyer' })).toBeDisabled();
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The select's hidden <select> is not there: still the stand-in.
  expect(container.querySelector('select')).toBeNull();
  unmount();
});

test('reached by Tab and opened by Enter before its code arrives, the select opens as it arrives, its list focused', async () => {
  const onSelectionChange = vi.fn();
  const { container } = render(<LazySelect label="Job title" placeholder="Choose" items={TITLES} onSelectionChange={onSelectionChange} textOf={(item) => item.name} />);
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Job title Choose' })).toHaveFocus();
  expect(container.querySelector('select')).toBeNull();
  await userEvent.keyboard('{Enter}');
  expect(container.querySelector('select')).toBeNull();
  gate.open();
  const listbox = await screen.findByRole('listbox');
  await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
  await userEvent.keyboard('{End}{Enter}');
  expect(onSelectionChange).toHaveBeenCalledWith('buyer');
});

test('once fetched, a lazy select is drawn as the select at once, with its choice', async () => {
  const onSelectionChange = vi.fn();
  const { container } = render(<LazySelect label="Job title" placeholder="Choose" items={TITLES} selectedKey="engineer" onSelectionChange={onSelectionChange} textOf={(item) => item.name} />);
  expect(container.querySelector('select')).not.toBeNull();
  await userEvent.click(screen.getByRole('button', { name: /Engineer/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Buyer' }));
  expect(onSelectionChange).toHaveBeenCalledWith('buyer');
});
