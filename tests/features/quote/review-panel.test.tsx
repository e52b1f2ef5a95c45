import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ReviewPanel, type ReviewPanelProps } from '#features/quote/components/review-panel';

const props = (over: Partial<ReviewPanelProps> = {}): ReviewPanelProps => ({
  fileName: 'housing.step',
  review: null,
  unpriced: true,
  signedIn: true,
  loginHref: '/login',
  sending: false,
  error: null,
  onSend: vi.fn(),
  sameOptions: true,
  onUseReviewedOptions: vi.fn(),
  onAddToCart: vi.fn(),
  adding: false,
  now: Date.UTC(2026, 10, 23),
  ...over,
});

test('a file that is not a drawing, whatever its name, is said at once and holds the request back; a drawing goes with the note', { timeout: 20_000 }, async () => {
  const onSend = vi.fn();
  const { container } = render(<ReviewPanel {...props({ onSend })} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Note for our engineers/ }), 'Two halves');
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['solid cube\n'], 'drawing.pdf', { type: 'application/pdf' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('"drawing.pdf" is not a PDF, DXF, DWG, PNG or JPEG file (judging by its content)');
  await user.click(screen.getByRole('button', { name: 'Send for review' }));
  expect(onSend).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Take out drawing.pdf' }));
  const pdf = new File(['%PDF-1.7\n'], 'real.pdf', { type: 'application/pdf' });
  await user.upload(input, pdf);
  await user.click(screen.getByRole('button', { name: 'Send for review' }));
  expect(onSend).toHaveBeenCalledWith('Two halves', [pdf]);
});
