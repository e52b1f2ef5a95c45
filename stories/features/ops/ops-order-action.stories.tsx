import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { OpsOrderAction } from '#features/ops/components/ops-order-action';
import { opsOrder, opsRefabrication } from '../../support/ops-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const move = '*/api/*/ops/orders/:id/event';
const REASON = 'Please give the reason the customer will read.';

const meta = {
  title: 'Features/Ops/OpsOrderAction',
  component: OpsOrderAction,
  args: { order: opsOrder('paid').order, event: 'refund', onMoved: fn() },
  decorators: [(Story) => <ScreenFrame path="/ops/orders"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: [http.post(move, () => HttpResponse.json({ message: REASON, errors: { reason: [REASON] } }, { status: 422 }))] } },
} satisfies Meta<typeof OpsOrderAction>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A refund asks for the reason the customer reads; the server's refusal is said at the field. */
export const RefundNeedsAReason: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Refund and cancel' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeRequired();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), ' ');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund and cancel' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(REASON);
    await expect(args.onMoved).not.toHaveBeenCalled();
  },
};

/** Cancelling a refabrication (ADR 232): the dialog says the claim goes with it and nothing is refunded, and asks for the reason. */
export const CancelRefabricationDialog: Story = {
  args: { order: opsRefabrication('in_production').order, event: 'cancel_refabrication' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel the refabrication' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Cancel refabrication W26000321' }));
    await expect(dialog.getByText(/Cancelling it also cancels the claim/)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeRequired();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'The customer found the missing parts.');
    await expect(args.onMoved).not.toHaveBeenCalled();
  },
};

/**
 * A claim's refabrication made at no charge, cancelled before it ships (ADR 232): the dialog says
 * the claim goes with it and nothing is refunded, asks for the reason, and the page gets the answer.
 */
export const CancelRefabrication: Story = {
  args: { order: opsRefabrication('in_production').order, event: 'cancel_refabrication' },
  parameters: {
    msw: { handlers: [http.post(move, () => HttpResponse.json({ ...opsRefabrication('in_production'), order: { ...opsRefabrication('in_production').order, status: 'cancelled' }, events: [] }))] },
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel the refabrication' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Cancel refabrication W26000321' }));
    await expect(dialog.getByText(/Cancelling it also cancels the claim/)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeRequired();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'The customer found the missing parts.');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel the refabrication' }));
    await waitFor(() => expect(args.onMoved).toHaveBeenCalledWith(expect.objectContaining({ order: expect.objectContaining({ status: 'cancelled' }) })), { timeout: 5000 });
  },
};
