import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ReloadAmountForm } from '#features/rewards/components/reload-amount-form';
import { CheckoutTotal } from '#features/checkout/components/checkout-total';
import { reloadLink } from '#features/checkout/components/payment-views';
import { I18nRoot } from '#lib/i18n/i18n';
import { FRENCH_LOCALE, messagesFr } from '#lib/i18n/messages-fr';

describe('the reload amount', () => {
  test('runs the shared reload rule: 99.5 and 50 are refused in its words, 100 goes on', async () => {
    const onChoose = vi.fn();
    render(<ReloadAmountForm balanceCents={8_800} onChoose={onChoose} />);
    const user = userEvent.setup();
    expect(screen.getByText('Your balance now: $88.00')).toBeInTheDocument();
    const amount = screen.getByRole('textbox', { name: 'Amount (USD)' });
    await user.type(amount, '99.5{Enter}');
    // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first submit waits for them.
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining('Please enter a whole number of US dollars.')));
    await user.clear(amount);
    await user.type(amount, '50{Enter}');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('The minimum reload is USD 100.'));
    expect(onChoose).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '100{Enter}');
    expect(onChoose).toHaveBeenCalledWith(100);
  });

  test('in French too (the catalogue), with the same rule', () => {
    render(
      <I18nRoot messages={messagesFr} messagesLocale={FRENCH_LOCALE}>
        <ReloadAmountForm balanceCents={0} initialAmount="100" onChoose={() => {}} />
      </I18nRoot>,
    );
    expect(screen.getByRole('textbox', { name: 'Montant (USD)' })).toHaveValue('100');
  });
});

describe('from the payment page and back', () => {
  test('the shortfall link suggests the shortfall in whole dollars, at least the minimum, and names the order', () => {
    expect(reloadLink('order-1', 1_200)).toBe('/user/account/balance/reload?order=order-1&amount=100');
    expect(reloadLink('order 1', 15_001)).toBe('/user/account/balance/reload?order=order%201&amount=151');
  });

  test('the checkout total shows a friend’s first-order discount with the server’s rounding', () => {
    render(<CheckoutTotal subtotalCents={12_345} referralPercent={10} />);
    expect(screen.getByText('Referral: 10% off your first order')).toBeInTheDocument();
    expect(screen.getByTestId('referral-discount')).toHaveTextContent('-$12.35');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$111.10');
  });
});
