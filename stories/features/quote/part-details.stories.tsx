import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Finding } from '#domain/geometry/findings';
import type { Mesh } from '#domain/geometry/mesh';
import type { PartMetrics } from '#domain/geometry/metrics';
import type { QuoteFile } from '#domain/api/quote';
import { PartDetails } from '#features/quote/components/part-details';
import { boxMetrics, storedQuoteFile } from '../../support/quote-fixtures.ts';
import gearwheel from '../../support/gearwheel-thumbnail.png';

const metrics = boxMetrics([40, 20, 10], { unit: 'mm', source: 'guess', confidence: 0.6, reason: 'The part is 40 mm across, a common size in millimetres.' });

const openEdges: Finding = {
  code: 'open-edges',
  severity: 'error',
  message: '24 edges are open: the surface has holes.',
  fixHint: 'Close the holes so the model is watertight, then export again.',
  triangles: [1, 2, 3],
  count: 24,
} as Finding;

/** The server's record of a file with these metrics. */
const stored = (m: PartMetrics, format: QuoteFile['format'] = 'stl-binary', findings: Finding[] = []): QuoteFile =>
  storedQuoteFile({ id: 'file-1', name: 'bracket.stl', sha256: '0', format, metrics: m, findings, orderable: findings.length === 0 });

const meta = {
  title: 'Features/Quote/PartDetails',
  component: PartDetails,
  args: { fileName: 'bracket.stl', status: { kind: 'known' }, analysis: null, serverFile: null, preview: 'none', onUnits: fn() },
  decorators: [(Story) => <div className="max-w-xl"><Story /></div>],
} satisfies Meta<typeof PartDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Measured, units guessed: the user is asked to confirm them. */
export const Default: Story = {
  args: { analysis: { metrics, findings: [], mesh: null, orderable: true }, serverFile: stored(metrics) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('40.0 × 20.0 × 10.0 mm')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: 'Inches' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm units' }));
    await expect(args.onUnits).toHaveBeenCalledWith({ unit: 'inch' });
  },
};

/**
 * A file written in metres (Blender's and SketchUp's default, some SolidWorks exports; ADR 275):
 * guessed from its size and asked, metres among the four choices.
 */
export const GuessedMetres: Story = {
  args: (() => {
    const m = boxMetrics([44, 14, 47], {
      unit: 'm',
      source: 'guess',
      confidence: 0.84,
      reason: 'The largest side is 0.047 units: 0.047 mm read as millimetres, 1.2 mm read as inches, 47.0 mm read as metres.',
    });
    return { fileName: 'ADIS16480.STL', analysis: { metrics: m, findings: [], mesh: null, orderable: true }, serverFile: stored(m) };
  })(),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('radiogroup', { name: 'Units of this file' });
    await expect(within(group).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Millimetres', 'Inches', 'Centimetres', 'Metres']);
    await expect(within(group).getByRole('radio', { name: 'Metres' })).toBeChecked();
    await expect(canvas.getByText(/^We guessed metres: The largest side is 0\.047 units/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm units' }));
    await expect(args.onUnits).toHaveBeenCalledWith({ unit: 'm' });
  },
};

/** The four choices on a phone: they wrap within 320 px. */
export const GuessedMetresPhone: Story = {
  ...GuessedMetres,
  globals: { viewport: { value: 'mobile' } },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
  play: async ({ canvasElement }) => {
    const metres = within(canvasElement).getByRole('radio', { name: 'Metres' }).closest('label')!;
    await expect(metres).toBeVisible();
    await expect(metres.getBoundingClientRect().right).toBeLessThanOrEqual(320);
  },
};

/**
 * A large file's walls and holes are still being measured after its price (ADR 145): the details
 * say so under the findings until they arrive.
 */
export const CheckingWallsAndHoles: Story = {
  args: {
    analysis: { metrics, findings: [], mesh: null, orderable: true },
    serverFile: { ...stored({ ...metrics, units: { ...metrics.units, source: 'user' } } as PartMetrics), checks: 'pending' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Checking wall thickness and holes… The price is final/)).toBeInTheDocument();
    // Nothing found yet is not "no problems found".
    await expect(canvas.queryByText('No problems found in this file.')).toBeNull();
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
  args: { status: { kind: 'reading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Reading bracket.stl…')).toBeInTheDocument();
  },
};

/** A file the server refused: its error state, not "Reading…". */
export const Failed: Story = {
  args: { status: { kind: 'failed', message: '"holiday.stl" is not a supported file type: upload STL, STEP, OBJ or 3MF' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/is not a supported file type/)).toBeInTheDocument();
    await expect(within(canvasElement).queryByText(/Reading/)).not.toBeInTheDocument();
  },
};

/** A STEP file whose declared units make it 25.4 times too large: read it again in millimetres. */
export const WrongDeclaredUnits: Story = {
  args: {
    fileName: 'cube-in.step',
    serverFile: stored(
      { ...metrics, size: [1000, 1000, 1000], units: { unit: 'mm', source: 'file', confidence: 1, reason: 'The file declares its units.' } } as PartMetrics,
      'step',
      [{ code: 'too-large', severity: 'error', message: 'At 1000 × 1000 × 1000 mm the part is larger than any of our machines.', fixHint: 'Split the part, scale it, or choose a process or material with a larger build volume.', triangles: [], count: 0 } as Finding],
    ),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText(/It says inches but is in millimetres/));
    await userEvent.click(canvas.getByRole('button', { name: 'Read again' }));
    await expect(args.onUnits).toHaveBeenCalledWith({ correction: 'inch-to-mm' });
  },
};

