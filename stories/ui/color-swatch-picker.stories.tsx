import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ColorSwatchPicker, type SwatchColor } from '#ui/color-swatch-picker';

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
    await expect(canvas.getByRole('option', { name: 'Jet black' })).toHaveFocus();
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
