import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { BillOfMaterials } from '#features/quote/components/bill-of-materials';

const frame = {
  id: 'as1',
  name: 'frame.step',
  quantity: 2,
  parts: [
    { id: 'rod', name: 'Rod', perAssembly: 2, quantity: 4, totalCents: 800 },
    { id: 'plate', name: 'Plate', perAssembly: 1, quantity: 2, totalCents: 1_000 },
  ],
};

test('the assembly with its parts as a tree; the number of assemblies is committed once; a part is configured by keyboard', { timeout: 20_000 }, async () => {
  const onQuantity = vi.fn();
  const onConfigure = vi.fn();
  render(<BillOfMaterials assemblies={[frame]} onQuantity={onQuantity} onConfigure={onConfigure} pendingId={null} error={null} />);
  const tree = screen.getByRole('treegrid', { name: 'Bill of materials of frame.step' });
  expect(within(tree).getAllByRole('row').map((r) => r.textContent)).toEqual(['frame.step2 assemblies · $18.00', 'Rod2 per assembly · 4 in all', 'Plate1 per assembly · 2 in all']);
  const user = userEvent.setup();
  const field = screen.getByRole('textbox', { name: 'Assemblies of frame.step' });
  await user.clear(field);
  await user.type(field, '7');
  expect(onQuantity).not.toHaveBeenCalled();
  await user.tab();
  expect(onQuantity).toHaveBeenCalledExactlyOnceWith('as1', 7);
  // The Tab that committed it went into the tree, on the assembly's row: down to Rod, Enter.
  expect(document.activeElement).toBe(within(tree).getAllByRole('row')[0]);
  await user.keyboard('{ArrowDown}{Enter}');
  expect(onConfigure).toHaveBeenCalledWith('rod');
});
