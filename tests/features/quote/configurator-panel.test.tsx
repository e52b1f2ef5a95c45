import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { findMaterial } from '#domain/catalogue/lookup';
import type { QuoteMetrics } from '#domain/pricing/quote-part';
import { defaultConfiguration, withMaterial, type PartConfiguration } from '#domain/rules/quote-configuration';
import { ConfiguratorPanel } from '#features/quote/components/configurator-panel';
import { quoteConfiguratorMachine, selectQuote } from '#machines/quote-configurator-machine';

vi.setConfig({ testTimeout: 30_000 });

const cube: QuoteMetrics = {
  volumeMm3: 1000,
  areaMm2: 600,
  size: [10, 10, 10],
  watertight: true,
  units: { unit: 'mm', source: 'file', confidence: 1, reason: 'STEP declares millimetres' },
};
const ORDERED_AT = Date.UTC(2026, 10, 23, 1, 0, 0);

function renderPanel(configuration: PartConfiguration) {
  const actor = createActor(
    quoteConfiguratorMachine.provide({
      actors: { saveConfiguration: fromPromise(async ({ input }) => selectQuote({ metrics: cube, configuration: input.configuration, orderedAt: ORDERED_AT, geometryFindings: [] })) },
    }),
    {
      input: {
        metrics: cube,
        orderedAt: ORDERED_AT,
        configuration,
        target: { projectId: 'project-1', fileId: 'file-1' },
        serverQuote: selectQuote({ metrics: cube, configuration, orderedAt: ORDERED_AT, geometryFindings: [] }),
      },
    },
  ).start();
  render(<ConfiguratorPanel actor={actor} fileName="bracket.step" stored onAddToCart={() => {}} adding={false} />);
  return actor;
}

const printing = { ...defaultConfiguration('3d-printing'), colourId: 'white' };

