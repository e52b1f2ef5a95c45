import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AfterSale } from '#features/orders/components/after-sale-orders';
import { ORDER_ID, afterSale, order, page } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/order/after-sale/list';
const requests = page([
  afterSale(),
  afterSale({ id: 'as-2', number: 'AS26000031', status: 'accepted', orderNumber: 'SHOP-7781', wedoOrderNumber: 'W26120001', items: [{ productId: 'l', name: 'lid', originalQuantity: 10, quantity: 10 }] }),
  afterSale({ id: 'as-3', number: 'AS26000017', status: 'completed', items: [{ productId: 'a', name: 'hinge-left', originalQuantity: 2, quantity: 1 }, { productId: 'b', name: 'hinge-right', originalQuantity: 2, quantity: 1 }] }),
  afterSale({ id: 'as-4', number: 'AS26000009', status: 'rejected' }),
]);

const meta = {
  title: 'Features/Orders/AfterSale',
  component: AfterSale,
  decorators: [(Story) => <ScreenFrame path="/user/order/after-sale"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(requests))] } },
} satisfies Meta<typeof AfterSale>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The requests made (order number, Wedo order number, product and quantity, status); the form closed. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('row', { name: /AS26000031/ })).toHaveTextContent('Accepted');
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(page([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No after-sale orders' })).toBeInTheDocument();
  },
};

/** Opened from an order: the form is open with the order's products to choose from. */
export const FromAnOrder: Story = {
  args: { orderId: ORDER_ID },
  parameters: {
    msw: { handlers: [http.get(list, () => HttpResponse.json(page([]))), http.get('*/api/*/order/:id', () => HttpResponse.json(order('delivered')))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: /drone-arm-bracket/ }, { timeout: 5000 }));
    await expect(canvas.getByRole('textbox', { name: 'How many drone-arm-bracket to make again' })).toBeInTheDocument();
  },
};

/** Every rule of spec section 5 at once: order number, Wedo order number, at least one product. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Ask for parts to be made again' }));
    // The request form is a chunk of its own, loaded on demand (ADR 140).
    await userEvent.click(await canvas.findByRole('button', { name: 'Send the request' }, { timeout: 5000 }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Your order number' })).toHaveAccessibleDescription(expect.stringContaining('Order number is required.')), { timeout: 5000 });
    await expect(canvas.getByRole('textbox', { name: 'Wedo order number' })).toHaveAccessibleDescription(expect.stringContaining('Wedo order number is required.'));
    await expect(canvas.getByText('Please select at least one product.')).toBeInTheDocument();
  },
};

/** More than the original quantity: the rule says the original. */
export const QuantityAboveTheOriginal: Story = {
  args: { orderId: ORDER_ID },
  parameters: FromAnOrder.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: /drone-arm-bracket/ }, { timeout: 5000 }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'How many drone-arm-bracket to make again' }), '9');
    await userEvent.tab();
    await waitFor(
      () => expect(canvas.getByRole('textbox', { name: 'How many drone-arm-bracket to make again' })).toHaveAccessibleDescription('The refabricate quantity must not exceed the original quantity (4).'),
      { timeout: 5000 },
    );
  },
};
