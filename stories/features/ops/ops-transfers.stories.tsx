import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { AwaitingTransfer } from '#domain/api/ops';
import { OpsTransfers } from '#features/ops/components/ops-transfers';
import { CUSTOMER } from '../../support/ops-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const transfers: AwaitingTransfer[] = [
  { kind: 'order', id: 'o1', reference: 'W26123456', dueCents: 123_450, currency: 'USD', customer: CUSTOMER, since: '2026-11-20T09:00:00.000Z' },
  { kind: 'additional_cost', id: 'a1', reference: 'AC26000012', dueCents: 4_200, currency: 'USD', customer: CUSTOMER, since: '2026-11-21T09:00:00.000Z' },
  { kind: 'reload', id: 'r1', reference: 'R20261122-ABC123', dueCents: 50_000, currency: 'USD', customer: CUSTOMER, since: '2026-11-22T09:00:00.000Z' },
];

const meta = {
  title: 'Features/Ops/OpsTransfers',
  component: OpsTransfers,
  decorators: [(Story) => <ScreenFrame path="/ops/transfers"><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/*/ops/transfers', () => HttpResponse.json({ list: transfers, total: transfers.length })),
        http.post('*/api/*/ops/transfers/confirm', () => HttpResponse.json({ kind: 'order', number: 'W26123456', status: 'paid', creditedCents: 1_000 })),
      ],
    },
  },
} satisfies Meta<typeof OpsTransfers>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Orders, additional costs and reloads waiting, oldest first. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('row', { name: /R20261122-ABC123/ })).toHaveTextContent('Any amount');
  },
};

/** The amount received says what will happen before the button is pressed: here, over by $10.00. */
export const ConfirmOver: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Confirm the transfer for W26123456' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Amount received (USD)' }), '1244.50');
    await expect(dialog.getByRole('status')).toHaveTextContent('Over by $10.00');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText('W26123456 is paid; $10.00 went to the customer’s balance.', { selector: 'p' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get('*/api/*/ops/transfers', () => HttpResponse.json({ list: [], total: 0 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No transfer is waiting.' })).toBeInTheDocument();
  },
};
