import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LineChart } from '#ui/line-chart';

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const breaks = [
  { x: 1, y: 3000 },
  { x: 5, y: 1240 },
  { x: 10, y: 1120 },
  { x: 25, y: 1010 },
  { x: 50, y: 960 },
  { x: 100, y: 890 },
  { x: 250, y: 830 },
  { x: 500, y: 800 },
  { x: 1000, y: 780 },
];

const meta = {
  title: 'UI/LineChart',
  component: LineChart,
  args: {
    points: breaks,
    summary: 'Unit price against quantity: $30.00 per part for 1 part, down to $7.80 per part for 1,000 parts; for your 25 parts, $10.10 per part.',
    markedX: 25,
    logX: true,
    formatX: (x: number) => new Intl.NumberFormat('en-US').format(x),
    formatY: (y: number) => money(Math.round(y)),
  },
  argTypes: {
    points: { control: 'object', description: 'The points `{ x, y }`, any order.', table: { category: 'Content' } },
    summary: { control: 'text', description: 'The chart’s name: one sentence saying what it shows.', table: { category: 'Content' } },
    markedX: { control: 'number', description: 'The x of the point to mark (the current choice).', table: { category: 'Content' } },
    logX: { control: 'boolean', description: 'A logarithmic x axis (quantities).', table: { category: 'Style' } },
    formatX: { control: false, table: { category: 'Content' } },
    formatY: { control: false, table: { category: 'Content' } },
  },
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div className="max-w-md"><Story /></div>],
} satisfies Meta<typeof LineChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Unit price against quantity, the chosen quantity marked: one image, named by its summary. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('img', { name: /^Unit price against quantity/ });
    await expect(chart.querySelector('[data-marked="25"]')).toHaveTextContent('25 · $10.10');
  },
};

export const Playground: Story = {};

/** The marked point near the right edge keeps its label inside the picture. */
export const MarkedAtTheEnd: Story = {
  args: { markedX: 1000, summary: 'Unit price against quantity, 1,000 parts marked.' },
  play: async ({ canvasElement }) => {
    const label = within(canvasElement).getByRole('img').querySelector('[data-marked="1000"] text')!;
    await expect(label).toHaveAttribute('text-anchor', 'end');
  },
};

/** At 320 px the chart scales down with its text. */
export const Narrow: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole('img');
    await expect(chart.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};

/** Forced colours: the line, points and text in system colours. */
export const ForcedColours: Story = { globals: { forcedColors: 'active' } };
