import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { PayResponse } from '#domain/api/payment';
import { CHECKOUT_MESSAGES } from '#domain/rules/checkout-rules';
import { PaymentPanel } from '#features/checkout/components/payment-panel';
import { I18nRoot } from '#lib/i18n/i18n';
import { FRENCH_LOCALE, messagesFr } from '#lib/i18n/messages-fr';

function paid(): PayResponse {
  return {
    subject: { kind: 'order', id: 'o1', number: 'W25000001', status: 'paid' },
    payment: {
      id: 'p1',
      method: 'card',
      status: 'succeeded',
      amountCents: 12_345,
      currency: 'USD',
      provider: 'sandbox',
      cardBrand: 'visa',
      cardLast4: '4242',
      declineCode: null,
      message: null,
      via: 'owner',
      createdAt: '2026-11-27T10:00:00Z',
    },
    balanceCents: null,
    bankTransfer: null,
    message: '',
  };
}

describe('the payment panel', () => {
  test('checks the card with the shared payment rules, then confirms and pays, all in the catalogue’s words', { timeout: 90_000 }, async () => {
    const pay = vi.fn(async () => paid());
    render(<PaymentPanel amountCents={12_345} methods={['balance', 'card', 'bank_transfer']} pay={pay} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByTestId('amount-due')).toHaveTextContent('$123.45');
    expect(screen.getAllByText(/Amount due/)).toHaveLength(1);
    expect(screen.getByTestId('payment-status')).toBeEmptyDOMElement();

    await user.click(screen.getByRole('radio', { name: /Credit card \(USD\)/ }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4241');
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '01/20');
    await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Continue to confirm' }));
    // The form's rules arrive with their chunk a moment after it draws (ADR 140): the first submit waits for them.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription(expect.stringContaining(CHECKOUT_MESSAGES.cardNumberInvalid)));
    expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveAccessibleDescription(expect.stringContaining(CHECKOUT_MESSAGES.cardExpiryInvalid));
    expect(screen.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveAccessibleDescription(expect.stringContaining(CHECKOUT_MESSAGES.cardCvcInvalid));

    await user.clear(screen.getByRole('textbox', { name: 'Card number' }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await user.clear(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }));
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/39');
    await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '3');
    await user.click(screen.getByRole('button', { name: 'Continue to confirm' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your payment' })).toBeInTheDocument();
    expect(screen.getByText(/You are paying/)).toHaveTextContent('You are paying $123.45 by card ending 4242.');
    await user.click(screen.getByRole('button', { name: 'Pay $123.45' }));
    await waitFor(() => expect(screen.getByTestId('payment-status')).toHaveTextContent('Payment of $123.45 received.'));
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ method: 'card', card: expect.objectContaining({ number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' }) }));
  });

  test('speaks French with the French catalogue (the locale stays en-US for numbers)', async () => {
    render(
      <I18nRoot messages={messagesFr} messagesLocale={FRENCH_LOCALE}>
        <PaymentPanel amountCents={12_345} methods={['balance', 'card', 'bank_transfer']} balanceCents={10_000} pay={async () => paid()} />
      </I18nRoot>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Moyen de paiement' })).toBeInTheDocument();
    expect(screen.getByText('Votre solde : $100.00 — il manque $23.45 pour le montant dû')).toBeInTheDocument();
    expect(screen.getByText(/Nous indiquons nos comptes en USD, HKD, EUR, GBP, and RMB/)).toBeInTheDocument();
  });

  test('a short balance links to the reload page the caller names (the order and the amount), and follows a new balance', async () => {
    const { rerender } = render(
      <PaymentPanel amountCents={12_345} methods={['balance', 'card']} balanceCents={11_145} canReload reloadHref={(short) => `/user/account/balance/reload?order=o1&short=${short}`} pay={async () => paid()} />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Prepaid balance/ }));
    expect(screen.getByText('Your balance: $111.45 — $12.00 short of the amount due')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload your balance' })).toHaveAttribute('href', '/user/account/balance/reload?order=o1&short=1200');
    // Back from the reload page: the balance the session now holds.
    rerender(
      <PaymentPanel amountCents={12_345} methods={['balance', 'card']} balanceCents={21_145} canReload reloadHref={(short) => `/user/account/balance/reload?order=o1&short=${short}`} pay={async () => paid()} />,
    );
    expect(await screen.findByText('Your balance: $211.45')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reload your balance' })).toBeNull();
  });
});
