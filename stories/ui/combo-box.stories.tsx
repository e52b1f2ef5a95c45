import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComboBox, ComboBoxItem } from '#ui/combo-box';

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
} satisfies Meta<typeof ComboBox<Country>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Country' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
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
