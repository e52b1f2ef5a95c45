import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BillOfMaterials, type BomAssembly } from '#features/quote/components/bill-of-materials';

const FRAME: BomAssembly = {
  id: 'as1',
  name: 'as1-oc-214.stp',
  quantity: 3,
  parts: [
    { id: 'p1', name: 'as1 / rod', perAssembly: 2, quantity: 6, totalCents: 2_520 },
    { id: 'p2', name: 'as1 / rod-end', perAssembly: 4, quantity: 12, totalCents: 3_720 },
    { id: 'p3', name: 'as1 / plate', perAssembly: 1, quantity: 3, totalCents: 4_410 },
  ],
};

const meta = {
  title: 'Features/Quote/BillOfMaterials',
  component: BillOfMaterials,
  args: { assemblies: [FRAME], onQuantity: fn(), onConfigure: fn(), pendingId: null, error: null },
  decorators: [(Story) => <div className="max-w-xl"><Story /></div>],
} satisfies Meta<typeof BillOfMaterials>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The assembly and its parts with their count per assembly; the number of assemblies sets every part's quantity. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const tree = canvas.getByRole('treegrid', { name: 'Bill of materials of as1-oc-214.stp' });
    await expect(within(tree).getAllByRole('row')).toHaveLength(4);
    await expect(tree).toHaveTextContent('3 assemblies · $106.50');
    await expect(tree).toHaveTextContent('4 per assembly · 12 in all');
    const field = canvas.getByRole('textbox', { name: 'Assemblies of as1-oc-214.stp' });
    await userEvent.clear(field);
    await userEvent.type(field, '5{Enter}');
    await expect(args.onQuantity).toHaveBeenCalledWith('as1', 5);
    // A part chosen in the tree is configured.
    await userEvent.click(within(tree).getByText('as1 / plate'));
    await expect(args.onConfigure).toHaveBeenCalledWith('p3');
  },
};

/** While the server sets the parts' quantities, and when it refused the number. */
export const UpdatingAndRefused: Story = {
  args: {
    assemblies: [FRAME, { ...FRAME, id: 'as2', name: 'gearbox.step', quantity: 1, parts: [{ id: 'g1', name: 'Body 1', perAssembly: 8, quantity: 8, totalCents: null }] }],
    pendingId: 'as1',
    error: { assemblyId: 'as2', reason: 'That many assemblies would make more than 100,000 of a part that is 8 to an assembly: choose fewer assemblies.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Setting every part’s quantity…')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Assemblies of gearbox.step' })).toHaveAttribute('aria-invalid', 'true');
  },
};
