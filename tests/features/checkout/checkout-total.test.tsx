import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { CheckoutTotal } from '#features/checkout/components/checkout-total';

test('a checked coupon shows its discount line, described by its amount or its percent, and the total after it (ADR 165)', () => {
  const { rerender } = render(
    <CheckoutTotal subtotalCents={12_000} referralPercent={null} coupon={{ code: 'MONTHLY5', percentOff: null, amountOffCents: 500, subtotalCents: 12_000, discountCents: 500, totalCents: 11_500 }} />,
  );
  expect(screen.getByText('Coupon MONTHLY5 ($5.00 off)')).toBeInTheDocument();
  expect(screen.getByTestId('coupon-discount')).toHaveTextContent('-$5.00');
  expect(screen.getByTestId('checkout-total')).toHaveTextContent('$115.00');
  rerender(<CheckoutTotal subtotalCents={12_000} referralPercent={null} coupon={{ code: 'TEN10', percentOff: 10, amountOffCents: null, subtotalCents: 12_000, discountCents: 1_200, totalCents: 10_800 }} />);
  expect(screen.getByText('Coupon TEN10 (10% off)')).toBeInTheDocument();
  expect(screen.getByTestId('checkout-total')).toHaveTextContent('$108.00');
  rerender(<CheckoutTotal subtotalCents={12_000} referralPercent={null} />);
  expect(screen.queryByTestId('coupon-discount')).not.toBeInTheDocument();
  expect(screen.getByTestId('checkout-total')).toHaveTextContent('$120.00');
});
