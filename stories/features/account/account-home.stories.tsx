import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { AccountHome } from '#features/account/components/account-home';
import { AppFrame } from '../../support/app-frame.tsx';
import { storyCustomer } from './fixtures.ts';
import { pageOf } from './handlers.ts';

const orders = http.get('*/api/*/order/list', () =>
  HttpResponse.json(
    pageOf([
      { id: 'o1', number: 'W25000412', poNumber: 'PO-77', currency: 'USD', status: 'shipped', statusLabel: 'Shipped', paymentMethod: 'card', consigneeName: 'Dana Demo', productCount: 4, createdAt: '2026-03-02T10:00:00.000Z', amountCents: 18_640 },
      { id: 'o2', number: 'W25000388', poNumber: null, currency: 'USD', status: 'in_production', statusLabel: 'In production', paymentMethod: 'balance', consigneeName: 'Dana Demo', productCount: 2, createdAt: '2026-02-20T10:00:00.000Z', amountCents: 32_500 },
    ]),
  ),
);
const projects = http.get('*/msapi/*/project/list', () =>
  HttpResponse.json(pageOf([{ id: 'p1', name: 'Gripper fingers', process: '3d-printing', processId: 22, fileCount: 3, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-03T10:00:00.000Z' }])),
);
const coupons = http.get('*/api/*/account/promoCodeList', () =>
  HttpResponse.json(pageOf([{ id: 'c1', code: 'MONTHLY5', description: 'USD 5 off', percentOff: null, amountOffCents: 500, expiresAt: '2026-04-01T00:00:00.000Z', status: 'active' }])),
);
const empty = ['*/api/*/order/list', '*/msapi/*/project/list', '*/api/*/account/promoCodeList'].map((path) => http.get(path, () => HttpResponse.json(pageOf([]))));

const meta = {
  title: 'Features/Account/AccountHome',
  component: AccountHome,
  args: { user: storyCustomer() },
  decorators: [(Story) => <AppFrame path="/user/home" wide><Story /></AppFrame>],
} satisfies Meta<typeof AccountHome>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A business account with its success manager, ordering for customers too. */
export const Filled: Story = {
  args: { user: storyCustomer({ member: true, isEntrustOrderAccount: true, customerManger: { name: 'Sam Success', email: 'sam.success@manufacture.local' } }) },
  parameters: { msw: { handlers: [orders, projects, coupons] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Your customer success manager' })).toHaveTextContent('Sam Success');
    await expect(await canvas.findByRole('link', { name: 'W25000412' }, { timeout: 5000 })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: 'Gripper fingers' }, { timeout: 5000 })).toBeInTheDocument();
    await expect(await canvas.findByText('MONTHLY5', {}, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** A new customer: every list empty, each leading to a first quote. */
export const Empty: Story = {
  parameters: { msw: { handlers: empty } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No orders yet' }, { timeout: 5000 })).toBeInTheDocument();
    await expect(await canvas.findByRole('heading', { name: 'No quotes yet' }, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** The email waits for activation: the reminder with its resend button. */
export const NotActivated: Story = {
  args: { user: storyCustomer({ activationEmail: 'dana@example.com' }) },
  parameters: { msw: { handlers: empty } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Send the activation email again' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: ['*/api/*/order/list', '*/msapi/*/project/list', '*/api/*/account/promoCodeList'].map((path) => http.get(path, async () => { await delay('infinite'); return HttpResponse.json({}); })) },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your orders…' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: {
    msw: { handlers: ['*/api/*/order/list', '*/msapi/*/project/list', '*/api/*/account/promoCodeList'].map((path) => http.get(path, () => HttpResponse.json({ message: 'Unexpected error, please contact customer service.' }, { status: 500 }))) },
  },
  play: async ({ canvasElement }) => {
    // Each list says so on its own: coupons, orders, quotes.
    await waitFor(() => expect(within(canvasElement).getAllByRole('alert')).toHaveLength(3), { timeout: 5000 });
  },
};
