import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { OpsAdditionalCosts } from '#features/ops/components/ops-additional-costs';
import { additionalCost } from '../../support/order-fixtures.ts';
import { opsOrder } from '../../support/ops-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const costs = '*/api/*/ops/orders/:id/additional-costs';
const create = '*/api/*/ops/orders/:id/additional-cost';
const made = additionalCost({ id: 'ac-2', number: 'AC26000008', description: 'Extra sanding asked by phone', amountCents: 4_550 });

const meta = {
  title: 'Features/Ops/OpsAdditionalCosts',
  component: OpsAdditionalCosts,
  args: { order: opsOrder('paid').order, mayCharge: true },
  decorators: [(Story) => <ScreenFrame path="/ops/orders/x"><div className="max-w-xl p-4"><Story /></div></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.get(costs, () => HttpResponse.json({ list: [additionalCost()] })),
        http.post(create, async ({ request }) => {
          const body = (await request.json()) as { amount: string };
          if (body.amount === '0.50') return HttpResponse.json({ message: 'The amount must be US dollars, at least 1.00, e.g. 45 or 45.50.', errors: { amount: ['The amount must be US dollars, at least 1.00, e.g. 45 or 45.50.'] } }, { status: 422 });
          return HttpResponse.json({ list: [made, additionalCost()] }, { status: 201 });
        }),
      ],
    },
  },
} satisfies Meta<typeof OpsAdditionalCosts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The order's additional costs, and the button that makes one (an operator or an admin). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Extra polishing agreed on the phone/, {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add an additional cost' })).toBeInTheDocument();
  },
};

/** An amount under $1.00 is refused under the field; a right one is sent and listed first. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add an additional cost' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount (USD)' }), '0.50');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Extra sanding asked by phone');
    await userEvent.click(dialog.getByRole('button', { name: 'Send to the customer' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('at least 1.00');
    await expect(dialog.getByRole('textbox', { name: 'Amount (USD)' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Sent: the dialog closes and the new additional cost is listed. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add an additional cost' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount (USD)' }), '45.50');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Extra sanding asked by phone');
    await userEvent.click(dialog.getByRole('button', { name: 'Send to the customer' }));
    await expect(await canvas.findByText(/AC26000008/, {}, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** A success manager reads them; no button. */
export const ReadOnly: Story = {
  args: { mayCharge: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/AC26000007/, {}, { timeout: 5000 })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Add an additional cost' })).not.toBeInTheDocument();
  },
};