test('a quantity out of range stays as typed, with the rule’s message on the field, the price and Add to cart (not corrected silently)', async () => {
  const actor = renderPanel(printing);
  const user = userEvent.setup();
  const quantity = screen.getByRole('textbox', { name: /^Quantity/ });
  await user.clear(quantity);
  await user.type(quantity, '0');
  await user.tab();
  expect(quantity).toHaveValue('0');
  expect(actor.getSnapshot().context.configuration.quantity).toBe(0);
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(quantity).toHaveAccessibleDescription(/Quantity must be a whole number of at least 1/);
  expect(screen.getByText('No price until these are corrected: Quantity must be a whole number of at least 1.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAccessibleDescription('Correct these first: Quantity must be a whole number of at least 1.');

  await user.clear(quantity);
  await user.type(quantity, '200000');
  await user.tab();
  expect(quantity).toHaveValue('200,000');
  expect(quantity).toHaveAccessibleDescription(/For more than 100,000 parts, please contact us for a quote/);
});

test('a hardness out of Shore A 30–90 stays as typed and says so; a value between the steps of 5 is taken as it is', async () => {
  const rubber = findMaterial('vacuum-casting', 'pu-rubber-like')!;
  const actor = renderPanel({ ...withMaterial(defaultConfiguration('vacuum-casting'), rubber), colourId: 'black' });
  const user = userEvent.setup();
  const hardness = screen.getByRole('textbox', { name: /^Hardness/ });
  await user.clear(hardness);
  await user.type(hardness, '95');
  await user.tab();
  expect(hardness).toHaveValue('95');
  expect(hardness).toHaveAccessibleDescription(/Hardness must be between Shore A 30 and 90/);

  await user.clear(hardness);
  await user.type(hardness, '72');
  await user.tab();
  expect(hardness).toHaveValue('72');
  expect(hardness).not.toHaveAttribute('aria-invalid', 'true');
  expect(actor.getSnapshot().context.configuration.hardnessShoreA).toBe(72);
});

test('painting without a colour: the message is the Painting checkbox’s too, not only its colour group’s', async () => {
  renderPanel({ ...printing, finishes: [{ kind: 'painting', colours: [] }] });
  const message = /Painting: choose 1 to 5 colours per model/;
  expect(screen.getByRole('group', { name: 'Painting colours' })).toHaveAccessibleDescription(message);
  const painting = screen.getByRole('checkbox', { name: /^Painting/ });
  expect(painting).toHaveAttribute('aria-invalid', 'true');
  expect(painting).toHaveAccessibleDescription(message);
  // Said once on the page: the checkbox points at the message its colour group shows.
  expect(screen.getAllByText('Painting: choose 1 to 5 colours per model')).toHaveLength(1);
});

test('the price breaks are a chart named by what it shows, the chosen quantity marked, the table one press away; both follow the quantity', async () => {
  const actor = renderPanel(printing);
  const user = userEvent.setup();
  const chart = screen.getByRole('img', { name: /^Unit price against quantity: .* per part for 1 part, down to .* per part for 1,000 parts; for your 1 part, .* per part\.$/ });
  expect(chart.querySelector('[data-marked="1"]')).not.toBeNull();
  await user.click(screen.getByText('Show the prices as a table'));
  const table = screen.getByRole('table', { name: 'Unit price by quantity' });
  const unit = (n: number) => selectQuote({ metrics: cube, configuration: { ...printing, quantity: n }, orderedAt: ORDERED_AT, geometryFindings: [] }).unitPriceCents!;
  expect(table.querySelector('[aria-current="true"] th')).toHaveTextContent('1');

  const quantity = screen.getByRole('textbox', { name: /^Quantity/ });
  await user.clear(quantity);
  await user.type(quantity, '40');
  await user.tab();
  expect(actor.getSnapshot().context.configuration.quantity).toBe(40);
  const after = screen.getByRole('img', { name: /for your 40 parts/ });
  expect(after.querySelector('[data-marked="40"]')).not.toBeNull();
  expect(after).toHaveAccessibleName(new RegExp(`for your 40 parts, \\$${(unit(40) / 100).toFixed(2)} per part`));
  expect(screen.getByRole('table', { name: 'Unit price by quantity' }).querySelector('[aria-current="true"] th')).toHaveTextContent('40');
});

test('the ship dates of the lead times are on a calendar: the chosen one selected, choosing another day takes its lead time, and the radios move it', async () => {
  // Monday 23 November 2026, 09:00 in the factory: express ships Wed 25, standard Fri 27, economy Tue 1 December.
  const actor = renderPanel(printing);
  const user = userEvent.setup();
  const calendar = screen.getByRole('application', { name: /Ship date of each lead time/ });
  expect(calendar).toBeInTheDocument();
  const standard = screen.getByRole('button', { name: /Friday, November 27, 2026 selected/ });
  expect(standard).toHaveAccessibleDescription('Standard ships this day (4 working days)');
  expect(screen.getByText('Standard (chosen): ships Fri, Nov 27, 2026')).toBeVisible();
  expect(screen.getByText('Economy: ships Tue, Dec 1, 2026')).toBeVisible();

  await user.click(screen.getByRole('button', { name: /Wednesday, November 25, 2026/ }));
  expect(actor.getSnapshot().context.configuration.tier).toBe('express');
  expect(screen.getByRole('radio', { name: /Express/ })).toBeChecked();
  expect(screen.getByRole('button', { name: /Wednesday, November 25, 2026 selected/ })).toHaveAccessibleDescription('Express ships this day (2 working days)');
  expect(screen.getByText('Express (chosen): ships Wed, Nov 25, 2026')).toBeVisible();

  // A day no lead time ships on takes nothing.
  await user.click(screen.getByRole('button', { name: /Thursday, November 26, 2026/ }));
  expect(actor.getSnapshot().context.configuration.tier).toBe('express');

  // The radios choose economy: its day is in December, and the calendar shows that month.
  await user.click(screen.getByRole('radio', { name: /Economy/ }));
  expect(screen.getByRole('button', { name: /Tuesday, December 1, 2026 selected/ })).toHaveAccessibleDescription('Economy ships this day (6 working days)');
});
