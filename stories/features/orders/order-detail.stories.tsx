import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Order } from '#domain/api/order';
import { OrderDetail } from '#features/orders/components/order-detail';
import { ORDER_ID, order } from '../../support/order-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const one = '*/api/*/order/:id';
const answer = (value: Order) => ({ msw: { handlers: [http.get(one, () => HttpResponse.json(value))] } });
const clipboard = async () => {};

const meta = {
  title: 'Features/Orders/OrderDetail',
  component: OrderDetail,
  args: { orderId: ORDER_ID, writeText: clipboard },
  decorators: [(Story) => <ScreenFrame path={`/user/order/detail/${ORDER_ID}`}><Story /></ScreenFrame>],
  parameters: answer(order('shipped')),
} satisfies Meta<typeof OrderDetail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Shipped: two packages with their tracking numbers, each with a copy button; the review can be given already. */
export const Shipped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tracking = await canvas.findByRole('region', { name: 'Tracking' });
    await userEvent.click(within(tracking).getByRole('button', { name: 'Copy tracking number JD0146000012345678' }));
    await expect(within(tracking).getByRole('button', { name: 'Copied tracking number JD0146000012345678' })).toHaveTextContent('Copied');
  },
};

/** The browser refused the clipboard: the customer is told to copy by hand, and the number stays on screen. */
export const CopyRefused: Story = {
  args: { writeText: () => Promise.reject(new Error('NotAllowedError')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Copy order ID W26123456' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Unable to copy, please copy it manually.');
  },
};

/** Delivered and not yet reviewed: the review form (stars; workmanship, product, service, logistics; comments). */
export const Delivered: Story = {
  parameters: answer(order('delivered')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const review = await canvas.findByRole('region', { name: 'Your review' });
    await userEvent.click(within(review).getByRole('button', { name: 'Send the review' }));
    // The form's rules arrive a moment after it draws (ADR 140): the first check waits for them.
    await waitFor(() => expect(within(review).getAllByText('Please give a rating from 1 to 5.')).toHaveLength(5), { timeout: 5000 });
  },
};

/** The review given, shown back on the order. */
export const Reviewed: Story = {
  parameters: answer(
    order('delivered', {
      review: { stars: 5, workmanship: 4, product: 5, service: 5, logistics: 3, comments: 'Crisp edges, the nylon is exactly as described.', createdAt: '2026-11-29T10:00:00.000Z' },
      actions: { pay: false, cancel: false, review: false, afterSale: true, agencyLink: false, reorder: true },
    }),
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: 'Your review' })).toHaveTextContent('4 out of 5');
  },
};

/** Awaiting payment: pay it, a payment link for someone else, the proforma invoice, cancel. */
export const Unpaid: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/*/order/:id/agency-link', () =>
          HttpResponse.json({ token: 'tok', url: 'https://manufacture.example/manufacture/checkout/agency-payment?token=Xy7kP2qRw9', expiresAt: '2026-11-27T09:30:00.000Z' }, { status: 201 }),
        ),
        http.get(one, () => HttpResponse.json(order('pending_payment'))),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create a payment link' }));
    await expect(await canvas.findByRole('textbox', { name: 'Payment link' })).toHaveValue('https://manufacture.example/manufacture/checkout/agency-payment?token=Xy7kP2qRw9');
  },
};

/** Cancelling asks first, says what follows (nothing was paid; the coupon comes back), and starts on "Keep the order". */
export const CancelConfirmation: Story = {
  parameters: answer(order('pending_payment')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Cancel order W26123456?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus());
  },
};

export const Cancelled: Story = {
  parameters: answer(order('cancelled', { actions: { pay: false, cancel: false, review: false, afterSale: false, agencyLink: false, reorder: true } })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Download the order (PDF)' })).toBeInTheDocument();
  },
};

/** Placed by an entrust-order account for its customer: the customer's email, platform order number and note. */
export const ForACustomer: Story = {
  parameters: answer(order('paid', { entrust: { customerEmail: 'buyer@shop.example', platformOrderNumber: 'SHOP-7781', customerNote: 'Gift wrapped, with the invoice left out of the box.' } })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: 'Ordered for your customer' })).toHaveTextContent('SHOP-7781');
  },
};

/** The model files are gone (3 months): no reorder, and why. */
export const FilesGone: Story = {
  parameters: answer(order('delivered', { actions: { pay: false, cancel: false, review: false, afterSale: true, agencyLink: false, reorder: false } })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/cannot be quoted again/)).toBeInTheDocument();
  },
};

/** The findings the customer saw at checkout travel with the products: each with what to do. */
export const WithFindings: Story = {
  parameters: (() => {
    const base = order('paid');
    const [first, second] = base.products;
    return answer({
      ...base,
      products: [
        {
          ...first!,
          findings: [
            {
              code: 'thin-wall',
              severity: 'warning',
              message: 'Walls are as thin as 0.6 mm in one region; this material needs at least 1 mm.',
              fixHint: 'Thicken the highlighted walls to at least 1 mm, or choose a material that allows thinner walls.',
            },
            {
              code: 'orientation-repaired',
              severity: 'info',
              message: '6 facets flipped so that every shell faces outwards consistently; the volume, area and preview use the repaired model.',
              fixHint: 'Nothing to do: the repaired model is the one shown and priced.',
            },
          ],
        },
        second!,
      ],
    });
  })(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'What we found in the models' });
    await expect(within(region).getByRole('heading', { name: 'drone-arm-bracket' })).toBeInTheDocument();
    await expect(within(region).getByText(/Walls are as thin as 0\.6 mm/)).toBeInTheDocument();
    await expect(within(region).getByText(/Thicken the highlighted walls/)).toBeInTheDocument();
  },
};

/** On a phone every product is a card, each value under its own label: nothing runs together. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  parameters: answer(order('delivered')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Order W26123456' })).toBeInTheDocument();
  },
};

/** An order that does not exist (or is another account's): "Order id not found.". */
export const NotFound: Story = {
  parameters: { msw: { handlers: [http.get(one, () => HttpResponse.json({ message: 'Can not found an order.' }, { status: 404 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Order id not found.');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.get(one, async () => { await delay('infinite'); return HttpResponse.json({}); })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the order…');
  },
};
