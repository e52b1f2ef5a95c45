import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BillingAddressFields, useBillingAddressFieldset } from '#features/account/components/billing-address-fields';
import { ShippingAddressFields, useShippingAddressFieldset } from '#features/account/components/shipping-address-fields';
import { OrderConfirmation } from '#features/checkout/components/order-confirmation';
import { AppFrame, storySession } from '../../support/app-frame.tsx';
import { storyCustomer } from '../account/fixtures.ts';
import { cart, checkoutHandlers, pendingHandler } from './fixtures.ts';

/** The confirmation with the address book's fieldsets for a new address, as the /checkout page composes it (ADR 085). */
function Confirmation({ entrust = false }: { entrust?: boolean }) {
  const shipping = useShippingAddressFieldset({ firstName: 'Dana', lastName: 'Demo', company: 'Demo Robotics Inc.', phoneCode: '+1', mobile: '4155550100' });
  const billing = useBillingAddressFieldset({ name: 'Dana Demo', companyName: 'Demo Robotics Inc.' });
  return (
    <OrderConfirmation
      user={{ isEntrustOrderAccount: entrust }}
      shipping={{ fieldset: shipping, fields: <ShippingAddressFields fieldset={shipping} legend="New shipping address" /> }}
      billing={{ fieldset: billing, fields: <BillingAddressFields fieldset={billing} legend="New billing address" /> }}
    />
  );
}

const meta = {
  title: 'Features/Checkout/OrderConfirmation',
  component: Confirmation,
  args: { entrust: false },
  decorators: [(Story) => <AppFrame path="/checkout" session={storySession(storyCustomer())} wide><Story /></AppFrame>],
  parameters: { msw: { handlers: checkoutHandlers() } },
} satisfies Meta<typeof Confirmation>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The cart's parts, the default addresses chosen, EXW with the carriers to collect, the coupon and PO fields. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Shipping address' })).toBeInTheDocument();
    await expect(canvas.getByText('drone-arm-bracket.stl')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Place order and pay' })).toBeInTheDocument();
  },
};

/** A coupon typed at checkout is checked at once: the total shows its discount line before the order (ADR 165). */
export const CouponApplied: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Coupon/ }), 'MONTHLY5');
    await expect(await canvas.findByTestId('coupon-discount')).toHaveTextContent('-$5.00');
    await expect(canvas.getByText('Coupon MONTHLY5 ($5.00 off)')).toBeInTheDocument();
  },
};

/** A coupon that cannot be used says why as soon as it is typed, and again if the order is placed with it. */
export const CouponRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Coupon/ }), 'OLD5');
    await expect(await canvas.findByText('This coupon has expired.')).toBeInTheDocument();
  },
};

/** Placing the order without a carrier: the field says what is missing, nothing is sent. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(canvas.getByRole('radiogroup', { name: /Carrier/ })).toHaveAttribute('aria-invalid', 'true'));
  },
};

/** A first order: no saved addresses, so the new-address fieldsets are open, filled from the account. */
export const NoSavedAddresses: Story = {
  parameters: { msw: { handlers: checkoutHandlers({ addresses: [], billing: [] }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('group', { name: 'New shipping address' })).toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: 'New billing address' })).toBeInTheDocument();
  },
};

/** An entrust-order account orders for its customers: their email and platform order number too. */
export const EntrustAccount: Story = {
  args: { entrust: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Place order and pay' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('textbox').length).toBeGreaterThan(5);
  },
};

/** A line that can no longer be ordered as it is: it says why, and only the other lines are ordered. */
export const LineWithProblem: Story = {
  parameters: {
    msw: {
      handlers: checkoutHandlers({
        cartAnswer: { ...cart, lines: [cart.lines[0]!, { ...cart.lines[1]!, problem: 'file-removed', problemMessage: 'This file was removed after 3 months; upload it again to order it.' }] },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This file was removed after 3 months; upload it again to order it.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: checkoutHandlers({ cartAnswer: 'pending' }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading your cart…');
  },
};

/** Nothing to order: the way back to a quote. */
export const EmptyCart: Story = {
  parameters: { msw: { handlers: checkoutHandlers({ cartAnswer: { ...cart, lines: [], totalCents: 0 } }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Get an instant quote' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: checkoutHandlers({ cartAnswer: 'error' }) } },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load your cart.');
    await expect(within(alert).getByRole('link', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Placing the order: the button is pending until the server answers. */
export const Placing: Story = {
  parameters: { msw: { handlers: [...checkoutHandlers().filter((h) => !String(h.info.path).includes('checkout/order')), pendingHandler('post', '*/api/*/checkout/order')] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /DHL/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: /account/i }), '965432100');
    await userEvent.click(canvas.getByRole('button', { name: 'Place order and pay' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: /Place order and pay/ })).toHaveAttribute('aria-disabled', 'true'));
  },
};
