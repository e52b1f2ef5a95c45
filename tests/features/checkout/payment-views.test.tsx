import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { AgencyPayment, OrderPayment } from '#features/checkout/components/payment-views';
import { AGENCY_TOKEN, agencySummary, payResponse } from '../../../stories/features/checkout/fixtures.ts';
import { ORDER_ID, order } from '../../../stories/support/order-fixtures.ts';
import { fakeApi } from '../../support/fake-api.ts';
import { renderWithApp } from '../../support/render-app.tsx';
import { customer } from '../../support/users.ts';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** The value of a fact (`dt` then `dd`) of the page's header. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

test('the payment page’s header follows the method chosen: a bank transfer makes the order "Awaiting bank transfer"', async () => {
  const pending = order('pending_payment', { id: ORDER_ID, number: 'W26123456' });
  fakeApi({
    [`GET order/${ORDER_ID}`]: () => [200, pending],
    [`POST order/${ORDER_ID}/pay`]: () => [200, payResponse('bank_transfer', pending.amounts.totalCents, pending.number)],
  });
  renderWithApp(<OrderPayment orderId={ORDER_ID} />, { path: `/checkout/payment?order=${ORDER_ID}`, user: customer() });
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('radiogroup', { name: 'Payment method' });
  expect(fact('Status')).toHaveTextContent('Awaiting payment');
  await user.click(within(screen.getByRole('radiogroup', { name: 'Payment method' })).getByText(/Bank transfer/));
  await user.click(screen.getByRole('button', { name: 'Continue to confirm' }));
  await user.click(await screen.findByRole('button', { name: 'Show the bank accounts' }));
  expect(await screen.findByRole('heading', { name: 'Pay by bank transfer' })).toBeInTheDocument();
  expect(fact('Status')).toHaveTextContent('Awaiting bank transfer');
});

test('the payment page shows the coupon’s discount line the confirmation showed (ADR 165)', async () => {
  const pending = order('pending_payment', { id: ORDER_ID, number: 'W26123456' });
  fakeApi({ [`GET order/${ORDER_ID}`]: () => [200, pending] });
  renderWithApp(<OrderPayment orderId={ORDER_ID} />, { path: `/checkout/payment?order=${ORDER_ID}`, user: customer() });
  await screen.findByRole('radiogroup', { name: 'Payment method' });
  expect(fact('Discount')).toHaveTextContent(`Coupon ${pending.coupon!.code}: -$${(pending.coupon!.discountCents / 100).toFixed(2)}`);
  expect(fact('Subtotal')).toHaveTextContent(`$${(pending.amounts.subtotalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
});

test('the agency payment page names whom the payer pays for', async () => {
  fakeApi({ [`GET agency/${AGENCY_TOKEN}`]: () => [200, agencySummary] });
  renderWithApp(<AgencyPayment token={AGENCY_TOKEN} />, { path: `/checkout/agency-payment?token=${AGENCY_TOKEN}` });
  await screen.findByRole('radiogroup', { name: 'Payment method' });
  expect(fact('Paying for')).toHaveTextContent('Ada Lovelace, Analytical Engines Ltd');
});

test('someone without a company is named alone', async () => {
  fakeApi({ [`GET agency/${AGENCY_TOKEN}`]: () => [200, { ...agencySummary, company: null, customerName: 'Grace Hopper' }] });
  renderWithApp(<AgencyPayment token={AGENCY_TOKEN} />, { path: `/checkout/agency-payment?token=${AGENCY_TOKEN}` });
  await screen.findByRole('radiogroup', { name: 'Payment method' });
  expect(fact('Paying for')).toHaveTextContent(/^Grace Hopper$/);
});
