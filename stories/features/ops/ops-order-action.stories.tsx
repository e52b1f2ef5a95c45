import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OpsOrderAction } from '#features/ops/components/ops-order-action';
import { opsOrder } from '../../support/ops-fixtures.ts';
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
