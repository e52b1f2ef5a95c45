import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { BankAccount } from '#domain/api/common';
import { BankTransferDetails } from '#features/checkout/components/bank-transfer-details';

const demo: BankAccount[] = (['USD', 'HKD', 'EUR', 'GBP', 'RMB'] as const).map((currency) => ({
  currency,
  bankName: 'Demo Bank (demo data: not a real account)',
  accountName: 'Manufacture Demo Ltd',
  accountNumber: `DEMO-${currency}-000000`,
  swift: 'DEMOXXXX',
  address: '1 Demo Street, Demo City',
  demo: true,
}));
const configured: BankAccount[] = [
  { currency: 'USD', bankName: 'First Harbour Bank', accountName: 'Manufacture Ltd', accountNumber: '0123456789', swift: 'FHBKUS33', address: '1 Harbour Road, Boston, MA 02110, United States', demo: false },
  { currency: 'EUR', bankName: 'Banque du Port', accountName: 'Manufacture Ltd', accountNumber: 'FR7630006000011234567890189', swift: 'BDPFFRPP', address: '2 Quai du Port, 13002 Marseille, France', demo: false },
];
const note = 'Transfer $123.45 to one of these accounts and put W25000001 in the transfer reference. Bank charges are yours.';

const meta = {
  title: 'Features/Checkout/BankTransferDetails',
  component: BankTransferDetails,
  args: { instructions: { reference: 'W25000001', amountCents: 12_345, currency: 'USD', bankAccounts: demo, note } },
} satisfies Meta<typeof BankTransferDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The demo accounts (no BANK_ACCOUNTS configured) say so before anything else. */
export const Demo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('note')).toHaveTextContent('Demo data');
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  },
};

/** Real accounts from configuration: no demo label; the long IBAN wraps. */
export const Configured: Story = {
  args: { instructions: { reference: 'W25000001', amountCents: 12_345, currency: 'USD', bankAccounts: configured, note } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('note')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Copy the EUR account number' })).toBeInTheDocument();
  },
};

/** At 320 px every account is a card of label and value, each with its copy button. */
export const Phone: Story = {
  args: { instructions: { reference: 'W25000001', amountCents: 12_345, currency: 'USD', bankAccounts: configured, note } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
