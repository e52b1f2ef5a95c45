import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { QuoteReview } from '#domain/api/quote';
import { defaultConfiguration } from '#domain/rules/quote-configuration';
import { ReviewPanel } from '#features/quote/components/review-panel';

const NOW = Date.UTC(2026, 10, 23, 9);
const configuration = { ...defaultConfiguration('3d-printing'), colourId: 'white', quantity: 2 };
const review = (fields: Partial<QuoteReview>): QuoteReview => ({
  id: 'r1',
  fileId: 'f1',
  status: 'pending',
  note: 'Housing for a pump: can it be made in two halves?',
  configuration,
  reasons: ['At 1000 × 1000 × 1000 mm the part does not fit the 600 × 600 × 400 mm build volume for Standard resin, in any orientation.'],
  attachments: [{ id: 'a1', name: 'housing-drawing.pdf', contentType: 'application/pdf', sizeBytes: 182_000, path: 'project/p/files/f1/review/attachments/a1' }],
  requestedAt: '2026-11-21T10:00:00.000Z',
  answer: null,
  refusal: null,
  ...fields,
});

const meta = {
  title: 'Features/Quote/ReviewPanel',
  component: ReviewPanel,
  args: {
    fileName: 'housing.step',
    review: null,
    unpriced: true,
    signedIn: true,
    loginHref: '/login?redirect=%2Fquote%2Fp%3Ffile%3Df1',
    sending: false,
    error: null,
    onSend: fn(),
    sameOptions: true,
    onUseReviewedOptions: fn(),
    onAddToCart: fn(),
    adding: false,
    now: NOW,
  },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof ReviewPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A part no machine can make: the request up front; the note is required before sending. */
export const SendForReview: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send for review' }));
    await expect(canvas.getByRole('textbox', { name: /Note for our engineers/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole('textbox', { name: /Note for our engineers/ }), 'In two halves, bonded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send for review' }));
    await expect(args.onSend).toHaveBeenCalledWith('In two halves, bonded.', []);
  },
};

/** Sent: in review, with the note and the drawing sent. */
export const InReview: Story = {
  args: { review: review({}) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'In review' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Download housing-drawing.pdf' })).toBeInTheDocument();
  },
};

/** Answered: the reviewed price, held 30 days, added to the cart like any other part. */
export const Answered: Story = {
  args: {
    review: review({
      status: 'answered',
      answer: { unitPriceCents: 48_550, totalCents: 97_100, leadTimeDays: 12, message: 'Made in two halves, bonded and sanded.', answeredAt: '2026-11-22T10:00:00.000Z', expiresAt: '2026-12-22T10:00:00.000Z', expired: false },
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('reviewed-price')).toHaveTextContent('$485.50 per part, $971.00 for 2, made in 12 working days after you order.');
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart at the reviewed price' }));
    await expect(args.onAddToCart).toHaveBeenCalled();
  },
};

/** Answered, but the options on screen are not the reviewed ones: one press takes them back. */
export const OptionsChanged: Story = {
  args: { ...Answered.args, sameOptions: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use the reviewed options' }));
    await expect(args.onUseReviewedOptions).toHaveBeenCalled();
    await expect(canvas.queryByRole('button', { name: 'Add to cart at the reviewed price' })).toBeNull();
  },
};

/** Refused: the reason, and the part can be sent again. */
export const Refused: Story = {
  args: { review: review({ status: 'refused', refusal: { reason: 'One metre in one piece is beyond our machines.', answeredAt: '2026-11-22T10:00:00.000Z' } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Our engineers cannot make it as it is: “One metre in one piece is beyond our machines.”')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send for review' })).toBeInTheDocument();
  },
};

/** A visitor: the answer is mailed, so an account is needed first. */
export const Visitor: Story = {
  args: { signedIn: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'log in or sign up' })).toHaveAttribute('href', expect.stringContaining('login?redirect='));
  },
};
