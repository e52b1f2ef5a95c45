import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { NumberField } from '#ui/number-field';
import { classNameArg, fieldArgs, onChangeArg, placeholderArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const frames = select('[role=group], input');

const meta = {
  title: 'UI/NumberField',
  component: NumberField,
  args: { label: 'Quantity', name: 'quantity', unit: 'pcs', unitLabel: 'pieces', defaultValue: 1, minValue: 1, maxValue: 100000, step: 1, onChange: fn() },
  argTypes: {
    ...fieldArgs,
    ...placeholderArg,
    value: { control: 'number', description: 'The number (controlled).', table: { category: 'Value' } },
    defaultValue: { control: 'number', description: 'The number at first (uncontrolled).', table: { category: 'Value' } },
    minValue: { control: 'number', description: 'Arrow keys, steppers and blur stop here.', table: { category: 'Value' } },
    maxValue: { control: 'number', table: { category: 'Value' } },
    step: { control: 'number', table: { category: 'Value' } },
    unit: { control: 'text', description: 'Shown after the number (`mm`, `pcs`).', table: { category: 'Content' } },
    unitLabel: { control: 'text', description: 'The unit as a screen reader says it.', table: { category: 'Content' } },
    decrementLabel: { control: 'text', table: { category: 'Content' } },
    incrementLabel: { control: 'text', table: { category: 'Content' } },
    formatOptions: { control: 'object', description: 'Intl.NumberFormat options (`{ maximumFractionDigits: 2 }`).', table: { category: 'Value' } },
    ...onChangeArg,
    ...classNameArg,
  },
  decorators: [(Story) => <div className="w-72"><Story /></div>],
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Quantity (pieces)' });
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveValue('3');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect(input).toHaveValue('1');
  },
};

export const Millimetres: Story = {
  args: { label: 'Wall thickness', name: 'wall', unit: 'mm', unitLabel: 'millimetres', defaultValue: 2, minValue: 0.5, maxValue: 10, step: 0.5, formatOptions: { minimumFractionDigits: 1 } },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Wall thickness (millimetres)' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}');
    await expect(input).toHaveValue('2.5');
    await userEvent.keyboard('{End}');
    await expect(input).toHaveValue('10.0');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Quantity (pieces)' })).toBeDisabled();
  },
};

export const Validation: Story = {
  args: {
    validationBehavior: 'aria',
    defaultValue: undefined,
    isRequired: true,
    validate: (v) => (Number.isNaN(v) ? 'Please enter a quantity' : null),
    description: 'From 1 to 100,000.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Quantity (pieces)' });
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Please enter a quantity/);
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Empty and filled, in each state: focus-visible forced through RAC's attributes, the rest real props. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Number field states" states={['default', 'focus-visible', 'invalid', 'disabled', 'readonly']} variants={['empty', 'filled'] as const} target={frames}>
      {(state, variant) => (
        <div className="w-60">
          <NumberField
            {...args}
            defaultValue={variant === 'filled' ? 250 : undefined}
            isDisabled={state === 'disabled'}
            isReadOnly={state === 'readonly'}
            isInvalid={state === 'invalid'}
            errorMessage={state === 'invalid' ? 'Enter a quantity from 1 to 100,000.' : undefined}
          />
        </div>
      )}
    </StateGrid>
  ),
};
