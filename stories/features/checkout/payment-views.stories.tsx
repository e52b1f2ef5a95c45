import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  AdditionalCostPayment,
  AdditionalCostSuccess,
  AgencyPayment,
  OrderPayment,
  OrderSuccess,
} from '#features/checkout/components/payment-views';
import { ORDER_ID, order } from '../../support/order-fixtures.ts';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from '../account/fixtures.ts';
import { AGENCY_TOKEN, COST_TOKEN, agencySummary, costPublic, payHandler, pendingHandler } from './fixtures.ts';

const ORDER = '*/api/*/order/:id';
const AGENCY = '*/api/*/agency/:token';
const COST = '*/api/*/additional-cost/payment/:token';
const unpaid = order('pending_payment');
const notFound = (path: string) => http.get(path, () => HttpResponse.json({ message: 'Not found' }, { status: 404 }));

/** The pages around a payment: paying one's order, the order placed, paying for someone (agency), an additional cost. */
const meta = {
  title: 'Features/Checkout/PaymentViews',
  component: OrderPayment,
  args: { orderId: ORDER_ID },
  decorators: [(Story) => <AppFrame path="/checkout/payment" session={storySession(storyCustomer())} width="max-w-2xl"><Story /></AppFrame>],
  parameters: { msw: { handlers: [http.get(ORDER, () => HttpResponse.json(unpaid)), payHandler(`${ORDER}/pay`, unpaid.amounts.totalCents)] } },
} satisfies Meta<typeof OrderPayment>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /checkout/payment: the order, and the three ways to pay it with the customer's balance. */
export const OrderPaymentFilled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('amount-due')).toHaveTextContent('$124.50');
    await expect(canvas.getByText('W26123456')).toBeInTheDocument();
    await expect(canvas.getByText('Your balance: $256.80')).toBeInTheDocument();
  },
};

/** The customer chose a bank transfer: the accounts, and the order's status in the header follows (awaiting the transfer). */
export const OrderPaymentTransfer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /Bank transfer/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirm' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Show the bank accounts' }));
    await expect(await canvas.findByRole('heading', { name: 'Pay by bank transfer' })).toBeInTheDocument();
    await expect(canvas.getByText('Awaiting bank transfer')).toBeInTheDocument();
  },
};

