import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Checkbox } from '#ui/checkbox';
import { classNameArg, disabledArg, invalidArg, onChangeArg, readOnlyArg, requiredArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { children: 'Remember me', onChange: fn() },
  argTypes: {
    children: { control: 'text', description: 'The label.', table: { category: 'Content' } },
    description: { control: 'text', description: 'Extra text under the label.', table: { category: 'Content' } },
    isSelected: { control: 'boolean', description: 'Checked (controlled).', table: { category: 'Value' } },
    defaultSelected: { control: 'boolean', description: 'Checked at first (uncontrolled).', table: { category: 'Value' } },
    isIndeterminate: { control: 'boolean', description: 'Some of a group checked.', table: { category: 'Value' } },
    name: { control: 'text', table: { category: 'Form' } },
    value: { control: 'text', description: 'The value inside a CheckboxGroup.', table: { category: 'Form' } },
    ...disabledArg,
    ...invalidArg,
    ...requiredArg,
    ...readOnlyArg,
    ...onChangeArg,
    ...classNameArg,
  },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await userEvent.tab();
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
  },
};

export const Checked: Story = { args: { defaultSelected: true, children: 'Send me order updates' } };

export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: 'Select all files' },
  play: async ({ canvasElement }) => {
    // React Aria sets the property in an effect after the first paint.
    const box = within(canvasElement).getByRole('checkbox', { name: 'Select all files' });
    await waitFor(() => expect(box).toHaveProperty('indeterminate', true));
  },
};

export const WithDescription: Story = {
  args: { children: 'Sand and polish', description: 'Adds 1 working day.' },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Remember me' });
    await expect(box).toBeDisabled();
    await userEvent.tab();
    await expect(box).not.toHaveFocus();
  },
};

export const Validation: Story = {
  args: { children: 'I accept the terms of service', name: 'terms', isRequired: true, validationBehavior: 'aria', isInvalid: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'I accept the terms of service' });
    await userEvent.tab();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Unchecked, checked and indeterminate in each state: hover, pressed and focus-visible forced through RAC's state attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid
      label="Checkbox states"
      states={['default', 'hover', 'pressed', 'focus-visible', 'disabled', 'invalid']}
      variants={['unchecked', 'checked', 'indeterminate'] as const}
    >
      {(state, variant) => (
        <Checkbox
          {...args}
          defaultSelected={variant === 'checked'}
          isIndeterminate={variant === 'indeterminate'}
          isDisabled={state === 'disabled'}
          isInvalid={state === 'invalid'}
        />
      )}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('checkbox', { name: 'Remember me' })).toHaveLength(18);
  },
};

export const StatesForcedColours: Story = { ...States, globals: { forcedColors: 'active' } };
