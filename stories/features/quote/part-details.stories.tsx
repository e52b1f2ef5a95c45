import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Finding } from '#domain/geometry/findings';
import type { PartMetrics } from '#domain/geometry/metrics';
import { PartDetails } from '#features/quote/components/part-details';

const metrics = {
  units: { unit: 'mm', source: 'guess', confidence: 0.6, reason: 'The part is 40 mm across, a common size in millimetres.' },
  triangleCount: 12,
  vertexCount: 8,
  bbox: { min: [0, 0, 0], max: [40, 20, 10] },
  size: [40, 20, 10],
  volumeMm3: 8000,
  areaMm2: 2800,
  shellCount: 1,
  bodyCount: 1,
  cavityCount: 0,
  shells: [],
  openEdgeCount: 0,
  nonManifoldEdgeCount: 0,
  misorientedEdgeCount: 0,
  degenerateTriangleCount: 0,
  watertight: true,
  orientation: 'outward',
  fits: { '3d-printing': true, cnc: true, 'vacuum-casting': true },
} as unknown as PartMetrics;

const openEdges: Finding = {
  code: 'open-edges',
  severity: 'error',
  message: '24 edges are open: the surface has holes.',
  fixHint: 'Close the holes so the model is watertight, then export again.',
  triangles: [1, 2, 3],
  count: 24,
} as Finding;

const meta = {
  title: 'Features/Quote/PartDetails',
  component: PartDetails,
  args: { fileName: 'bracket.stl', analysis: null, serverFile: null, onConfirmUnits: fn() },
  decorators: [(Story) => <div className="max-w-xl"><Story /></div>],
} satisfies Meta<typeof PartDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Measured, units guessed: the user is asked to confirm them. */
export const Default: Story = {
  args: { analysis: { metrics, findings: [], mesh: null, orderable: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('40.0 × 20.0 × 10.0 mm')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: 'Inches' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm units' }));
    await expect(args.onConfirmUnits).toHaveBeenCalledWith('inch');
  },
};

export const WithProblems: Story = {
  args: { analysis: { metrics: { ...metrics, watertight: false, units: { ...metrics.units, source: 'file' } } as PartMetrics, findings: [openEdges], mesh: null, orderable: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Must fix:')).toBeInTheDocument();
    await expect(canvas.getByText(/Close the holes/)).toBeInTheDocument();
  },
};

export const Reading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Reading bracket.stl…')).toBeInTheDocument();
  },
};
