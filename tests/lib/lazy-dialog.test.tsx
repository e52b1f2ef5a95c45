import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { lazyDialog } from '#lib/lazy-dialog';
import { Dialog } from '#ui/dialog';
import { Modal } from '#ui/modal';

function Content({ isOpen }: { isOpen: boolean }) {
  return isOpen ? <div role="dialog" aria-label="Edit" /> : <p>closed, still mounted</p>;
}

test('a lazy dialog is fetched at the first input on the page, drawn from its first opening, and stays mounted after it closes (ADR 140, ADR 189)', async () => {
  document.documentElement.removeAttribute('data-first-input');
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
  // Not fetched while the page loads; nothing drawn yet.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(load).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).toBeNull();
  // A key pressed anywhere: fetched before any opening, still not drawn.
  await userEvent.keyboard('{Shift}');
  expect(load).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.queryByText('closed, still mounted')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(screen.getByText('closed, still mounted')).toBeInTheDocument();
});

/** A real dialog (ui/modal, ui/dialog) whose chunk the test releases when it likes. */
function heldDialog() {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  function Edit({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
    return (
      <Modal isOpen={isOpen} onOpenChange={onOpenChange}>
        <Dialog title="Rename">
          <input aria-label="Name" />
        </Dialog>
      </Modal>
    );
  }
  const load = vi.fn(async () => {
    await arrived;
    return Edit;
  });
  return { load, release };
}

test('a dialog opened by keyboard before its chunk arrives opens as it arrives and takes the focus; after, it opens at once; closed, the focus is back on its button', async () => {
  document.documentElement.removeAttribute('data-first-input');
  const held = heldDialog();
  const Edit = lazyDialog(held.load, (props: { isOpen: boolean }) => props.isOpen);
  function Parent() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Rename
        </button>
        <Edit isOpen={open} onOpenChange={setOpen} />
      </>
    );
  }
  render(<Parent />);
  // Tab (the first input: the fetch starts) and Enter, the chunk still on its way.
  await userEvent.tab();
  expect(held.load).toHaveBeenCalledTimes(1);
  await userEvent.keyboard('{Enter}');
  expect(screen.queryByRole('dialog')).toBeNull();
  held.release();
  const dialog = await screen.findByRole('dialog', { name: 'Rename' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
  // Again, the chunk there: open at once, the focus in it.
  await userEvent.keyboard('{Enter}');
  const again = await screen.findByRole('dialog', { name: 'Rename' });
  await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
});
