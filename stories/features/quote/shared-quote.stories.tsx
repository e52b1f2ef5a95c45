import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import type { QuoteDocument } from '#domain/api/quote';
import { EXW_NOTE } from '#domain/pricing/quote-part';
import { SharedQuote } from '#features/quote/components/shared-quote';
import { AppFrame } from '../../support/app-frame.tsx';

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
      options: ['Tolerance: Standard ±0.3 mm or ±0.3 %', 'Painting: RAL 9005', 'Lead time: Standard'],
      quantity: 12,
      unitPriceCents: 1178,
      totalCents: 14136,
      leadTimeDays: 8,
      shipDate: '2026-12-03',
      sizeMm: [40, 20, 10],
      findings: [],
      drawingName: 'arm-bracket-rev-b.pdf',
      note: 'M6 thread in both holes.',
    },
    {
      fileName: 'motor-mount.step',
      process: '3d-printing',
      processName: '3D printing',
      materialName: 'Nylon PA12 (MJF)',
      colourName: 'Black',
      options: ['Tolerance: Standard ±0.3 mm or ±0.3 %', 'Lead time: Standard'],
      quantity: 4,
      unitPriceCents: 2250,
      totalCents: 9000,
      leadTimeDays: 4,
      shipDate: '2026-11-27',
      sizeMm: [60, 60, 12],
      findings: [],
      drawingName: null,
      note: null,
    },
  ],
  totalCents: 23136,
  currency: 'USD',
  createdAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2026-12-23T01:00:00.000Z',
  exwNote: EXW_NOTE,
};

const meta = {
  title: 'Features/Quote/SharedQuote',
  component: SharedQuote,
  args: { token: TOKEN },
  decorators: [(Story) => <AppFrame path={`/quote/shared/${TOKEN}`}><div className="w-[48rem]"><Story /></div></AppFrame>],
  parameters: { msw: { handlers: [http.get('*/msapi/*/quote-document/:token', () => HttpResponse.json(DOCUMENT))] } },
} satisfies Meta<typeof SharedQuote>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What someone with the link sees: the parts, prices, ship dates, the total, the validity, the PDF and a way to order. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Quote Q-20261123-7KX2QM' })).toBeInTheDocument();
    await expect(canvas.getByTestId('valid-until')).toHaveTextContent('Prices held until Dec 23, 2026.');
    await expect(canvas.getByTestId('shared-total')).toHaveTextContent('Total $231.36');
    await expect(canvas.getByRole('rowheader', { name: /arm-bracket.stl/ })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Order this quote' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download', 'Q-20261123-7KX2QM.pdf');
  },
};

/** After its 30 days: the server's words, and nothing to order. */
export const Expired: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/msapi/*/quote-document/:token', () =>
          HttpResponse.json({ message: 'This quote expired on 2026-12-23: its prices no longer hold. Please ask for a new quote.' }, { status: 410 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This quote expired on 2026-12-23');
    await expect(canvas.queryByRole('button', { name: 'Order this quote' })).not.toBeInTheDocument();
  },
};

/** A part whose file checks found something: the note and what to do travel with the quote, as the customer saw them. */
export const WithFindings: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('*/msapi/*/quote-document/:token', () =>
          HttpResponse.json({
            ...DOCUMENT,
            lines: [
              DOCUMENT.lines[0]!,
              {
                ...DOCUMENT.lines[1]!,
                findings: [
                  {
                    code: 'thin-wall',
                    severity: 'warning',
                    message: 'Walls as thin as 0.6 mm over 4 % of the surface; Nylon PA12 (MJF) needs at least 0.8 mm.',
                    fixHint: 'Thicken the highlighted walls to at least 0.8 mm, or choose a material that allows thinner walls.',
                  },
                ],
              },
            ],
          } satisfies QuoteDocument),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: 'What we found in the models' });
    await expect(within(section).getByRole('heading', { level: 3, name: 'motor-mount.step' })).toBeInTheDocument();
    await expect(within(section).getByRole('listitem')).toHaveTextContent('Check: Walls as thin as 0.6 mm');
    await expect(within(section).getByRole('listitem')).toHaveTextContent('Thicken the highlighted walls');
    await expect(within(section).queryByText('arm-bracket.stl')).not.toBeInTheDocument();
  },
};