export const OrderPaymentLoading: Story = {
  parameters: { msw: { handlers: [pendingHandler('get', ORDER)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading your order…');
  },
};

/** The order cannot be found (a wrong link, or another customer's order). */
export const OrderPaymentNotFound: Story = {
  parameters: { msw: { handlers: [notFound(ORDER)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Can not found an order.');
  },
};

/** An order already paid: nothing to pay, and the way to the order. */
export const OrderPaymentNothingToPay: Story = {
  parameters: { msw: { handlers: [http.get(ORDER, () => HttpResponse.json(order('in_production')))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/there is nothing to pay/)).toHaveTextContent('Order W26123456 is in production: there is nothing to pay.');
    await expect(canvas.getByRole('link', { name: 'See the order' })).toBeInTheDocument();
  },
};

/** /checkout/success after a card payment. */
export const OrderSuccessPaid: Story = {
  render: () => <OrderSuccess orderId={ORDER_ID} />,
  parameters: { msw: { handlers: [http.get(ORDER, () => HttpResponse.json(order('paid')))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Thank you: order W26123456 is paid.')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('link', { name: 'Your orders' })).toBeInTheDocument();
  },
};

/** /checkout/success after choosing a bank transfer: the order waits for it, and can still be paid another way. */
export const OrderSuccessAwaitingTransfer: Story = {
  render: () => <OrderSuccess orderId={ORDER_ID} />,
  parameters: { msw: { handlers: [http.get(ORDER, () => HttpResponse.json(order('awaiting_transfer')))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Order W26123456 is placed and waits for your bank transfer.')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('link', { name: 'Pay now' })).toBeInTheDocument();
  },
};

export const OrderSuccessLoading: Story = {
  render: () => <OrderSuccess orderId={ORDER_ID} />,
  parameters: { msw: { handlers: [pendingHandler('get', ORDER)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading your order…');
  },
};

/** No order in the address: said at once, no call made. */
export const OrderSuccessNoOrder: Story = {
  render: () => <OrderSuccess orderId={null} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Order id not found.');
  },
};

/** /checkout/agency-payment: someone pays a customer's order by card or transfer, without an account (no balance). */
export const AgencyPaymentFilled: Story = {
  render: () => <AgencyPayment token={AGENCY_TOKEN} />,
  decorators: [(Story) => <AppFrame path="/checkout/agency-payment" width="max-w-2xl"><Story /></AppFrame>],
  parameters: { msw: { handlers: [http.get(AGENCY, () => HttpResponse.json(agencySummary)), payHandler(`${AGENCY}/pay`, agencySummary.amountCents, agencySummary.orderNumber)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('amount-due')).toHaveTextContent('$1,850.00');
    // Whom the payer pays for: the order's billing name and company.
    await expect(canvas.getByText('Ada Lovelace, Analytical Engines Ltd')).toBeInTheDocument();
    await expect(canvas.queryByRole('radio', { name: /Prepaid balance/ })).toBeNull();
  },
};

/** The agency payer chose a bank transfer: the accounts, and the order now waiting for it. */
export const AgencyPaymentTransfer: Story = {
  ...AgencyPaymentFilled,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /Bank transfer/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirm' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Show the bank accounts' }));
    await waitFor(() => expect(canvas.getByTestId('payment-status')).toHaveTextContent('Your order is awaiting your bank transfer of $1,850.00.'));
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    await expect(canvas.getByText('Awaiting bank transfer')).toBeInTheDocument();
  },
};

/** An expired or wrong agency link. */
export const AgencyPaymentInvalidLink: Story = {
  render: () => <AgencyPayment token={AGENCY_TOKEN} />,
  parameters: { msw: { handlers: [notFound(AGENCY)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This payment link is not valid any more; please ask for a new one.');
  },
};

/** /additional-cost/payment: an extra cost agreed with customer service, paid from a link. */
export const AdditionalCostPaymentFilled: Story = {
  render: () => <AdditionalCostPayment token={COST_TOKEN} />,
  parameters: { msw: { handlers: [http.get(COST, () => HttpResponse.json(costPublic))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('amount-due')).toHaveTextContent('$45.00');
    await expect(canvas.getByText('Express shipping upgrade (DHL Express, 2 days)')).toBeInTheDocument();
  },
};

export const AdditionalCostPaymentLoading: Story = {
  render: () => <AdditionalCostPayment token={COST_TOKEN} />,
  parameters: { msw: { handlers: [pendingHandler('get', COST)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the additional cost…');
  },
};

/** Already paid: nothing to pay. */
export const AdditionalCostPaymentNothingToPay: Story = {
  render: () => <AdditionalCostPayment token={COST_TOKEN} />,
  parameters: { msw: { handlers: [http.get(COST, () => HttpResponse.json({ ...costPublic, status: 'paid', statusLabel: 'Paid' }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/there is nothing to pay/)).toBeInTheDocument();
  },
};

/** /additional-cost/success: what was paid. */
export const AdditionalCostSuccessPaid: Story = {
  render: () => <AdditionalCostSuccess token={COST_TOKEN} />,
  parameters: { msw: { handlers: [http.get(COST, () => HttpResponse.json({ ...costPublic, status: 'paid', statusLabel: 'Paid' }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Thank you: additional cost AC26123401 is paid.')).toHaveAttribute('role', 'status');
  },
};

/** The link has expired since paying. */
export const AdditionalCostSuccessExpired: Story = {
  render: () => <AdditionalCostSuccess token={COST_TOKEN} />,
  parameters: { msw: { handlers: [notFound(COST)] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This payment link is not valid any more.');
  },
};
