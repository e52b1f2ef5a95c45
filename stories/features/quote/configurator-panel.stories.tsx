import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import type { QuoteMetrics } from '#domain/pricing/quote-part';
import type { PartConfiguration } from '#domain/rules/quote-configuration';
import { ConfiguratorPanel } from '#features/quote/components/configurator-panel';
import { quoteConfiguratorMachine, selectQuote } from '#machines/quote-configurator-machine';

const cube: QuoteMetrics = {
  volumeMm3: 1000,
  areaMm2: 600,
  size: [10, 10, 10],
  watertight: true,
  units: { unit: 'mm', source: 'file', confidence: 1, reason: 'STEP declares millimetres' },
};
/** A fixed Monday morning, so the ship dates in the screenshots never move. */
const ORDERED_AT = Date.UTC(2026, 10, 23, 1, 0, 0);

function configurator(configuration?: Partial<PartConfiguration>) {
  const base = createActor(quoteConfiguratorMachine, { input: { metrics: cube, orderedAt: ORDERED_AT } }).getSnapshot().context.configuration;
  const actor = createActor(
    quoteConfiguratorMachine.provide({
      actors: {
        // The "server" answers with the same function the browser runs (no network in stories).
        saveConfiguration: fromPromise(async ({ input }) => selectQuote({ metrics: cube, configuration: input.configuration, orderedAt: ORDERED_AT, geometryFindings: [] })),
      },
    }),
    { input: { metrics: cube, orderedAt: ORDERED_AT, configuration: { ...base, ...configuration } } },
  );
  return actor.start();
}

const meta = {
  title: 'Features/Quote/ConfiguratorPanel',
  component: ConfiguratorPanel,
  args: { fileName: 'bracket.step', onAddToCart: fn(), adding: false, actor: configurator() },
  parameters: { layout: 'padded' },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof ConfiguratorPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No colour yet: the colour is required before there is a price. */
export const Default: Story = {
  args: { actor: configurator() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Choose the required options, or correct the ones marked in red, to see the price.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    // Keyboard: reach the colour group and choose with Space.
    const white = canvas.getByRole('radio', { name: 'White' });
    white.focus();
    await userEvent.keyboard(' ');
    await expect(white).toBeChecked();
    await waitFor(() => expect(canvas.getByTestId('total')).toHaveTextContent('$'));
  },
};

export const Priced: Story = {
  args: { actor: configurator({ colourId: 'white', quantity: 10 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('total')).toHaveTextContent(/^Total \$/);
    await expect(canvasElement.querySelector('[aria-live="polite"]')).toHaveTextContent(/per part · lead time 4 working days/);
  },
};

export const WithPainting: Story = {
  args: { actor: configurator({ colourId: 'white', finishes: [{ kind: 'painting', colours: ['red', 'blue'] }] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // 4 days of production + 4 days per paint colour.
    await expect(canvasElement.querySelector('[aria-live="polite"]')).toHaveTextContent(/lead time 12 working days/);
    await expect(canvas.getByRole('checkbox', { name: 'Red' })).toBeChecked();
  },
};

export const InvalidInsert: Story = {
  args: {
    actor: configurator({ colourId: 'white', finishes: [{ kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 5, holeDepthMm: 5.5 }] }] }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('1.5 mm deeper than the insert');
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  },
};

export const Adding: Story = {
  args: { actor: configurator({ colourId: 'white' }), adding: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};
