/**
 * The sandbox card provider's test cards (ADR 053): the number decides the outcome. The payment
 * form names them in test mode; the sandbox provider answers by them.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** "4242 4242 4242 4242": a card number in groups of four, as printed on a card. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
