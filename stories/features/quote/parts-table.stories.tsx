import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PartsTable } from '#features/quote/components/parts-table';
import type { PartRow } from '#machines/quote-parts';

const row = (fields: Partial<PartRow> & Pick<PartRow, 'id' | 'name' | 'status'>): PartRow => ({
  assembly: null,
  perAssembly: null,
  attention: null,
  noPriceReason: null,
  progress: null,
  quantity: null,
  unitPriceCents: null,
  totalCents: null,
  leadDays: null,
  shipDate: null,
  needsColour: false,
  orderable: false,
  fileId: null,
  review: null,
  ...fields,
});

/** One part in every state the table knows, two of them parts of one assembly with close names. */
export const MIXED: PartRow[] = [
  row({ id: 'p1', name: 'bracket.stl', status: 'priced', fileId: 'f1', quantity: 10, unitPriceCents: 1_240, totalCents: 12_400, leadDays: 5, shipDate: '2026-12-01', orderable: true }),
  row({ id: 'p2', name: 'as1 / rod', assembly: 'as1-oc-214.stp', perAssembly: 2, status: 'priced', fileId: 'f2', quantity: 8, unitPriceCents: 420, totalCents: 3_360, leadDays: 7, shipDate: '2026-12-03', needsColour: true }),
  row({ id: 'p3', name: 'as1 / rod-end', assembly: 'as1-oc-214.stp', perAssembly: 1, status: 'attention', fileId: 'f3', quantity: 4, attention: { kind: 'units' }, unitPriceCents: 310, totalCents: 1_240, leadDays: 5, shipDate: '2026-12-01' }),
  row({ id: 'p4', name: 'housing.step', status: 'no-price', fileId: 'f4', quantity: 1, noPriceReason: 'The part is 1,000 × 1,000 × 1,000 mm: larger than every machine of this service.' }),
  row({ id: 'p5', name: 'spacer.stl', status: 'analysing', fileId: 'f5' }),
  row({ id: 'p6', name: 'gear.3mf', status: 'reading', progress: { phase: 'uploading', fraction: 0.65 } }),
  row({ id: 'p7', name: 'clip.obj', status: 'attention', attention: { kind: 'upload-failed', message: 'Quote file size is limited to 100 MB: "clip.obj" is larger' } }),
  row({ id: 'p8', name: 'manifold.stp', status: 'in-review', fileId: 'f8', quantity: 2 }),
];

const meta = {
  // The rows are shared with the unit test (tests/features/quote/parts-table.test.tsx), not a story.
  excludeStories: ['MIXED'],
  title: 'Features/Quote/PartsTable',
  component: PartsTable,
  args: { rows: MIXED, projectId: 'project-1', selectedId: 'p1', onConfigure: fn(), onRemove: fn(), onRetry: fn() },
  parameters: { msw: { handlers: [http.get('*/msapi/*/project/:id/files/:fileId/thumbnail', () => HttpResponse.json({ message: 'This part has no picture: its file could not be drawn.' }, { status: 404 }))] } },
  decorators: [(Story) => <div className="max-w-4xl"><Story /></div>],
} satisfies Meta<typeof PartsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** React Aria draws a table's rows a moment after the table itself: each story waits for them. */
const rowsDrawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).getAllByRole('row').length).toBeGreaterThan(1), { timeout: 10_000 });

/** Every status side by side, an assembly's two parts told apart, and the quote's total with its latest ship date. */
export const MixedStatuses: Story = {
  play: async ({ canvasElement, args }) => {
    await rowsDrawn(canvasElement);
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Parts of this quote' });
    await expect(within(table).getAllByRole('row')).toHaveLength(MIXED.length + 1);
    await expect(canvas.getByText('as1 / rod')).toBeInTheDocument();
    await expect(canvas.getByText('as1 / rod-end')).toBeInTheDocument();
    await expect(canvas.getAllByText('in as1-oc-214.stp')).toHaveLength(2);
    for (const status of ['Priced', 'Needs attention', 'No price', 'Analysing', 'Reading', 'In review']) await expect(canvas.getAllByText(status).length).toBeGreaterThan(0);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Quote file size is limited to 100 MB');
    await expect(canvas.getByTestId('quote-total')).toHaveTextContent('Quote total: $157.60 for 2 priced parts');
    await expect(canvas.getByTestId('quote-total')).toHaveTextContent('Everything ships by Thu, Dec 3, 2026');
    await expect(canvas.getByTestId('quote-total')).toHaveTextContent('6 parts are not counted: no price yet, or something to check first.');
    // A part's name configures it, and so does a press elsewhere on its row.
    await userEvent.click(canvas.getByRole('button', { name: 'housing.step' }));
    await expect(args.onConfigure).toHaveBeenCalledWith('p4');
    await userEvent.click(canvas.getByText('Analysing'));
    await expect(args.onConfigure).toHaveBeenLastCalledWith('p5');
  },
};

/** 320 px: each row stacks its values under their own labels; nothing is wider than the phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
  play: async ({ canvasElement }) => {
    await rowsDrawn(canvasElement);
    await expect(within(canvasElement).getByText('housing.step')).toBeInTheDocument();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** Parts ticked for a change to several at once: the boxes, "select all" half ticked. */
export const Ticked: Story = {
  args: { checked: new Set(['p1', 'p2']), onCheckedChange: fn() },
  play: async ({ canvasElement, args }) => {
    await rowsDrawn(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Select bracket.stl' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select all parts' })).toBePartiallyChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all parts' }));
    await expect(args.onCheckedChange).toHaveBeenCalledWith(MIXED.map((r) => r.id));
  },
};

/** 320 px with boxes: "Select all parts" keeps its words on screen above the rows (a box focused is never hidden). */
export const PhoneTicked: Story = {
  globals: { viewport: { value: 'mobile' } },
  decorators: [(Story) => <div className="max-w-xs"><Story /></div>],
  args: { rows: MIXED.slice(0, 3), checked: new Set(['p1']), onCheckedChange: fn() },
  play: async ({ canvasElement }) => {
    await rowsDrawn(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Select all parts')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Select all parts' })).toBePartiallyChecked();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** A failed upload offers to try again and to remove it. */
export const RetryAndRemove: Story = {
  args: { rows: MIXED.filter((r) => r.id === 'p7' || r.id === 'p1') },
  play: async ({ canvasElement, args }) => {
    await rowsDrawn(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledWith('p7');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove clip.obj' }));
    await expect(args.onRemove).toHaveBeenCalledWith('p7');
  },
};
