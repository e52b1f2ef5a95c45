import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { PaymentPanel } from '#features/checkout/components/payment-panel';

// The card rules' chunk cannot be fetched (a deploy replaced it, the network dropped): ADR 140.
vi.mock('#domain/rules/checkout-suites', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

test('card rules that cannot be fetched: the card form says to reload, and nothing is paid', { timeout: 90_000 }, async () => {
  const pay = vi.fn();
  render(<PaymentPanel amountCents={12_345} methods={['card']} pay={pay} />);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('radio', { name: /Credit card \(USD\)/ }));
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/40');
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await user.click(screen.getByRole('button', { name: 'Continue to confirm' }));
  expect(await screen.findByText('Unknown error, please reload the page.')).toHaveAttribute('role', 'alert');
  expect(pay).not.toHaveBeenCalled();
});
