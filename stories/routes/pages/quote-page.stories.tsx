import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { QuotePage } from '#routes/pages/quote-page';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { FILE_ID, PROJECT_ID, partQuote, quoteFile } from '../../support/order-fixtures.ts';
import { ringStl } from '../../support/generated-mesh.ts';
import { boxMetrics } from '../../support/quote-fixtures.ts';
import { routeDecorator } from '../../support/route-frame.tsx';
import { fixedClock } from '../../support/fixed-clock.ts';

/** The instant quote page, as a first-time visitor meets it from the home page's "3D printing" link. */
const meta = {
  title: 'Pages/Quote',
  component: QuotePage,
  parameters: { route: { page: 'quote', path: '/quote?technology=3d-printing' }, layout: 'fullscreen' },
  decorators: [routeDecorator],
  // The baselines' ship dates are counted from this instant (stories/support/fixed-clock.ts).
  beforeEach: fixedClock('2026-12-02T00:19:31Z'),
} satisfies Meta<typeof QuotePage>;
export default meta;
type Story = StoryObj<typeof meta>;

const play: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1 })).toBeInTheDocument();
  await expect(canvas.getByRole('radio', { name: '3D printing' })).toBeChecked();
  await expect(canvas.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
  await expect(canvas.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
};

/** 1280 px: services and upload, the explanation, the options column. */
export const Desktop: Story = { globals: { viewport: { value: 'desktop' } }, play };

/** 320 px: one column, nothing wider than the phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async (context) => {
    await play(context);
    await expect(context.canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};

const SECOND_ID = '6a1f4c2e-0b7d-4e59-9c1a-5d2e8f3b7a10';
const project = { id: PROJECT_ID, name: 'Drone frame', process: '3d-printing' as const, processId: 22 as const, fileCount: 2, createdAt: '2026-11-20T09:30:00.000Z', updatedAt: '2026-11-21T16:05:00.000Z' };
const parts = [
  quoteFile({ name: 'arm-bracket.stl', metrics: boxMetrics([120, 40, 18.5]), quote: partQuote(FILE_ID, 11_780, 4).result, pricedAt: '2026-11-21T16:05:00.000Z' }),
  quoteFile({ id: SECOND_ID, name: 'ring.stl', metrics: boxMetrics([32, 32, 8]), summary: { ...quoteFile().summary!, sizeMm: [32, 32, 8], volumeMm3: 3_790, areaMm2: 3_790 }, quote: partQuote(SECOND_ID, 4_250, 6).result, pricedAt: '2026-11-21T16:05:00.000Z' }),
];

/**
 * /quote/{projectId}?file=…: a signed-in customer's saved project of two parts, reopened: the parts
 * table with each part's price and the quote's total, the first part chosen with its 3D preview.
 */
export const ProjectOpened: Story = {
  globals: { viewport: { value: 'desktop' } },
  parameters: {
    route: { page: 'quote-project', path: `/quote/${PROJECT_ID}?file=${FILE_ID}`, user: storyCustomer() },
    msw: {
      handlers: [
        http.get('*/msapi/*/project/:id/files/:fileId/content', () => HttpResponse.arrayBuffer(ringStl(), { headers: { 'Content-Type': 'application/octet-stream' } })),
        http.get('*/msapi/*/project/:id/files/:fileId/thumbnail', () => HttpResponse.json({ message: 'No picture yet.' }, { status: 404 })),
        http.get('*/msapi/*/project/:id/files', () => HttpResponse.json({ list: parts, total: parts.length })),
        http.get('*/msapi/*/project/:id', () => HttpResponse.json(project)),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Parts of this quote' }, { timeout: 20_000 });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThanOrEqual(3));
    await expect(await canvas.findByText(/Quote total/)).toBeInTheDocument();
    await waitFor(() => expect(canvasElement.querySelector('canvas')).not.toBeNull(), { timeout: 20_000 });
  },
};
