import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BillingAddressBook } from '#features/account/components/billing-address-book';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { STORY_BILLING, storyCustomer } from './fixtures.ts';

const list = (addresses = STORY_BILLING) => http.get('*/api/*/account/billingAddress', () => HttpResponse.json({ list: addresses, total: addresses.length }));

const meta = {
  title: 'Features/Account/BillingAddressBook',
  component: BillingAddressBook,
  decorators: [(Story) => <AppFrame path="/user/account/billingAddress" session={storySession(storyCustomer())} wide><Story /></AppFrame>],
  parameters: { msw: { handlers: [list()] } },
} satisfies Meta<typeof BillingAddressBook>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Billing addresses' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [list([])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No billing addresses yet' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.get('*/api/*/account/billingAddress', async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your billing addresses…' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [http.get('*/api/*/account/billingAddress', () => HttpResponse.json({ message: 'Unexpected error, please contact customer service.' }, { status: 500 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Unexpected error');
  },
};

export const AddValidation: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add a billing address' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'New billing address' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save billing address' }));
    // The form's rules arrive a moment after it opens (ADR 140): the first submit waits for them.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Billing location' })).toHaveAccessibleDescription(expect.stringContaining('Billing location is required.')), { timeout: 5000 });
  },
};
