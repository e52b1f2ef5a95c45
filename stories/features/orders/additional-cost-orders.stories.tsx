import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdditionalCostOrders } from '#features/orders/components/additional-cost-orders';
import { additionalCost, page } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/order/additional-cost/list';
const costs = page([
  additionalCost(),
  additionalCost({ id: 'ac-2', number: 'AC26000005', orderNumber: null, description: 'Express courier to the trade fair', status: 'awaiting_transfer', statusLabel: 'Awaiting bank transfer', amountCents: 12_000 }),
  additionalCost({ id: 'ac-3', number: 'AC26000002', status: 'paid', statusLabel: 'Paid', paymentMethod: 'balance', paidAt: '2026-11-02T11:00:00.000Z', amountCents: 2_000, description: 'Second colour for the logo' }),
]);

const meta = {
  title: 'Features/Orders/AdditionalCostOrders',
  component: AdditionalCostOrders,
  // The page puts the checkout's payment panel here; the story shows where it goes.
  args: { renderPayment: (cost) => <p className="rounded-control border border-dashed border-neutral-400 p-3">{cost.number}</p> },
  decorators: [(Story) => <ScreenFrame path="/user/order/additional-cost"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(costs))] } },
} satisfies Meta<typeof AdditionalCostOrders>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Unpaid costs can be paid here; paid ones say when and how. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Paid on Nov 2, 2026 · Prepaid balance')).toBeInTheDocument();
  },
};

/** Paying opens the payment panel under the cost. */
export const Paying: Story = {
  args: { renderPayment: fn((cost) => <p className="rounded-control border border-dashed border-neutral-400 p-3">{cost.number}</p>) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Pay AC26000007' }));
    await expect(args.renderPayment).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No additional costs' })).toBeInTheDocument();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.error())] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Unknown network error');
  },
};
