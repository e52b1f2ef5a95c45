import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OpsReviews } from '#features/ops/components/ops-reviews';
import { opsReview, reviewList } from '../../support/ops-queue-fixtures.ts';
import { ScreenFrame } from '../../support/page-frame.tsx';

const list = '*/api/*/ops/reviews';
const answer = '*/api/*/ops/reviews/:id/answer';
const wait = { timeout: 10_000 };
const PART = 'drone-arm-bracket.stl';

/** The queue answers the review until it is answered; a lead time out of 1–365 is refused on its field. */
function queue() {
  let answered = false;
  return [
    http.get(list, () => HttpResponse.json(answered ? reviewList([]) : reviewList())),
    http.post(answer, async ({ request }) => {
      const body = (await request.json()) as { decision: string; unitPrice?: string; leadTimeDays?: number; reason?: string };
      if (body.decision === 'price' && (!body.leadTimeDays || body.leadTimeDays < 1 || body.leadTimeDays > 365)) {
        return HttpResponse.json({ message: 'Please check the highlighted fields.', errors: { leadTimeDays: ['Too small: expected number to be >=1'] } }, { status: 422 });
      }
      answered = true;
      return HttpResponse.json(opsReview({ status: body.decision === 'price' ? 'answered' : 'refused' }));
    }),
  ];
}

const meta = {
  title: 'Features/Ops/OpsReviews',
  component: OpsReviews,
  decorators: [(Story) => <ScreenFrame path="/ops/reviews"><Story /></ScreenFrame>],
  parameters: { msw: { handlers: queue() } },
} satisfies Meta<typeof OpsReviews>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A part waiting: what the customer sent and why, the findings, and its files to download. */
export const Default: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const review = await canvas.findByRole('article', { name: `${PART} · Drone frame` }, wait);
    await expect(review).toHaveTextContent('Customer: ada@buyer.example');
    await expect(review).not.toHaveTextContent('3d-printing');
    await expect(review).toHaveTextContent('The wall by the hinge is thinner than the process allows.');
    await expect(review).toHaveTextContent('A wall is 0.6 mm thick; the process needs 0.8 mm.');
    const files = within(review);
    for (const name of [PART, 'bracket-drawing.pdf', 'loads.pdf']) await expect(files.getByRole('button', { name: `Download ${name}` })).toBeInTheDocument();
  },
};

/** Answered with a price, a lead time and a message: said on the page, the part gone from the queue. */
export const AnswerWithAPrice: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: `Answer with a price for ${PART}` }, wait));
    const dialog = within(await body.findByRole('dialog', { name: `Price for ${PART}` }, wait));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Unit price (US dollars)' }), '48.50');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Lead time (working days)' }), '0');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Message to the customer (optional)' }), 'Printed with the wall thickened to 0.8 mm.');
    await userEvent.click(dialog.getByRole('button', { name: 'Send the answer' }));
    const leadTime = dialog.getByRole('textbox', { name: 'Lead time (working days)' });
    await waitFor(() => expect(leadTime).toHaveAttribute('aria-invalid', 'true'), wait);
    await expect(leadTime).toHaveAccessibleDescription(/whole number of working days from 1 to 365/);
    await userEvent.clear(leadTime);
    await userEvent.type(leadTime, '7');
    await userEvent.click(dialog.getByRole('button', { name: 'Send the answer' }));
    await expect(await canvas.findByText(`The answer for ${PART} is sent to the customer.`, {}, wait)).toBeInTheDocument();
    await expect(await canvas.findByRole('heading', { name: 'Nothing is waiting.' }, wait)).toBeInTheDocument();
  },
};

/** Refused with the reason the customer reads. */
export const Refuse: Story = {
  parameters: { msw: { handlers: queue() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: `Refuse ${PART}` }, wait));
    const dialog = within(await body.findByRole('dialog', { name: `Refuse ${PART}` }, wait));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason the customer will read' }), 'The wall cannot be printed this thin.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    await expect(await canvas.findByText(`The refusal for ${PART} is sent to the customer.`, {}, wait)).toBeInTheDocument();
  },
};

/** A model file removed after its retention period, no drawing, no reasons (the customer asked anyway). */
export const ModelRemoved: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json(reviewList([opsReview({ model: null, drawing: null, attachments: [], reasons: [], findings: [], partNote: null })])))] } },
  play: async ({ canvasElement }) => {
    const review = await within(canvasElement).findByRole('article', { name: `${PART} · Drone frame` }, wait);
    await expect(review).toHaveTextContent('The model file was removed after its retention period.');
    await expect(review).toHaveTextContent('It could be priced; the customer asked anyway.');
    await expect(within(review).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  },
};

/** More waiting than the server lists: the queue says it shows the oldest of them. */
export const MoreWaiting: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json({ ...reviewList(), total: 230 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Showing the oldest 1 of 230.', {}, wait)).toBeInTheDocument();
  },
};

/** A role without `reviews.answer`: the server's refusal. */
export const NotAllowed: Story = {
  parameters: { msw: { handlers: [http.get(list, () => HttpResponse.json({ message: 'Your role does not allow this.' }, { status: 403 }))] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, wait)).toHaveTextContent('Your role does not allow this.');
  },
};
