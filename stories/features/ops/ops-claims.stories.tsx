import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OpsClaims } from '#features/ops/components/ops-claims';
import { afterSale } from '../../support/order-fixtures.ts';
import { SECOND_CLAIM, claimList, opsClaim } from '../../support/ops-queue-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/ops/claims';
const decide = '*/api/*/ops/claims/:id/decide';
const wait = { timeout: 10_000 };

/** The queue answers both claims until one is decided, then the one left. */
function queue() {
  let decided = false;
  return [
    http.get(list, () => HttpResponse.json(decided ? claimList([SECOND_CLAIM]) : claimList())),
    http.post(decide, async ({ request }) => {
      const body = (await request.json()) as { decision: string; reason?: string };
      if (body.decision === 'refuse' && !body.reason?.trim()) {
        return HttpResponse.json({ message: 'Please give the reason the customer will read.', errors: { reason: ['Please give the reason the customer will read.'] } }, { status: 422 });
      }
      decided = true;
      const claim =
        body.decision === 'approve'
          ? afterSale({ status: 'accepted', decision: { decidedAt: '2026-12-01T09:00:00.000Z', refusalReason: null, refabrication: { id: 'order-77', number: 'W26124001' } } })
          : afterSale({ status: 'rejected', decision: { decidedAt: '2026-12-01T09:00:00.000Z', refusalReason: body.reason ?? null, refabrication: null } });
      return HttpResponse.json(opsClaim({ claim }));
    }),
  ];
}

const meta = {
  title: 'Features/Ops/OpsClaims',
  component: OpsClaims,
  decorators: [(Story) => <ScreenFrame path="/ops/claims"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: queue() } },
} satisfies Meta<typeof OpsClaims>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The claims waiting, oldest first: the customer, their reason, the products with what other claims already hold. */
export const Default: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = await canvas.findByRole('article', { name: 'Claim AS26000042 · order W26123456' }, wait);
    await expect(first).toHaveTextContent('What the customer says: Two brackets arrived cracked.');
    await expect(first).toHaveTextContent('drone-arm-bracket: 2 of 4 ordered; 1 already held by another claim');
    await expect(within(first).getByRole('link', { name: 'Open order W26123456' })).toBeInTheDocument();
    await expect(canvas.getByRole('article', { name: 'Claim AS26000043 · order W26123999' })).toHaveTextContent('The customer gave no reason.');
  },
};

/** Approved from its dialog: the refabrication's number is said and the claim leaves the queue. */
export const Approve: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Approve claim AS26000042' }, wait));
    const dialog = within(await body.findByRole('dialog', { name: 'Approve claim AS26000042?' }, wait));
    await expect(dialog.getByText(/made again at no charge/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText('Claim AS26000042 approved: order W26124001 made at no charge.', {}, wait)).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'Claim AS26000042 · order W26123456' })).not.toBeInTheDocument(), wait);
    await expect(await canvas.findByRole('article', { name: 'Claim AS26000043 · order W26123999' }, wait)).toBeInTheDocument();
  },
};

/** Refused without a reason: the server's refusal said once, on the field (no alert repeating it); the dialog stays open. */
export const RefuseNeedsAReason: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Refuse claim AS26000042' }, wait));
    const dialog = within(await body.findByRole('dialog', { name: 'Refuse claim AS26000042' }, wait));
    await userEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason the customer will read' });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'), wait);
    await expect(reason).toHaveAccessibleDescription('Please give the reason the customer will read.');
    await expect(dialog.getAllByText('Please give the reason the customer will read.')).toHaveLength(1);
    await expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Refused with the reason the customer reads: said on the page, the claim gone from the queue. */
export const Refuse: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Refuse claim AS26000042' }, wait));
    const dialog = within(await body.findByRole('dialog', { name: 'Refuse claim AS26000042' }, wait));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason the customer will read' }), 'The photos show damage from a fall after delivery.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    await expect(await canvas.findByText('Claim AS26000042 refused.', {}, wait)).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'Claim AS26000042 · order W26123456' })).not.toBeInTheDocument(), wait);
  },
};

/** Nothing waiting. */
export const Empty: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(claimList([])))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Nothing is waiting.' }, wait)).toBeInTheDocument();
  },
};

/** A role without `claims.decide` (a success manager): the server's refusal and a way to try again. */
export const NotAllowed: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json({ message: 'Your role does not allow this.' }, { status: 403 }))] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, wait)).toHaveTextContent('Your role does not allow this.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
