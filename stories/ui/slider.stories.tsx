import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Slider } from '#ui/slider';
import { classNameArg, disabledArg, fieldArgs, onChangeArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

/** The thumb: the RAC element holding the range input. */
const thumbs = (root: HTMLElement) => [...root.querySelectorAll('input[type=range]')].map((input) => input.parentElement!.closest('[data-rac]') ?? input.parentElement!);

const meta = {
  title: 'UI/Slider',
  component: Slider,
  args: { label: 'Hardness (Shore A)', minValue: 30, maxValue: 90, step: 5, defaultValue: 70, minLabel: '30 soft', maxLabel: '90 hard', onChange: fn() },
  argTypes: {
    label: fieldArgs.label,
    minValue: { control: 'number', table: { category: 'Value' } },
    maxValue: { control: 'number', table: { category: 'Value' } },
    step: { control: 'number', description: 'Arrow keys move by a step; Page Up/Down by a tenth.', table: { category: 'Value' } },
    value: { control: 'number', description: 'The value (controlled); an array for a range.', table: { category: 'Value' } },
    defaultValue: { control: 'number', description: 'The value at first (uncontrolled).', table: { category: 'Value' } },
    minLabel: { control: 'text', description: 'Names the low end under the track.', table: { category: 'Content' } },
    maxLabel: { control: 'text', description: 'Names the high end under the track.', table: { category: 'Content' } },
    thumbLabels: { control: 'object', description: 'Names of the thumbs of a range (["Minimum", "Maximum"]).', table: { category: 'Content' } },
    formatOptions: { control: 'object', table: { category: 'Value' } },
    ...disabledArg,
    ...onChangeArg,
    onChangeEnd: { control: false, description: 'Called when a drag or a key press ends.', table: { category: 'Events' } },
    ...classNameArg,
  },
} satisfies Meta<typeof Slider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Hardness (Shore A)' });
    await expect(slider).toHaveValue('70');
    await userEvent.tab();
    await waitFor(() => expect(slider).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(slider).toHaveValue('75');
    await expect(args.onChange).toHaveBeenLastCalledWith(75);
    await userEvent.keyboard('{Home}');
    await expect(slider).toHaveValue('30');
  },
};

export const Range: Story = {
  args: { label: 'Price range (USD)', minValue: 0, maxValue: 1000, step: 10, defaultValue: [100, 600], thumbLabels: ['Minimum', 'Maximum'], minLabel: undefined, maxLabel: undefined, formatOptions: { style: 'currency', currency: 'USD', maximumFractionDigits: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('slider', { name: /Minimum/ })).toHaveValue('110');
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('slider', { name: /Maximum/ })).toHaveFocus());
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider', { name: 'Hardness (Shore A)' })).toBeDisabled();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** The thumb in each state: hover, dragging and focus-visible forced through RAC's attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Slider states" states={['default', 'hover', 'focus-visible', 'disabled']} target={thumbs}>
      {(state) => <Slider {...args} isDisabled={state === 'disabled'} />}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('slider')).toHaveLength(4);
  },
};
