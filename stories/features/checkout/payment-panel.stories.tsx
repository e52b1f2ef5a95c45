import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { payOrder } from '#features/checkout/api';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { ORDER_ID } from '../../support/order-fixtures.ts';
import { AppFrame } from '../../support/app-frame.tsx';
import { declinedHandler, payHandler, pendingHandler } from './fixtures.ts';

const PAY = '*/api/*/order/:id/pay';
const AMOUNT = 12_345;

const meta = {
  title: 'Features/Checkout/PaymentPanel',
  component: PaymentPanel,
  args: {
    amountCents: AMOUNT,
    methods: ['balance', 'card', 'bank_transfer'],
    balanceCents: 20_000,
    canReload: true,
    // The real client: the call goes through MSW's handler for the order's pay route.
    pay: (call) => payOrder(ORDER_ID, call),
  },
  decorators: [(Story) => <AppFrame path="/checkout/payment" width="max-w-xl"><Story /></AppFrame>],
  parameters: { msw: { handlers: [payHandler(PAY, AMOUNT)] } },
} satisfies Meta<typeof PaymentPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillCard(canvasElement: HTMLElement, number = '4242 4242 4242 4242') {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('radio', { name: /Credit card \(USD\)/ }));
  await userEvent.type(canvas.getByRole('textbox', { name: 'Card number' }), number);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/39');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirm' }));
}

/** The three ways to pay, with the balance that covers the amount; nothing chosen yet. */
export const Choosing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('amount-due')).toHaveTextContent('$123.45');
    await expect(canvas.getByText('Your balance: $200.00')).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: /Bank transfer/ })).not.toBeChecked();
  },
};

/** The balance is short: the shortfall, and the way to reload it. */
export const BalanceShort: Story = {
  args: { balanceCents: 4_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Prepaid balance/ }));
    await expect(canvas.getByText('Your balance: $40.00 — $83.45 short of the amount due')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Reload your balance' })).toBeInTheDocument();
  },
};

/** Continuing with nothing chosen: the method is asked for. */
export const NothingChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirm' }));
    await expect(canvas.getByRole('radiogroup', { name: 'Payment method' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A card with wrong details: each field says what is wrong, checked by the shared payment rules. */
export const CardInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Credit card \(USD\)/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4241');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '01/20');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirm' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    await expect(canvas.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The card checked: what will be paid, and how, before anything is charged. */
export const Confirming: Story = {
  play: async ({ canvasElement }) => {
    await fillCard(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Confirm your payment' })).toHaveFocus();
    await expect(canvas.getByText(/You are paying/)).toHaveTextContent('You are paying $123.45 by card ending 4242.');
  },
};

/** The payment is on its way: the button is pending and "Change method" waits. */
export const Paying: Story = {
  parameters: { msw: { handlers: [pendingHandler('post', PAY)] } },
  play: async ({ canvasElement }) => {
    await fillCard(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $123.45' }));
    await expect(await canvas.findByTestId('payment-status')).toHaveTextContent('Paying $123.45…');
    await expect(canvas.getByRole('button', { name: 'Change method' })).toBeDisabled();
  },
};

/** Paid by card: the panel says so (the page then moves on to the order). */
export const Paid: Story = {
  play: async ({ canvasElement }) => {
    await fillCard(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $123.45' }));
    await waitFor(() => expect(canvas.getByTestId('payment-status')).toHaveTextContent('Paid $123.45 by card ending 4242.'));
  },
};

/** The card is declined: an alert with what to do, focused, and the form to try again. */
export const Declined: Story = {
  parameters: { msw: { handlers: [declinedHandler(PAY, AMOUNT)] } },
  play: async ({ canvasElement }) => {
    await fillCard(canvasElement, '4000 0000 0000 0002');
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay $123.45' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Check the card details or use another card, then try again.');
    await waitFor(() => expect(alert).toHaveFocus());
  },
};

/** A bank transfer: the accounts to pay into, with the reference to quote. */
export const BankTransfer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Bank transfer/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirm' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Show the bank accounts' }));
    await waitFor(() => expect(canvas.getByTestId('payment-status')).toHaveTextContent('Your order is awaiting your bank transfer of $123.45.'));
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  },
};
