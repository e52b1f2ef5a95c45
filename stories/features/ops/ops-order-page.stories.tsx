import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OpsOrderPage } from '#features/ops/components/ops-order-page';
import gearwheel from '../../support/gearwheel-thumbnail.png';
import { ORDER_ID } from '../../support/order-fixtures.ts';
import { ringStl } from '../../support/generated-mesh.ts';
import { opsOrder, opsRefabrication } from '../../support/ops-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const one = '*/api/*/ops/orders/:id';
const move = '*/api/*/ops/orders/:id/event';
const costs = '*/api/*/ops/orders/:id/additional-costs';

const meta = {
  title: 'Features/Ops/OpsOrderPage',
  component: OpsOrderPage,
  args: { orderId: ORDER_ID },
  decorators: [(Story) => <ScreenFrame path={`/ops/orders/${ORDER_ID}`}><Story /></ScreenFrame>],
  parameters: {
    msw: {
      // Named groups: a story replaces `order` and keeps the additional costs' answer.
      handlers: {
        costs: [http.get(costs, () => HttpResponse.json({ list: [] }))],
        // The product's picture, as the server draws it from the model (the parts table's drawer).
        preview: [
          http.get('*/api/*/ops/orders/:id/products/:productId/preview', async () =>
            HttpResponse.arrayBuffer(await (await fetch(gearwheel)).arrayBuffer(), { headers: { 'Content-Type': 'image/png' } }),
          ),
        ],
        // The product's mesh for the 3D view (binary STL, as the server answers it: ADR 231).
        mesh: [http.get('*/api/*/ops/orders/:id/products/:productId/mesh', () => HttpResponse.arrayBuffer(ringStl(), { headers: { 'Content-Type': 'application/octet-stream' } }))],
        order: [
        http.get(one, () => HttpResponse.json(opsOrder('paid'))),
        http.post(move, () =>
          HttpResponse.json(
            opsOrder('in_production', {
              audit: [{ id: 'a1', staffName: 'Olga Operator', staffEmail: 'olga@shop.example', action: 'order.start_production', before: { status: 'paid' }, after: { status: 'in_production' }, reason: null, at: '2026-11-28T10:00:00.000Z' }],
            }),
          ),
        ),
        ],
      },
    },
  },
} satisfies Meta<typeof OpsOrderPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A paid order: into production, or refund and cancel; the customer and their success manager; the card payment that paid it. */
export const Paid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Start production' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Refund and cancel' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Customer' })).toHaveTextContent('Sam Success');
    await expect(canvas.getByRole('region', { name: 'Payments' })).toHaveTextContent('$124.50');
    await expect(canvas.queryByText('Not paid yet')).not.toBeInTheDocument();
  },
};

/**
 * An approved claim's refabrication made at no charge (ADR 232): nothing to pay, no refund, and a
 * button to cancel it before it ships; the claim's approval in the audit, in words.
 */
export const Refabrication: Story = {
  parameters: {
    msw: {
      handlers: {
        order: [
          http.get(one, () =>
            HttpResponse.json({
              ...opsRefabrication('paid'),
              audit: [{ id: 'a1', staffName: 'Olga Operator', staffEmail: 'olga@shop.example', action: 'claim.approve', before: { status: 'submitted' }, after: { status: 'accepted', refabricationOrder: 'W26000321' }, reason: null, at: '2026-11-29T09:00:00.000Z' }],
            }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Cancel the refabrication' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Refund and cancel' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Payments' })).toHaveTextContent('Nothing to pay: made at no charge');
    await expect(canvas.getByRole('region', { name: 'Staff actions' })).toHaveTextContent('Status: from Waiting for a decision to Approved');
  },
};

/** Into production: the dialog says the customer is mailed; the page then shows the new status and the staff action. */
export const StartProduction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Start production' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Start production' }));
    await expect(await canvas.findByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Staff actions' })).toHaveTextContent('Olga Operator');
  },
};

/** Shipping asks for the carrier and the tracking number. */
export const Ship: Story = {
  parameters: { msw: { handlers: { order: [http.get(one, () => HttpResponse.json(opsOrder('in_production')))] } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Mark shipped' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByRole('textbox', { name: 'Carrier' })).toBeRequired();
    await expect(dialog.getByRole('textbox', { name: 'Tracking number' })).toBeRequired();
  },
};

/** A delivered order: nothing is open any more. */
export const Delivered: Story = {
  parameters: { msw: { handlers: { order: [http.get(one, () => HttpResponse.json(opsOrder('delivered')))] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing is open to you for this order now.')).toBeInTheDocument();
  },
};

/** Another success manager's order, or one that does not exist: the server's words and a way back. */
export const NotFound: Story = {
  parameters: { msw: { handlers: { order: [http.get(one, () => HttpResponse.json({ message: 'No order has this id.' }, { status: 404 }))] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('No order has this id.');
  },
};

/** Each product's files: its picture drawn from the model, the model and drawing to download, its findings and the customer's notes. */
export const Files: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const files = await canvas.findByRole('heading', { name: 'Files' });
    await expect(files).toBeInTheDocument();
    await expect(await canvas.findByRole('img', { name: /drawn from its model/ }, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Download / }).length).toBeGreaterThan(0);
    await expect(canvas.getByText('The two holes on the flange are for M4 bolts.')).toBeInTheDocument();
  },
};

/**
 * "View in 3D": the product's picture gives way to its model in 3D (the customer's canvas, from
 * ui/), turned with its buttons by the keyboard; the findings stay beside it. The button keeps the
 * focus, and closing brings the picture back.
 */
export const ViewIn3D: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: /drawn from its model/ }, { timeout: 5000 });
    const open = canvas.getAllByRole('button', { name: 'View in 3D' })[0]!;
    await userEvent.click(open);
    await expect(open).toHaveFocus();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(open).toHaveAccessibleName('Back to the picture');
    const model = await canvas.findByRole('img', { name: /^3D model of / }, { timeout: 15_000 });
    await waitFor(() => expect(model.querySelector('canvas')).not.toBeNull(), { timeout: 15_000 });
    const drawnCanvas = model.querySelector('canvas') as HTMLCanvasElement;
    await waitFor(() => expect(drawnCanvas.width).toBeGreaterThan(0));
    const moves = canvas.getByRole('group', { name: '3D view' });
    await userEvent.click(within(moves).getByRole('button', { name: 'Tilt down' }));
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(within(moves).getByRole('button', { name: 'Rotate right' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getAllByRole('heading', { name: 'Findings' }).length).toBeGreaterThan(0);
    // Two frames: the scene runs the commands and draws.
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  },
};

/** Closing the 3D view: the picture comes back and the button keeps the focus. */
export const Close3D: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('img', { name: /drawn from its model/ }, { timeout: 5000 });
    const button = canvas.getAllByRole('button', { name: 'View in 3D' })[0]!;
    await userEvent.click(button);
    await canvas.findByRole('img', { name: /^3D model of / }, { timeout: 15_000 });
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveFocus();
    await expect(button).toHaveAccessibleName('View in 3D');
    await expect(canvas.queryByRole('img', { name: /^3D model of / })).toBeNull();
    await expect(canvas.getAllByRole('img', { name: /drawn from its model/ }).length).toBeGreaterThan(0);
  },
};
