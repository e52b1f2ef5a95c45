import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PartViewer } from '#features/quote/components/part-viewer';
import { ringMesh } from '../../support/generated-mesh.ts';

const ring = ringMesh();

/** Waits until three.js has drawn the part into the canvas (it loads lazily, after the first paint). */
async function drawn(canvasElement: HTMLElement) {
  await waitFor(() => expect(canvasElement.querySelector('canvas')).not.toBeNull(), { timeout: 15_000 });
  const canvas = canvasElement.querySelector('canvas') as HTMLCanvasElement;
  await waitFor(() => expect(canvas.width).toBeGreaterThan(0));
  // Two frames: the fit and the render it asks for.
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

const meta = {
  title: 'Features/Quote/PartViewer',
  component: PartViewer,
  args: { fileName: 'ring.stl', mesh: ring.mesh, sizeMm: ring.sizeMm },
  decorators: [(Story) => <div className="max-w-md"><Story /></div>],
} satisfies Meta<typeof PartViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A generated part (a 32 mm ring, 1 024 triangles) drawn with three.js, its size in text for those who cannot see it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: '3D model of ring.stl, 32.0 × 32.0 × 8.00 mm' })).toBeInTheDocument();
    await drawn(canvasElement);
  },
};

/**
 * The view turned with the toolbar's buttons: one tab stop, arrow keys between the buttons. The
 * buttons are pressed before three.js has drawn the part: the scene runs them once it is there.
 */
export const Turned: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toolbar = canvas.getByRole('toolbar', { name: '3D view' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Tilt down' }));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(within(toolbar).getByRole('button', { name: 'Rotate right' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await drawn(canvasElement);
  },
};

/** A finding looked at: its triangles (here the ring's underside, which a print would support) in red, said in the label; seen from below. */
export const Highlighted: Story = {
  args: { highlight: ring.downFacing, highlightLabel: 'Overhangs that need supports' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: /highlighted in red: Overhangs that need supports/ })).toBeInTheDocument();
    // The view turns to the highlighted triangles by itself; tilting as well would race that turn.
    await drawn(canvasElement);
  },
};
