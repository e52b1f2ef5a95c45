/**
 * Checkout and payment rules (spec section 5: "At least one payment method must be selected",
 * "Credit card payment is USD only"), shared by the checkout forms and the server. The reload
 * amount's rules are in balance-rules.ts.
 */
export const CHECKOUT_MESSAGES = {
  shippingAddressRequired: 'Please choose a shipping address.',
  billingAddressRequired: 'Please choose a billing address.',
  carrierRequired: 'Please choose a carrier.',
  incotermExw: 'We ship on EXW (Incoterms 2020) terms only.',
  carrierAccountRequired: 'Please enter your account with the carrier (EXW: the carrier bills you for freight).',
  poNumberTooLong: 'The PO number can be at most 64 characters.',
  commentTooLong: 'The comment can be at most 1000 characters.',
  couponFormat: 'Please enter a valid coupon code.',
  entrustOnly: 'Only entrust-order accounts can enter a customer email, a platform order number or a customer note.',
  customerEmailInvalid: 'Please enter a valid customer email.',
  platformOrderNumberTooLong: 'The platform order number can be at most 64 characters.',
  customerNoteTooLong: 'The customer note can be at most 1000 characters.',
  paymentMethodRequired: 'Please select a payment method.',
  cardUsdOnly: 'Credit card payment is USD only.',
  /** Above every page when a production server takes only test cards (issue 32 item 12). */
  sandboxShop: 'Sandbox shop: card payments here are tests (use 4242 4242 4242 4242) and no money moves; nothing ordered here is made.',
  cardRequired: 'Please enter your card details.',
  cardNumberInvalid: 'Please enter a valid card number.',
  cardExpiryInvalid: 'Please enter a valid expiry date in the future.',
  cardCvcInvalid: 'Please enter the 3 or 4 digit security code.',
  ratingRange: 'Please give a rating from 1 to 5.',
  reviewTooLong: 'Comments can be at most 2000 characters.',
} as const;

/** Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardDigits(number: unknown): string {
  return typeof number === 'string' ? number.replace(/[\s-]/g, '') : '';
}

/** A card's expiry year as printed (`27`) or in full (`2027`): the full year. */
export function fullCardYear(expYear: number): number {
  return expYear < 100 ? 2000 + expYear : expYear;
}

/** The card expires at the end of its month; `now` decides. */
export function cardExpiryValid(expMonth: unknown, expYear: unknown, now: Date): boolean {
  if (typeof expMonth !== 'number' || typeof expYear !== 'number' || !Number.isInteger(expMonth) || !Number.isInteger(expYear)) return false;
  if (expMonth < 1 || expMonth > 12) return false;
  const year = fullCardYear(expYear);
  const endOfMonth = Date.UTC(year, expMonth, 1);
  return endOfMonth > now.getTime() && year < now.getUTCFullYear() + 100;
}

export const REVIEW_FIELDS = ['stars', 'workmanship', 'product', 'service', 'logistics'] as const;
