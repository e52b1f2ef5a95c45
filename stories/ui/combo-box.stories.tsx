import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComboBox, ComboBoxItem } from '#ui/combo-box';
import { classNameArg, fieldArgs, onSelectionChangeArg, placeholderArg } from './arg-types.ts';
import { StateGrid, select } from './state-grid.tsx';

const frames = select('[role=group], input');

interface Country {
  id: string;
  name: string;
}
const countries: Country[] = [
  { id: 'FR', name: 'France' },
  { id: 'DE', name: 'Germany' },
  { id: 'GB', name: 'United Kingdom' },
  { id: 'US', name: 'United States' },
  { id: 'CN', name: 'China' },
];

const meta = {
  title: 'UI/ComboBox',
  component: ComboBox<Country>,
  args: {
    label: 'Country',
    defaultItems: countries,
    onSelectionChange: fn(),
    children: (c: Country) => <ComboBoxItem id={c.id}>{c.name}</ComboBoxItem>,
  },
  argTypes: {
    ...fieldArgs,
    ...placeholderArg,
    selectedKey: { control: 'text', description: 'The chosen item id (controlled).', table: { category: 'Value' } },
    defaultSelectedKey: { control: 'text', description: 'The item chosen at first (uncontrolled).', table: { category: 'Value' } },
    inputValue: { control: 'text', description: 'The typed text (controlled).', table: { category: 'Value' } },
    defaultItems: { control: false, description: 'Items the field filters itself as the user types.', table: { category: 'Content' } },
    items: { control: false, description: 'Items filtered by the caller.', table: { category: 'Content' } },
    menuTrigger: { control: 'inline-radio', options: ['input', 'focus', 'manual'], description: 'What opens the list.', table: { category: 'Behaviour' } },
    allowsCustomValue: { control: 'boolean', description: 'Accepts text that matches no item.', table: { category: 'Behaviour' } },
    ...onSelectionChangeArg,
    ...classNameArg,
  },
} satisfies Meta<typeof ComboBox<Country>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Country' });
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('unit');
    const listbox = await within(document.body).findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['United Kingdom', 'United States']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(input).toHaveValue('United States'));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('US');
  },
};

export const WithDescription: Story = {
  args: { description: 'Where the parts ship to.', placeholder: 'Search country' },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Country' })).toBeDisabled();
  },
};

export const Validation: Story = {
  args: { isRequired: true, validationBehavior: 'aria', isInvalid: true, errorMessage: 'Please choose a country' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Country' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please choose a country');
  },
};

export const Playground: Story = { tags: ['!test'] };

/** Empty and chosen, in each state (focus-visible forced through RAC's attributes). */
export const States: Story = {
  render: (args) => (
    <StateGrid label="Combo box states" states={['default', 'focus-visible', 'invalid', 'disabled']} variants={['empty', 'chosen'] as const} target={frames}>
      {(state, variant) => (
        <div className="w-60">
          <ComboBox
            {...args}
            defaultSelectedKey={variant === 'chosen' ? 'FR' : undefined}
            isDisabled={state === 'disabled'}
            isInvalid={state === 'invalid'}
            errorMessage={state === 'invalid' ? 'Choose a country from the list.' : undefined}
          />
        </div>
      )}
    </StateGrid>
  ),
};
