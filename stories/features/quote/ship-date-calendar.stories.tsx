import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { findMaterial } from '#domain/catalogue/lookup';
import type { LeadTimeTier } from '#domain/catalogue/types';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import { ShipDateCalendar, type ShipDateCalendarProps } from '#features/quote/components/ship-date-calendar';

const configuration = defaultConfiguration('3d-printing');
const material = findMaterial('3d-printing', configuration.materialId)!;
/** A fixed Monday morning in the factory, so the ship dates never move: express Wed 25, standard Fri 27, economy Tue 1 Dec. */
const ORDERED_AT = Date.UTC(2026, 10, 23, 1, 0, 0);

/** The calendar with its tier kept, as the configurator keeps it. */
function Controlled(props: ShipDateCalendarProps) {
  const [tier, setTier] = useState<LeadTimeTier>(props.tier);
  return (
    <ShipDateCalendar
      {...props}
      tier={tier}
      onChange={(t) => {
        setTier(t);
        props.onChange(t);
      }}
    />
  );
}

const meta = {
  title: 'Features/Quote/ShipDateCalendar',
  component: ShipDateCalendar,
  args: { material, finishes: [], orderedAt: ORDERED_AT, tier: 'standard', onChange: fn() },
  argTypes: { material: { control: false }, finishes: { control: false } },
  parameters: { layout: 'padded' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ShipDateCalendar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Standard chosen; express and economy marked; choosing express's day by keyboard takes express. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The month is drawn in a render of its own (ADR 265).
    const standard = await canvas.findByRole('button', { name: /Friday, November 27, 2026 selected/ });
    await expect(standard).toHaveAccessibleDescription('Standard ships this day (4 working days)');
    standard.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('express');
    await waitFor(() => expect(canvas.getByText('Express (chosen): ships Wed, Nov 25, 2026')).toBeVisible());
  },
};

/** Economy ships in the next month: the calendar shows that month, with its day chosen. */
export const EconomyNextMonth: Story = {
  args: { tier: 'economy' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /Tuesday, December 1, 2026 selected/ })).toHaveAccessibleDescription('Economy ships this day (6 working days)');
  },
};

/** A finish adds its working days to every tier's date (painting, one colour: 4 days). */
export const WithPainting: Story = {
  args: { finishes: [{ kind: 'painting', colours: ['RAL 9005'] }] },
};

/** At 320 px. */
export const Narrow: Story = { globals: { viewport: { value: 'mobile' } } };
