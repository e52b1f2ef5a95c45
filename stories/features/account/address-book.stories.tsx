import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AddressBook } from '#features/account/components/address-book';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { STORY_ADDRESSES, storyCustomer } from './fixtures.ts';
import { countryList } from './handlers.ts';

const list = (addresses = STORY_ADDRESSES) => http.get('*/api/*/account/address', () => HttpResponse.json({ list: addresses, total: addresses.length }));

const meta = {
  title: 'Features/Account/AddressBook',
  component: AddressBook,
  decorators: [(Story) => <AppFrame path="/user/account/address" session={storySession(storyCustomer())} wide><Story /></AppFrame>],
  parameters: { msw: { handlers: [countryList, list()] } },
} satisfies Meta<typeof AddressBook>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Shipping addresses' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByText('Default')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [countryList, list([])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No shipping addresses yet' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [countryList, http.get('*/api/*/account/address', async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your addresses…' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [countryList, http.get('*/api/*/account/address', () => HttpResponse.json({ message: 'Unexpected error, please contact customer service.' }, { status: 500 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Unexpected error, please contact customer service.');
  },
};

/** The address form in its dialog: the shared rules (a P.O. Box refused, a country from the list). */
export const AddValidation: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add an address' }, { timeout: 5000 }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'New shipping address' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Address line 1' }), 'P.O. Box 12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    // The form's rules arrive a moment after it opens (ADR 140): the first submit waits for them.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Address line 1' })).toHaveAccessibleDescription('We cannot ship to a P.O. Box; please give a street address.'), { timeout: 5000 });
    await expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Please select a valid country.');
    // The first field in error takes the focus and scrolls the dialog by an amount that varies with
    // the machine's speed: once it has, the picture is taken from the dialog's top.
    await waitFor(() => expect(dialog.contains(document.activeElement) && document.activeElement?.getAttribute('aria-invalid')).toBe('true'), { timeout: 5000 });
    for (let box: HTMLElement | null = dialog; box && box !== document.body; box = box.parentElement) box.scrollTop = 0;
  },
};

/** Two rows selected, one at a time then with "Select all": "Delete selected (2)" asks first. */
export const DeleteSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Shipping addresses' }, { timeout: 5000 });
    const selectAll = canvas.getByRole('checkbox', { name: 'Select all' });
    await userEvent.click(within(list).getByRole('checkbox', { name: /^Select Dana Demo/ }));
    await expect(selectAll).toBePartiallyChecked();
    await userEvent.click(selectAll);
    await expect(within(list).getByRole('checkbox', { name: /^Select Alex Example/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete selected (2)' }));
    await expect(await within(document.body).findByRole('alertdialog', { name: 'Delete 2 addresses?' }, { timeout: 5000 })).toBeInTheDocument();
  },
};
