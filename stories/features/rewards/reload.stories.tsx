import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ReloadAmountForm } from '#features/rewards/components/reload-amount-form';
import { ReloadAwaitingTransfer, ReloadChosen, ReloadSucceeded } from '#features/rewards/components/reload-outcome';
import { AppFrame } from '../../support/app-frame.tsx';

const meta = {
  title: 'Features/Rewards/Reload',
  component: ReloadAmountForm,
  args: { balanceCents: 8_800, onChoose: fn() },
  decorators: [(Story) => <AppFrame path="/user/account/balance/reload"><Story /></AppFrame>],
} satisfies Meta<typeof ReloadAmountForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The amount, with the rule stated before anything is typed. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Amount (USD)' }), '250{Enter}');
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(args.onChoose).toHaveBeenCalledWith(250), { timeout: 5000 });
  },
};

/** The shared reload rule, by keyboard: 99.5 is not whole, 50 is under the minimum. */
export const Validation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const amount = canvas.getByRole('textbox', { name: 'Amount (USD)' });
    await userEvent.type(amount, '99.5{Enter}');
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining('Please enter a whole number of US dollars.')), { timeout: 5000 });
    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    await expect(amount).toHaveAccessibleDescription(expect.stringContaining('The minimum reload is USD 100.'));
    await expect(args.onChoose).not.toHaveBeenCalled();
  },
};

/** From the payment page: the shortfall rounded up to the minimum, to confirm. */
export const Suggested: Story = {
  args: { initialAmount: '100' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('100');
  },
};

/** The amount chosen, before paying (the checkout's payment panel follows it on the page). */
export const Chosen: StoryObj<typeof ReloadChosen> = {
  render: () => <ReloadChosen amountUsd={100} onChange={fn()} />,
};

/** After a card reload, back to the order that was short. */
export const Succeeded: StoryObj<typeof ReloadSucceeded> = {
  render: () => (
    <ReloadSucceeded
      orderId="order-1"
      result={{
        subject: { kind: 'reload', id: 'r1', number: 'R20261120-4F2A9C', status: 'succeeded' },
        payment: { id: 'p1', method: 'card', status: 'succeeded', amountCents: 10_000, currency: 'USD', provider: 'sandbox', cardBrand: 'visa', cardLast4: '4242', declineCode: null, message: null, via: 'owner', createdAt: '2026-11-20T09:30:00.000Z' },
        balanceCents: 18_800,
        bankTransfer: null,
        message: 'Added $100.00 to your balance.',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your balance is now $188.00.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to your order to pay it' })).toHaveAttribute('href', '/checkout/payment?order=order-1');
  },
};

/** After choosing a bank transfer: nothing credited until it arrives. */
export const AwaitingTransfer: StoryObj<typeof ReloadAwaitingTransfer> = {
  render: () => <ReloadAwaitingTransfer balanceCents={8_800} orderId={null} />,
};