/** A reopened part whose preview is being read again from the stored file. */
export const PreviewLoading: Story = {
  args: { serverFile: stored({ ...metrics, units: { ...metrics.units, source: 'user' } } as PartMetrics), preview: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading the 3D preview…')).toBeInTheDocument();
  },
};

/** The server's picture of a stored part (a PNG drawn by server/quote/thumbnail-render.ts). */
const partPicture = http.get('*/msapi/*/project/:id/files/:fileId/thumbnail', async () => {
  const bytes = await (await fetch(gearwheel)).arrayBuffer();
  return HttpResponse.arrayBuffer(bytes, { headers: { 'Content-Type': 'image/png' } });
});

/**
 * A reopened part before the visitor's first input on its project's page (ADR 263): the server's
 * picture in the preview's place and how to get the 3D view; pointing at it asks for the preview.
 */
export const PreviewWaiting: Story = {
  args: { serverFile: stored({ ...metrics, units: { ...metrics.units, source: 'user' } } as PartMetrics), preview: 'waiting', projectId: 'project-1', onWantPreview: fn() },
  parameters: { msw: { handlers: [partPicture] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const preview = canvas.getByRole('figure', { name: '3D preview of bracket.stl' });
    await expect(within(preview).getByText(/The 3D view opens when you point at the picture/)).toBeInTheDocument();
    const picture = await within(preview).findByRole('img', { name: 'Picture of bracket.stl' });
    await waitFor(() => expect((picture as HTMLImageElement).complete && (picture as HTMLImageElement).naturalWidth > 0).toBe(true));
    await userEvent.hover(preview);
    await expect(args.onWantPreview).toHaveBeenCalled();
  },
};

/** A 40 × 20 × 10 mm block as a triangle soup, for the preview. */
function blockMesh(): Mesh {
  const [x, y, z] = [40, 20, 10];
  const quads: number[][][] = [
    [[0, 0, 0], [0, y, 0], [x, y, 0], [x, 0, 0]],
    [[0, 0, z], [x, 0, z], [x, y, z], [0, y, z]],
    [[0, 0, 0], [x, 0, 0], [x, 0, z], [0, 0, z]],
    [[0, y, 0], [0, y, z], [x, y, z], [x, y, 0]],
    [[0, 0, 0], [0, 0, z], [0, y, z], [0, y, 0]],
    [[x, 0, 0], [x, y, 0], [x, y, z], [x, 0, z]],
  ];
  const soup = quads.flatMap(([a, b, c, d]) => [...a!, ...b!, ...c!, ...a!, ...c!, ...d!]);
  return { positions: new Float32Array(soup), triangleCount: 12, bodies: [{ name: 'block', firstTriangle: 0, triangleCount: 12 }] } as unknown as Mesh;
}

const thinWall: Finding = {
  code: 'thin-wall',
  severity: 'warning',
  message: 'Walls are as thin as 0.6 mm in one region; this material needs at least 1 mm.',
  fixHint: 'Thicken the highlighted walls to at least 1 mm, or choose a material that allows thinner walls.',
  triangles: [2, 3],
  count: 2,
} as Finding;

const supports: Finding = {
  code: 'overhang-supports',
  severity: 'info',
  message: '8 cm² of the surface faces down more steeply than 45° from vertical and is printed on supports: about 4 cm³ of support material.',
  fixHint: 'Supports are printed under the highlighted faces and removed afterwards, leaving small marks.',
  triangles: [0, 1],
  count: 2,
} as Finding;

const deepHole: Finding = {
  code: 'deep-hole',
  severity: 'warning',
  message: '1 hole of Ø2 mm, 20 mm deep: 10× the diameter, deeper than the 6× a standard drill reaches.',
  fixHint: 'Deeper than 6× its diameter: a standard drill cannot reach; make it shallower or larger, or accept EDM at extra cost.',
  triangles: [4],
  count: 1,
} as Finding;

/**
 * The findings of a printing part, one chosen by keyboard: it is highlighted on the model, the
 * model takes the focus and names it, and a polite status line says it (the machining-only hole
 * finding is not listed for a printing project).
 */
export const FindingChosenOnTheModel: Story = {
  args: {
    process: '3d-printing',
    analysis: { metrics: { ...metrics, units: { ...metrics.units, source: 'user' } } as PartMetrics, findings: [thinWall, supports, deepHole], mesh: blockMesh(), orderable: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/deeper than the 6×/)).not.toBeInTheDocument();
    const show = canvas.getAllByRole('button', { name: 'Show on the model' })[0]!;
    show.focus();
    await userEvent.keyboard('{Enter}');
    const model = canvas.getByRole('img', { name: /highlighted in red: Walls are as thin as 0\.6 mm/ });
    await expect(model).toHaveFocus();
    // The finding's own status line (the maps panel has one of its own).
    await waitFor(() => expect(canvas.getAllByRole('status').some((s) => s.textContent?.includes('Shown on the model: Walls are as thin as 0.6 mm'))).toBe(true));
    await expect(canvas.getByRole('button', { name: 'Hide on the model' })).toHaveAttribute('aria-pressed', 'true');
  },
};
