import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { QuoteMetrics } from '#domain/pricing/quote-part';
import { quotePart } from '#domain/pricing/quote-part';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import { PriceBreaks } from '#features/quote/components/price-breaks';

const cube: QuoteMetrics = {
  volumeMm3: 8000,
  areaMm2: 2400,
  size: [20, 20, 20],
  watertight: true,
  units: { unit: 'mm', source: 'file', confidence: 1, reason: 'STEP declares millimetres' },
};
const ORDERED_AT = Date.UTC(2026, 10, 23, 1, 0, 0);
/** The price breaks of a real quote (the one pricing function), at a quantity. */
const rowsAt = (quantity: number) => quotePart(cube, { ...defaultConfiguration('3d-printing'), colourId: 'white', quantity }, ORDERED_AT).priceBreaks;

const meta = {
  title: 'Features/Quote/PriceBreaks',
  component: PriceBreaks,
  args: { rows: rowsAt(25), quantity: 25 },
  argTypes: { rows: { control: false } },
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof PriceBreaks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The chart, named by its summary, the chosen 25 parts marked; the table opens under it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: /^Unit price against quantity: .* for your 25 parts/ })).toBeInTheDocument();
    await userEvent.click(canvas.getByText('Show the prices as a table'));
    const table = await canvas.findByRole('table', { name: 'Unit price by quantity' });
    await expect(within(table).getAllByRole('row')).toHaveLength(10);
  },
};

/** A quantity between the breaks (40) is a point of its own, marked. */
export const BetweenBreaks: Story = {
  args: { rows: rowsAt(40), quantity: 40 },
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('img', { name: /for your 40 parts/ });
    await expect(chart.querySelector('[data-marked="40"]')).not.toBeNull();
  },
};

/** At 320 px. */
export const Narrow: Story = { globals: { viewport: { value: 'mobile' } } };
