import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { ColorSwatchPicker, type SwatchColor } from '#ui/color-swatch-picker';
import { disabledArg, onChangeArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

const firstSwatch = (root: HTMLElement) => [root.querySelector('[role=option]')];

/** Finish colours are content (a catalogue), so their values are hex here, not design tokens. */
const finishColours: SwatchColor[] = [
  { id: 'black', name: 'Jet black', value: '#1b1b1b' },
  { id: 'white', name: 'Pure white', value: '#f6f6f4' },
  { id: 'grey', name: 'Light grey', value: '#b5b8b1' },
  { id: 'red', name: 'Signal red', value: '#a02128' },
  { id: 'blue', name: 'Gentian blue', value: '#0e518d' },
  { id: 'green', name: 'Leaf green', value: '#2d5f2e' },
  { id: 'yellow', name: 'Signal yellow', value: '#f9a900' },
  { id: 'orange', name: 'Pure orange', value: '#e75b12' },
];

const meta = {
  title: 'UI/ColorSwatchPicker',
  component: ColorSwatchPicker,
  args: { label: 'Painting colours', colors: finishColours, maxSelected: 5, onChange: fn() },
  argTypes: {
    label: { control: 'text', description: 'Names the list of colours.', table: { category: 'Content' } },
    colors: { control: 'object', description: 'The catalogue colours: id, name (read aloud), value (CSS colour).', table: { category: 'Content' } },
    maxSelected: { control: { type: 'number', min: 1 }, description: 'Most colours the user may choose; more is refused with a message.', table: { category: 'Value' } },
    value: { control: 'object', description: 'Chosen ids (controlled).', table: { category: 'Value' } },
    defaultValue: { control: 'object', description: 'Chosen ids at first (uncontrolled).', table: { category: 'Value' } },
    countLabel: { control: 'text', description: 'With {count} and {max}.', table: { category: 'Content' } },
    maxReachedMessage: { control: 'text', description: 'With {max}.', table: { category: 'Content' } },
    ...disabledArg,
    ...onChangeArg,
  },
} satisfies Meta<typeof ColorSwatchPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const listbox = await canvas.findByRole('listbox', { name: 'Painting colours' });
    await canvas.findByRole('option', { name: 'Jet black' });
    await expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('option', { name: 'Jet black' })).toHaveFocus());
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight} ');
    await expect(canvas.getByRole('option', { name: 'Signal red' })).toHaveAttribute('aria-selected', 'true');
    await expect(args.onChange).toHaveBeenLastCalledWith(['black', 'red']);
    await expect(listbox).toHaveAccessibleDescription('2 of 5 chosen');
  },
};

/** At the maximum a sixth colour is refused and the reason is announced (role="status"). */
export const MaximumReached: Story = {
  args: { defaultValue: ['black', 'white', 'grey', 'red', 'blue'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('option', { name: 'Pure orange' });
    await userEvent.tab();
    await userEvent.keyboard('{End} ');
    await expect(canvas.getByRole('option', { name: 'Pure orange' })).toHaveAttribute('aria-selected', 'false');
    await expect(canvas.getByRole('status')).toHaveTextContent('You can choose up to 5 colours. Remove one to choose another.');
    await expect(args.onChange).not.toHaveBeenCalled();
    // Removing one is always allowed, and the message goes away.
    await userEvent.keyboard('{Home} ');
    await expect(canvas.getByRole('option', { name: 'Jet black' })).toHaveAttribute('aria-selected', 'false');
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: ['blue'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('listbox', { name: 'Painting colours' });
    const blue = await canvas.findByRole('option', { name: 'Gentian blue' });
    await expect(blue).toHaveAttribute('aria-disabled', 'true');
    await expect(blue).toHaveAttribute('aria-selected', 'true');
    await userEvent.tab();
    await expect(blue).not.toHaveFocus();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** The first swatch (Jet black) in each state, with and without it chosen: hover and focus-visible forced through RAC's attributes. */
export const States: Story = {
  args: { colors: finishColours.slice(0, 3) },
  render: (args) => (
    <StateGrid label="Swatch states" states={['default', 'hover', 'focus-visible', 'disabled']} variants={['not chosen', 'chosen'] as const} target={firstSwatch}>
      {(state, variant) => <ColorSwatchPicker {...args} defaultValue={variant === 'chosen' ? ['black'] : []} isDisabled={state === 'disabled'} />}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('listbox', { name: 'Painting colours' })).toHaveLength(8);
  },
};
