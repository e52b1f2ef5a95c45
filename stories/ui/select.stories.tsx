import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select, SelectItem } from '#ui/select';

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
  decorators: [(Story) => <div className="h-80 w-72"><Story /></div>],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Currency/ });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
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
    await expect(canvas.getByRole('button', { name: /Currency/ })).toHaveFocus();
    await expect(canvas.getByText('Please choose a currency')).toBeVisible();
  },
};
