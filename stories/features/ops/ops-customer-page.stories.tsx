import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { OpsCustomerPage } from '#features/ops/components/ops-customer-page';
import { BALANCE_CHANGE, CUSTOMER_ID, RECORD_CHANGE, opsCustomerDetail, opsCustomerSummary } from '../../support/ops-customer-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const one = '*/api/*/ops/customers/:id';
const balance = '*/api/*/ops/customers/:id/balance';

const meta = {
  title: 'Features/Ops/OpsCustomerPage',
  component: OpsCustomerPage,
  args: { customerId: CUSTOMER_ID },
  decorators: [(Story) => <ScreenFrame path={`/ops/customers/${CUSTOMER_ID}`}><Story /></ScreenFrame>],
  parameters: {
    msw: {
      handlers: [
        http.get(one, () => HttpResponse.json(opsCustomerDetail())),
        http.patch(one, () =>
          HttpResponse.json(
            opsCustomerDetail({
              customer: opsCustomerSummary({ flags: { isRecharge: true, isEntrustOrderAccount: false, member: true, isChannel: false }, successManager: { name: 'Sam Success', email: 'sam@shop.example' } }),
              audit: [BALANCE_CHANGE, RECORD_CHANGE],
            }),
          ),
        ),
        http.post(balance, () => HttpResponse.json({ message: 'The balance cannot go below zero. ($25.00)', errors: { amount: ['The balance cannot go below zero. ($25.00)'] } }, { status: 422 })),
      ],
    },
  },
} satisfies Meta<typeof OpsCustomerPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An operator's view: the record's flags and success manager to change, the balance to adjust, the staff actions. */
export const Operator: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Customer Ada Buyer' }, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: 'May reload the balance' })).toBeChecked();
    await expect(canvas.getByRole('region', { name: 'Staff actions about this customer' })).toHaveTextContent('Balance: from $0.00 to $25.00');
  },
};

/** A flag set with the keyboard and saved: the page shows the record the server keeps and the audit line. */
export const SetAFlag: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const member = await canvas.findByRole('checkbox', { name: 'Member (business account)' }, { timeout: 10_000 });
    member.focus();
    await userEvent.keyboard(' ');
    await expect(member).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Save the record' }));
    const audit = canvas.getByRole('region', { name: 'Staff actions about this customer' });
    await expect(await within(audit).findByText('Member (business account): from no to yes', {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(audit).toHaveTextContent('Reason: Signed the business terms');
  },
};

/** A debit below zero: the ledger's refusal under the amount. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Adjust the balance' }, { timeout: 10_000 }));
    await userEvent.type(form.getByRole('textbox', { name: 'Amount (USD)' }), '-30');
    await userEvent.type(form.getByRole('textbox', { name: 'Reason' }), 'Correction');
    await userEvent.click(form.getByRole('button', { name: 'Adjust the balance' }));
    await expect(await form.findByRole('alert')).toHaveTextContent('cannot go below zero');
    await expect(form.getByRole('textbox', { name: 'Amount (USD)' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A success manager reads their customer's record; nothing to change, no balance form. */
export const SuccessManager: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(one, () =>
          HttpResponse.json(opsCustomerDetail({ mayManage: false, mayAdjustBalance: false, successManagers: [], customer: opsCustomerSummary({ successManager: { name: 'Sam Success', email: 'sam@shop.example' } }), audit: [] })),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: 'Member (business account)' }, { timeout: 10_000 })).toBeDisabled();
    await expect(canvas.queryByRole('form', { name: 'Adjust the balance' })).not.toBeInTheDocument();
    await expect(canvas.getByText('No staff action yet.')).toBeInTheDocument();
  },
};

/** Another success manager's customer, or none: the server's words and a way back. */
export const NotFound: Story = {
  parameters: { msw: { handlers: [http.get(one, () => HttpResponse.json({ message: 'No customer has this id.' }, { status: 404 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('No customer has this id.');
  },
};
