import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PartDocumentsPanel } from '#features/quote/components/part-documents-panel';

const meta = {
  title: 'Features/Quote/PartDocumentsPanel',
  component: PartDocumentsPanel,
  args: {
    projectId: 'p1',
    fileId: 'f1',
    fileName: 'bracket.stl',
    note: null,
    drawing: null,
    onSaved: fn(),
  },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof PartDocumentsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No drawing yet: what one is for, and the button to choose it. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Choose a drawing' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save the note' })).toBeDisabled();
  },
};

/** A drawing attached and a note kept: both go with the part to the cart and the order (ADR 164). */
export const DrawingAttached: Story = {
  args: {
    note: 'M6 thread in both holes; ±0.05 mm on the bore.',
    drawing: { id: 'd1', name: 'bracket-rev-b.pdf', contentType: 'application/pdf', sizeBytes: 182_000, path: 'project/p1/files/f1/drawing' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download bracket-rev-b.pdf' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Choose another drawing' })).toBeVisible();
  },
};
