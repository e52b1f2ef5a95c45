import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select, SelectItem } from '#ui/select';
import { classNameArg, fieldArgs, onSelectionChangeArg, placeholderArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const triggers = select('button');

const meta = {
  title: 'UI/Select',
  component: Select,
  args: {
    label: 'Currency',
    name: 'currency',
    placeholder: 'Choose a currency',
    onSelectionChange: fn(),
    children: (
      <>
        <SelectItem id="USD">US dollar (USD)</SelectItem>
        <SelectItem id="HKD">Hong Kong dollar (HKD)</SelectItem>
        <SelectItem id="EUR">Euro (EUR)</SelectItem>
        <SelectItem id="GBP">Pound sterling (GBP)</SelectItem>
        <SelectItem id="RMB">Renminbi (RMB)</SelectItem>
      </>
    ),
  },
  argTypes: {
    ...fieldArgs,
    ...placeholderArg,
    selectedKey: { control: 'text', description: 'The chosen option id (controlled).', table: { category: 'Value' } },
    defaultSelectedKey: { control: 'text', description: 'The option chosen at first (uncontrolled).', table: { category: 'Value' } },
    children: { control: false, description: '`SelectItem` options, or a function of `items`.', table: { category: 'Content' } },
    items: { control: false, table: { category: 'Content' } },
    ...onSelectionChangeArg,
    ...classNameArg,
  },
  decorators: [(Story) => <div className="h-80 w-72"><Story /></div>],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Currency/ });
    await userEvent.tab();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(trigger).toHaveTextContent('Euro (EUR)'));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('EUR');
  },
};

export const Open: Story = {
  args: { defaultSelectedKey: 'GBP' },
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: 'Pound sterling (GBP)' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvasElement.ownerDocument.activeElement).toHaveTextContent('Pound sterling (GBP)');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Currency/ })).toBeDisabled();
  },
};

export const Validation: Story = {
  args: { isRequired: true, validationBehavior: 'aria', isInvalid: true, errorMessage: 'Please choose a currency' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('button', { name: /Currency/ })).toHaveFocus());
    await expect(canvas.getByText('Please choose a currency')).toBeVisible();
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Nothing chosen and chosen, in each state (focus-visible forced through RAC's attributes). */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Select states" states={['default', 'focus-visible', 'invalid', 'disabled']} variants={['empty', 'chosen'] as const} target={triggers}>
      {(state, variant) => (
        <Select
          {...args}
          defaultSelectedKey={variant === 'chosen' ? 'EUR' : undefined}
          isDisabled={state === 'disabled'}
          isInvalid={state === 'invalid'}
          errorMessage={state === 'invalid' ? 'Choose a currency.' : undefined}
        />
      )}
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button', { name: /Currency/ })).toHaveLength(8);
  },
};
