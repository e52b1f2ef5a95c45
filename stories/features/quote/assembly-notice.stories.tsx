import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Assembly } from '#domain/api/quote';
import { AssemblyNotice } from '#features/quote/components/assembly-notice';

/** The CAx-IF AS1 assembly: 18 solids, 5 different parts. */
const as1: Assembly = {
  bodyCount: 18,
  partCount: 5,
  parts: [
    { name: 'Nut', count: 8 },
    { name: 'Bolt', count: 6 },
    { name: 'L-bracket', count: 2 },
    { name: 'Rod', count: 1 },
    { name: 'Plate', count: 1 },
  ],
  offered: true,
};

const meta = {
  title: 'Features/Quote/AssemblyNotice',
  component: AssemblyNotice,
  args: { assembly: as1, onSplit: fn(), onKeep: fn(), pending: null, error: null },
  decorators: [(Story) => <div className="max-w-xl"><Story /></div>],
} satisfies Meta<typeof AssemblyNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the file holds, and the two choices. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This file holds 18 bodies: 5 different parts (8 × Nut, 6 × Bolt, 2 × L-bracket, 1 × Rod, and 1 × Plate).')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Split into 5 parts' }));
    await expect(args.onSplit).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Keep as one part' }));
    await expect(args.onKeep).toHaveBeenCalledOnce();
  },
};

/** More parts than the summary lists: the list ends with an ellipsis. */
export const ManyParts: Story = {
  args: {
    assembly: { bodyCount: 64, partCount: 30, parts: Array.from({ length: 20 }, (_, i) => ({ name: `Body ${i + 1}`, count: i < 10 ? 3 : 1 })), offered: true },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/30 different parts \(3 × Body 1, .*, and 1 × Body 20, …\)/)).toBeInTheDocument();
  },
};

/** The split under way: its button shows progress, the other waits. */
export const Splitting: Story = {
  args: { pending: 'split' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Keep as one part' })).toBeDisabled();
  },
};

/** The server refused (here: a second tab split it first), in its words. */
export const Refused: Story = {
  args: { error: 'This file was already split into parts: they are in the project’s list of files.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('already split into parts');
  },
};
