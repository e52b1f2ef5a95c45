import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within, waitFor } from 'storybook/test';
import { SearchField } from '#ui/search-field';
import { classNameArg, disabledArg, fieldArgs, onChangeArg, placeholderArg, readOnlyArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const frames = select('[role=group], input');

const meta = {
  title: 'UI/SearchField',
  component: SearchField,
  args: { label: 'Search orders', placeholder: 'Order ID or PO number', onSubmit: fn(), onClear: fn() },
  argTypes: {
    label: fieldArgs.label,
    description: fieldArgs.description,
    ...placeholderArg,
    ...disabledArg,
    ...readOnlyArg,
    clearLabel: { control: 'text', description: 'Name of the clear button.', table: { category: 'Content' } },
    onSubmit: { control: false, description: 'Enter: search.', table: { category: 'Events' } },
    onClear: { control: false, description: 'Escape or the clear button.', table: { category: 'Events' } },
    ...onChangeArg,
    ...classNameArg,
  },
  decorators: [(Story) => <div className="w-72"><Story /></div>],
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('searchbox', { name: 'Search orders' });
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('PO-1234{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('PO-1234');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onClear).toHaveBeenCalled();
  },
};

export const WithValue: Story = {
  args: { defaultValue: 'bracket' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search orders' });
    await userEvent.tab();
    await expect(input).toHaveValue('bracket');
    // The clear button is for pointers; keyboard users clear with Escape (it stays out of the tab order).
    await expect(canvas.getByRole('button', { name: 'Clear search', hidden: true })).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onClear).toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox', { name: 'Search orders' })).toBeDisabled();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Empty and filled, in each state (focus-visible forced through RAC's attributes). */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Search field states" states={['default', 'focus-visible', 'disabled']} variants={['empty', 'filled'] as const} target={frames}>
      {(state, variant) => (
        <div className="w-60">
          <SearchField {...args} defaultValue={variant === 'filled' ? '10234' : undefined} isDisabled={state === 'disabled'} />
        </div>
      )}
    </StateGrid>
  ),
};
