import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createActor, fromPromise } from 'xstate';
import { createFinding, type Finding } from '#domain/geometry/findings';
import type { QuoteMetrics } from '#domain/pricing/quote-part';
import { defaultConfiguration, type PartConfiguration } from '#domain/rules/quote-configuration';
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

function configurator(configuration?: Partial<PartConfiguration>, findings: readonly Finding[] = [], metrics: QuoteMetrics = cube) {
  const base = defaultConfiguration(configuration?.process ?? '3d-printing');
  const full = { ...base, ...configuration };
  const actor = createActor(
    quoteConfiguratorMachine.provide({
      actors: {
        // The "server" answers with the same function the browser runs (no network in stories).
        saveConfiguration: fromPromise(async ({ input }) => selectQuote({ metrics, configuration: input.configuration, orderedAt: ORDERED_AT, geometryFindings: findings })),
      },
    }),
    {
      input: {
        metrics,
        geometryFindings: findings,
        orderedAt: ORDERED_AT,
        configuration: full,
        target: { projectId: 'project-1', fileId: 'file-1' },
        serverQuote: selectQuote({ metrics, configuration: full, orderedAt: ORDERED_AT, geometryFindings: findings }),
      },
    },
  );
  return actor.start();
}

const meta = {
  title: 'Features/Quote/ConfiguratorPanel',
  component: ConfiguratorPanel,
  args: { fileName: 'bracket.step', onAddToCart: fn(), adding: false, stored: true, actor: configurator() },
  // The running configurator machine is wiring, not a control a designer can set: left out of the Controls panel.
  argTypes: { actor: { table: { disable: true }, control: false } },
  parameters: { layout: 'padded', controls: { exclude: ['actor'] } },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof ConfiguratorPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens priced with the defaults; the colour is asked for when ordering, and only then marked. */
export const Default: Story = {
  args: { actor: configurator() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('total')).toHaveTextContent(/^Total \$/);
    await expect(canvas.getByText('Price confirmed by the server.')).toBeInTheDocument();
    await expect(canvas.queryByText('Please choose a colour')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    await expect(canvas.getByRole('radiogroup', { name: 'Colour' })).toHaveAccessibleDescription(/Please choose a colour/);
    await expect(canvas.getByRole('radio', { name: 'White' })).toHaveFocus();
    await expect(args.onAddToCart).not.toHaveBeenCalled();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(canvas.queryByText('Please choose a colour')).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    await expect(args.onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ colourId: 'white' }));
  },
};

/** The quote’s panel, priced, under forced colours (issue 19, item 2): a visual baseline. */
export const ForcedColours: Story = {
  globals: { forcedColors: 'active' },
  args: { actor: configurator({ colourId: 'white', quantity: 10 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('total')).toHaveTextContent(/^Total \$/);
    await expect(canvas.getByText('Price confirmed by the server.')).toBeInTheDocument();
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

/** Painting chosen without a colour: the message is on the colour choice and the Painting checkbox, and Add to cart says why it waits. */
export const FinishError: Story = {
  args: { actor: configurator({ colourId: 'white', finishes: [{ kind: 'painting', colours: [] }] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const colours = canvas.getByRole('group', { name: 'Painting colours' });
    await expect(colours).toHaveAccessibleDescription(/Painting: choose 1 to 5 colours per model/);
    // The Painting checkbox is invalid too, and described by the same message.
    await expect(canvas.getByRole('checkbox', { name: /^Painting/ })).toHaveAccessibleDescription(/Painting: choose 1 to 5 colours per model/);
    const add = canvas.getByRole('button', { name: 'Add to cart' });
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(add).toHaveAccessibleDescription(/^Correct these first: Painting: choose 1 to 5 colours per model/);
  },
};

/** A quantity out of range stays as typed: the rule's message is on the field, and the price and Add to cart name it. */
export const QuantityOutOfRange: Story = {
  args: { actor: configurator({ colourId: 'white' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const quantity = canvas.getByRole('textbox', { name: /^Quantity/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.tab();
    await expect(quantity).toHaveValue('0');
    await expect(quantity).toHaveAccessibleDescription(/Quantity must be a whole number of at least 1/);
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription('Correct these first: Quantity must be a whole number of at least 1.');
  },
};

export const InvalidInsert: Story = {
  args: {
    actor: configurator({ colourId: 'white', finishes: [{ kind: 'brass-insert', inserts: [{ count: 2, insertLengthMm: 5, holeDepthMm: 5.5 }] }] }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const depth = canvas.getByRole('textbox', { name: /Hole depth/ });
    await expect(depth).toHaveAttribute('aria-invalid', 'true');
    await expect(depth).toHaveAccessibleDescription(/1\.5 mm deeper than the insert/);
    const add = canvas.getByRole('button', { name: 'Add to cart' });
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    // Still reachable, so its reason can be heard.
    add.focus();
    await expect(add).toHaveFocus();
  },
};

/** A part that cannot be made: what is wrong, what to do, and no price. */
export const CannotBeMade: Story = {
  args: {
    actor: configurator({ colourId: 'white' }, [
      createFinding('open-edges', '24 edges are open: the surface has holes.', { triangles: [1, 2, 3], count: 24 }),
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No price: this part cannot be made as it is.')).toBeInTheDocument();
    await expect(canvas.getByText(/What to do: Close the holes/)).toBeInTheDocument();
    await expect(canvas.queryByTestId('total')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription(/cannot be made as it is/);
  },
};

/** The file is still uploading: priced from the browser's own reading, not orderable yet. */
export const Uploading: Story = {
  args: { actor: configurator({ colourId: 'white' }), stored: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('total')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription('You can add the part once its file is uploaded.');
  },
};

/** Vacuum casting in rubber-like polyurethane: the hardness is asked for. */
export const VacuumCasting: Story = {
  args: { actor: configurator({ process: 'vacuum-casting', materialId: 'pu-rubber-like', colourId: 'black', hardnessShoreA: 70 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Made by Vacuum casting (the project’s service).')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /Hardness/ })).toHaveValue('70');
  },
};

export const Adding: Story = {
  args: { actor: configurator({ colourId: 'white' }), adding: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'In progress' })).toBeInTheDocument();
  },
};
