import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BalanceOverview } from '#features/rewards/components/balance-overview';
import { AppFrame } from '../../support/app-frame.tsx';
import { listHandler, recharges, transactions } from './fixtures.ts';

const lists = (r: Parameters<typeof listHandler>[2], t: Parameters<typeof listHandler>[2] = transactions) => ({
  msw: { handlers: [listHandler('get', 'account/balance/rechargeList', r), listHandler('get', 'account/balance/transactionList', t)] },
});

const meta = {
  title: 'Features/Rewards/BalanceOverview',
  component: BalanceOverview,
  args: { balanceCents: 12_620, currency: 'USD', canReload: true },
  decorators: [(Story, { parameters }) => <AppFrame path={(parameters.path as string | undefined) ?? '/user/account/balance'} width="max-w-4xl"><Story /></AppFrame>],
  parameters: lists(recharges),
} satisfies Meta<typeof BalanceOverview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The balance, when a payment shows in it, and the reload records with each status. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('balance')).toHaveTextContent('$126.20');
    await expect(await canvas.findByText('R20261120-4F2A9C')).toBeInTheDocument();
    await expect(canvas.getByText('Awaiting transfer')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Reload your balance' })).toHaveAttribute('href', '/user/account/balance/reload');
  },
};

/** The transactions, chosen by keyboard (Tab to their link, Enter): kinds, signed amounts, balance after, references. */
export const Transactions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('link', { name: 'Reload records' }).focus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('link', { name: 'Balance transactions' })).toHaveAttribute('aria-current', 'page');
    await expect(await canvas.findByText('+$100.00')).toBeInTheDocument();
    await expect(canvas.getByText('-$73.80')).toBeInTheDocument();
  },
};

/** A new account: nothing reloaded yet, and the way to do it. */
export const Empty: Story = {
  args: { balanceCents: 0 },
  parameters: lists([], []),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No reloads yet' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: lists('loading'),
};

/** The account still loading (a first visit's first frames, ADR 267): no amount and no permission said before they are known. */
export const AccountLoading: Story = {
  args: { balanceCents: null, canReload: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading your account…')).toHaveAttribute('role', 'status');
    await expect(canvas.queryByTestId('balance')).toBeNull();
    await expect(canvas.queryByText(/Reloading is not enabled/)).toBeNull();
  },
};

/** The list could not be loaded: said, with a way to try again. */
export const LoadFailed: Story = {
  parameters: lists('error'),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load this list.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** An account that may not reload (spec section 6), sent back from the reload page: it says why. */
export const ReloadNotAllowed: Story = {
  args: { canReload: false, reloadRefused: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Reloading is not enabled for this account, so we brought you back to your balance.')).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Reload your balance' })).toBeNull();
  },
};

/** On a 320 px phone the table scrolls inside its frame; nothing else moves sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
};
