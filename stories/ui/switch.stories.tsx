import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { Switch } from '#ui/switch';
import { classNameArg, disabledArg, onChangeArg, readOnlyArg } from './arg-types.ts';
import { StateGrid } from './state-grid.tsx';

const meta = {
  title: 'UI/Switch',
  component: Switch,
  args: { children: 'Email me when an order ships', onChange: fn() },
  argTypes: {
    children: { control: 'text', description: 'The label: the setting it turns on.', table: { category: 'Content' } },
    isSelected: { control: 'boolean', description: 'On (controlled).', table: { category: 'Value' } },
    defaultSelected: { control: 'boolean', description: 'On at first (uncontrolled).', table: { category: 'Value' } },
    name: { control: 'text', table: { category: 'Form' } },
    ...disabledArg,
    ...readOnlyArg,
    ...onChangeArg,
    ...classNameArg,
  },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Email me when an order ships' });
    await userEvent.tab();
    await waitFor(() => expect(sw).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(sw).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
  },
};

export const On: Story = { args: { defaultSelected: true } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Email me when an order ships' })).toBeDisabled();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Off and on in each state: hover, pressed and focus-visible forced through RAC's state attributes. */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Switch states" states={['default', 'hover', 'pressed', 'focus-visible', 'disabled']} variants={['off', 'on'] as const}>
      {(state, variant) => <Switch {...args} defaultSelected={variant === 'on'} isDisabled={state === 'disabled'} />}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('switch')).toHaveLength(10);
  },
};
