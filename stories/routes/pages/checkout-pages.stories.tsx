import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import {
  AdditionalCostPaymentPage,
  AdditionalCostSuccessPage,
  AdditionalCostsPage,
  AgencyPaymentPage,
  CheckoutPaymentPage,
  CheckoutSuccessPage,
} from '#routes/pages/checkout-pages';
import { storyCustomer } from '../../features/account/fixtures.ts';
import { AGENCY_TOKEN, COST_TOKEN, agencySummary, costPublic } from '../../features/checkout/fixtures.ts';
import { ORDER_ID, additionalCost, order, page } from '../../support/order-fixtures.ts';
import { routeDecorator } from '../../support/route-frame.tsx';

const user = storyCustomer();

/** The pages of paying: one's own order, the order placed, an agency link, additional costs. */
const meta = {
  title: 'Pages/CheckoutPayment',
  component: CheckoutPaymentPage,
  parameters: {
    layout: 'fullscreen',
    route: { page: 'checkout-payment', path: `/checkout/payment?order=${ORDER_ID}`, user },
    msw: { handlers: [http.get('*/api/*/order/:id', () => HttpResponse.json(order('pending_payment')))] },
  },
  decorators: [routeDecorator],
} satisfies Meta<typeof CheckoutPaymentPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /checkout/payment?order=… at 1280 px. */
export const Payment: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('amount-due')).toHaveTextContent('$124.50');
  },
};

/** The same at 320 px. */
export const PaymentMobile: Story = { ...Payment, globals: { viewport: { value: 'mobile' } } };

export const Success: Story = {
  render: () => <CheckoutSuccessPage />,
  parameters: {
    route: { page: 'checkout-success', path: `/checkout/success?order=${ORDER_ID}`, user },
    msw: { handlers: [http.get('*/api/*/order/:id', () => HttpResponse.json(order('paid')))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Thank you: order W26123456 is paid.')).toBeInTheDocument();
  },
};

export const Agency: Story = {
  render: () => <AgencyPaymentPage />,
  parameters: {
    route: { page: 'agency-payment', path: `/checkout/agency-payment?token=${AGENCY_TOKEN}` },
    msw: { handlers: [http.get('*/api/*/agency/:token', () => HttpResponse.json(agencySummary))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('amount-due')).toHaveTextContent('$1,850.00');
  },
};

export const AdditionalCostPayment: Story = {
  render: () => <AdditionalCostPaymentPage />,
  parameters: {
    route: { page: 'additional-cost-payment', path: `/additional-cost/payment?token=${COST_TOKEN}` },
    msw: { handlers: [http.get('*/api/*/additional-cost/payment/:token', () => HttpResponse.json(costPublic))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('amount-due')).toHaveTextContent('$45.00');
  },
};

export const AdditionalCostSuccess: Story = {
  render: () => <AdditionalCostSuccessPage />,
  parameters: {
    route: { page: 'additional-cost-success', path: `/additional-cost/success?token=${COST_TOKEN}` },
    msw: { handlers: [http.get('*/api/*/additional-cost/payment/:token', () => HttpResponse.json({ ...costPublic, status: 'paid', statusLabel: 'Paid' }))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Thank you: additional cost AC26123401 is paid.')).toBeInTheDocument();
  },
};

/** /additional-cost: the costs to pay, signed in. */
export const AdditionalCosts: Story = {
  render: () => <AdditionalCostsPage />,
  parameters: {
    route: { page: 'additional-costs', path: '/additional-cost', user },
    msw: { handlers: [http.get('*/api/*/order/additional-cost/list', () => HttpResponse.json(page([additionalCost()])))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Pay AC26000007' })).toBeInTheDocument();
  },
};
