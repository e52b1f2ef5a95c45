import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { lazyDialog } from '#lib/lazy-dialog';

function Content({ isOpen }: { isOpen: boolean }) {
  return isOpen ? <div role="dialog" aria-label="Edit" /> : <p>closed, still mounted</p>;
}

test('a lazy dialog is fetched when its parent mounts, drawn from its first opening, and stays mounted after it closes (ADR 140)', async () => {
  const load = vi.fn(async () => Content);
  const Dialog = lazyDialog(load, (props: { isOpen: boolean }) => props.isOpen);
  function Parent() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen((o) => !o)}>Toggle</button>
        <Dialog isOpen={open} />
      </>
    );
  }
  render(<Parent />);
  // Fetched at mount, before any opening; nothing drawn yet.
  expect(load).toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByText('closed, still mounted')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(screen.getByText('closed, still mounted')).toBeInTheDocument();
});
