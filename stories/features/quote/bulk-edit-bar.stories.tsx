import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import { BulkEditBar } from '#features/quote/components/bulk-edit-bar';

const resin = defaultConfiguration('3d-printing');
const clear = { ...resin, materialId: 'sla-clear-resin', colourId: 'clear' };

const meta = {
  title: 'Features/Quote/BulkEditBar',
  component: BulkEditBar,
  args: { process: '3d-printing', configurations: [resin, resin, clear], count: 3, onApply: fn(), onClear: fn(), result: null },
  decorators: [(Story) => <div className="max-w-3xl"><Story /></div>],
} satisfies Meta<typeof BulkEditBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three ticked parts: the colour chosen from what their materials offer, applied to all three by keyboard. */
export const ChangeSeveralParts: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Change the 3 ticked parts' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /What to change/ }));
    await userEvent.click(await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'Colour' }));
    await userEvent.click(canvas.getByRole('button', { name: /New Colour/ }));
    const options = within(canvasElement.ownerDocument.body);
    await expect(await options.findByRole('option', { name: 'Clear' })).toBeInTheDocument();
    await userEvent.click(options.getByRole('option', { name: 'Black' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Apply to 3 parts' }));
    await expect(args.onApply).toHaveBeenCalledWith({ field: 'colour', colourId: 'black' });
  },
};

/** After a change: one summary, politely said, of what took it and what kept its configuration, with why. */
export const SummaryWithKeptParts: Story = {
  args: {
    result: {
      change: { field: 'colour', colourId: 'black' },
      changed: 2,
      kept: [
        { id: 'p3', name: 'lens-cover.stl', reason: { kind: 'rule', message: 'Clear resin does not come in Black.' } },
        { id: 'p4', name: 'gear.3mf', reason: { kind: 'not-ready' } },
      ],
      seq: 1,
    },
  },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Colour changed on 2 parts.');
    await expect(status).toHaveTextContent('2 parts keep their configuration (lens-cover.stl and gear.3mf):');
    await expect(status).toHaveTextContent('lens-cover.stl: Clear resin does not come in Black.');
    await expect(status).toHaveTextContent('gear.3mf: its file is still being read; change it once it is priced.');
  },
};
