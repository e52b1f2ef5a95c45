import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import type { QuoteDocument } from '#domain/api/quote';
import { EXW_NOTE } from '#domain/pricing/quote-part';
import { SharedQuotePage } from '#routes/pages/shared-quote-page';
import { routeDecorator } from '../../support/route-frame.tsx';

const TOKEN = 'WPdelE2t9jHgj31Azg6bm1uAzQ3byUPH';
const DOCUMENT: QuoteDocument = {
  number: 'Q-20261123-7KX2QM',
  projectName: 'Drone frame',
  lines: [
    {
      fileName: 'arm-bracket.stl',
      process: '3d-printing',
      processName: '3D printing',
      materialName: 'Nylon PA12 (MJF)',
      colourName: 'Black',
      options: ['Tolerance: Standard ±0.3 mm or ±0.3 %', 'Lead time: Standard'],
      quantity: 12,
      unitPriceCents: 1178,
      totalCents: 14136,
      leadTimeDays: 8,
      shipDate: '2026-12-03',
      sizeMm: [40, 20, 10],
      findings: [],
      drawingName: null,
      note: null,
    },
  ],
  totalCents: 14136,
  currency: 'USD',
  createdAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2026-12-23T01:00:00.000Z',
  exwNote: EXW_NOTE,
};

/** /quote/shared/{token}: a quote someone shared, read-only, for anyone with the link. */
const meta = {
  title: 'Pages/SharedQuote',
  component: SharedQuotePage,
  parameters: {
    layout: 'fullscreen',
    route: { page: 'quote-shared', path: `/quote/shared/${TOKEN}` },
    msw: { handlers: [http.get('*/msapi/*/quote-document/:token', () => HttpResponse.json(DOCUMENT))] },
  },
  decorators: [routeDecorator],
} satisfies Meta<typeof SharedQuotePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('arm-bracket.stl')).toBeInTheDocument();
  },
};

/** 320 px: the page is one column; the quote's table scrolls inside its named region, which the keyboard reaches. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('arm-bracket.stl')).toBeInTheDocument();
    const region = canvas.getByRole('region', { name: 'Quoted parts' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
